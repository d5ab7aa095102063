// Real-time: the /ws socket, the hub that tracks sockets and subscriptions, the registry that caps each
// user's sockets (DECISIONS §3), and the event bus between instances. Routes publish with
// `app.realtime.publish(event)` after their transaction commits.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REALTIME } from '../../common/realtime.ts';
import { readSessionToken } from '../auth/cookies.ts';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../http/errors.ts';
import { MemoryBus } from './bus-memory.ts';
import { PostgresBus } from './bus-postgres.ts';
import { RedisBus } from './bus-redis.ts';
import { Hub, RealtimeSocket } from './hub.ts';
import { MemoryRegistry } from './registry-memory.ts';
import { PostgresRegistry } from './registry-postgres.ts';
import type { EventBus, Realtime, SocketRegistry } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    /** This instance's sockets and its bus (tests and the bench reach in; routes use `realtime`). */
    realtimeHub: { hub: Hub; bus: EventBus; registry: SocketRegistry };
  }
}

export interface RealtimeOptions {
  database: Database;
  pingIntervalMs?: number;
  sessionCheckMs?: number;
}

/** REALTIME_BUS, else PostgreSQL's bus on PostgreSQL and the in-process one on the embedded database. */
async function startBus(app: FastifyInstance, database: Database): Promise<EventBus> {
  const { bus, redisUrl, redisChannel } = app.config.realtime;
  const kind = bus ?? (database.kind === 'postgres' ? 'postgres' : 'memory');
  if (kind === 'memory') return new MemoryBus();
  // loadConfig refuses both cases; an app built by hand (tests, benches) gets told too.
  if (database.kind !== 'postgres' || !database.url) {
    throw new Error(`REALTIME_BUS=${kind} needs PostgreSQL: the embedded database runs one instance`);
  }
  if (kind === 'postgres') return PostgresBus.start({ url: database.url, db: app.db, log: app.log });
  if (!redisUrl) throw new Error('REALTIME_BUS=redis needs REDIS_URL');
  return RedisBus.start({ url: redisUrl, channel: redisChannel, log: app.log });
}

export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimeOptions) => {
    const { database } = opts;
    const shared = database.kind === 'postgres' ? database.url : undefined;
    const bus = await startBus(app, database);
    // The cap on each user's sockets (DECISIONS §3) counts them across instances on PostgreSQL.
    const registry: SocketRegistry = shared
      ? new PostgresRegistry({ db: app.db, log: app.log, open: () => hub.registered() })
      : new MemoryRegistry();
    const hub = new Hub({
      db: app.db,
      sessions: app.sessions,
      log: app.log,
      registry,
      publish: (event) => app.realtime.publish(event),
      pingIntervalMs: opts.pingIntervalMs,
      sessionCheckMs: opts.sessionCheckMs,
      onRateLimited: (rule) => app.metrics.rateLimited(rule),
    });
    bus.onEvent((event, sentAt, prerendered) => {
      // Another instance's event: how long it took to get here (clocks of different hosts may differ).
      if (sentAt !== undefined) app.metrics.busLag(Math.max(0, Date.now() - sentAt) / 1000);
      hub.handle(event, prerendered);
    });
    bus.onReconnect(() => {
      // Nothing to replay: the sockets reconnect and their clients refetch what they show.
      app.log.warn(
        'real-time bus reconnected; events published meanwhile were missed here: closing sockets (1012)',
      );
      hub.restartAll();
    });
    hub.start();
    if (registry instanceof PostgresRegistry) await registry.start();

    app.decorate('realtime', {
      publish: async (event, prerendered) => {
        app.metrics.published(event.kind);
        try {
          await bus.publish(event, prerendered);
        } catch (err) {
          // This instance has it already (the bus hands it over first); the others missed it. Access
          // changes still end there within one access check (hub.ts checkAccess, every minute).
          app.log.error({ err, kind: event.kind }, 'real-time publish failed: other instances missed it');
        }
      },
    } satisfies Realtime);
    app.decorate('realtimeHub', { hub, bus, registry });

    // Sockets close with 1001 before the server stops (unregistered first: one query, not one per socket);
    // the bus goes after them.
    app.addHook('preClose', async () => {
      await registry.close();
      await hub.close();
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });

    // An upgrade request answered over HTTP (403 cross-site in app.ts, 401, 404 on another path) owns a
    // socket that Node no longer watches: without this it stays open and app.close() waits for it forever.
    app.addHook('onResponse', async (request) => {
      const connection = request.headers.connection?.toLowerCase() ?? '';
      if (request.headers.upgrade && connection.includes('upgrade')) request.raw.socket.destroy();
    });

    // Encapsulated: the websocket plugin's hooks and route wrapping stay within /ws.
    await app.register(async (scope) => {
      await scope.register(websocket, {
        options: {
          maxPayload: REALTIME.maxMessageBytes,
          // ws builds our subclass (the plugin's types want the module itself here).
          WebSocket: RealtimeSocket as never,
          // The hub keeps its own registry.
          clientTracking: false,
        },
        // The hub has closed every socket already (preClose above).
        preClose: (done) => done(),
      });
      scope.get(
        REALTIME.path,
        {
          websocket: true,
          schema: {
            summary:
              'The realtime socket (WebSocket): threadline, inbox and presence events for the signed-in user',
            tags: ['realtime'],
            errors: { 401: 'Not signed in' },
          },
          // The auth plugin resolved the cookie; the cross-site check (403) ran in app.ts.
          preHandler: async (request) => {
            if (!request.user) throw unauthorized();
          },
        },
        (socket, request) => {
          // @fastify/websocket answered the upgrade through a ServerResponse bound to the socket; unbound,
          // it and the request it holds can be collected (about 5 KB per idle socket).
          const raw = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
          raw._httpMessage?.detachSocket(raw);
          const token = readSessionToken(request, app.config);
          hub.add(socket as RealtimeSocket, request.user!.id, token ? app.sessions.keyOf(token) : '');
        },
      );
    });
  },
  { name: 'realtime', dependencies: ['auth'] },
);
