// Prometheus metrics (GET /metrics, README "Monitoring"). Off unless METRICS_TOKEN or METRICS_PORT is set;
// off, `app.metrics` is a set of empty functions, so the one-line calls in the code cost nothing. Each app
// has its own registry (tests build many apps in one process). Gauges of state (sockets, pool, outbox) are
// read at scrape time; only events (requests, publishes, refusals, upload bytes) are counted as they happen.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { startLoopbackServer } from './loopback.ts';
import { outboxDepth } from './outbox.ts';

export interface Metrics {
  /** A real-time event this instance published on the bus. */
  published(kind: string): void;
  /** Bytes of an upload stored (both storage backends: counted when it is finalised). */
  uploadBytes(bytes: number): void;
  /** An attempt a rate limit refused, by its rule's name. */
  rateLimited(rule: string): void;
  /** Seconds from another instance's publish to this instance's receipt of the event. */
  busLag(seconds: number): void;
}

const noop = () => {};
export const noMetrics: Metrics = {
  published: noop,
  uploadBytes: noop,
  rateLimited: noop,
  busLag: noop,
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** The loopback listener of METRICS_PORT once the app is ready (tests read its port). */
    metricsServer: { port: number | undefined };
  }
}

/** Requests faster than 5 ms to slower than 10 s: where a page's API calls are and where they time out. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    const settings = app.config.metrics;
    app.decorate('metricsServer', { port: undefined });
    // Off, or only on its loopback port: the app's port answers 404 (not the client's page).
    if (!settings.token)
      app.get(
        '/metrics',
        { schema: { summary: 'Metrics are off here (404)', tags: ['metrics'] } },
        async (_request, reply) => reply.code(404).send({ message: 'Not found' }),
      );
    if (!settings.token && settings.port === undefined) {
      app.decorate('metrics', noMetrics);
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'threadline_' });
    const requests = new Histogram({
      name: 'threadline_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status, with their latency',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const published = new Counter({
      name: 'threadline_realtime_events_published_total',
      help: 'Real-time events this instance published on the bus, by kind',
      labelNames: ['kind'],
      registers: [registry],
    });
    const busLag = new Histogram({
      name: 'threadline_realtime_bus_lag_seconds',
      help: "Seconds from another instance's publish to this instance's receipt of the event",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const uploadBytes = new Counter({
      name: 'threadline_upload_bytes_total',
      help: 'Bytes of uploads stored',
      registers: [registry],
    });
    const refused = new Counter({
      name: 'threadline_rate_limit_refusals_total',
      help: 'Attempts refused by a rate limit, by rule',
      labelNames: ['rule'],
      registers: [registry],
    });
    registerStateGauges(app, registry, opts.database);

    app.decorate('metrics', {
      published: (kind) => published.inc({ kind }),
      uploadBytes: (bytes) => uploadBytes.inc(bytes),
      rateLimited: (rule) => refused.inc({ rule }),
      busLag: (seconds) => busLag.observe(seconds),
    } satisfies Metrics);

    // The route's template (/api/timelines/:id), never the raw URL: one series per route, not per id.
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    if (settings.token) {
      const expected = Buffer.from(`Bearer ${settings.token}`);
      const schema = {
        summary: 'Prometheus metrics (text format); Authorization: Bearer METRICS_TOKEN',
        tags: ['metrics'],
        errors: { 401: 'No or wrong bearer token' },
      };
      app.get('/metrics', { schema }, async (request: FastifyRequest, reply: FastifyReply) => {
        const given = Buffer.from(request.headers.authorization ?? '');
        // Constant time: the length is the only thing an attacker learns, and the token's length is no secret.
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: 'Authorization: Bearer METRICS_TOKEN is required' });
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }
    if (settings.port !== undefined) {
      const port = settings.port;
      let stop: (() => Promise<void>) | undefined;
      // At ready (awaited by listen, unlike onListen): a port already taken stops the start with its reason.
      app.addHook('onReady', async () => {
        const server = await startLoopbackServer(port, registry, app.log);
        app.metricsServer.port = server.port;
        stop = server.close;
      });
      app.addHook('onClose', async () => {
        await stop?.();
      });
    }
  },
  { name: 'metrics' },
);

/** What is true at scrape time: sockets, subscriptions, the hub's backlog, the pool, the mail outbox. */
function registerStateGauges(app: FastifyInstance, registry: Registry, database: Database) {
  const hub = () => app.realtimeHub?.hub;
  new Gauge({
    name: 'threadline_realtime_sockets',
    help: 'Open /ws sockets on this instance',
    registers: [registry],
    collect() {
      this.set(hub()?.sockets.size ?? 0);
    },
  });
  new Gauge({
    name: 'threadline_realtime_subscriptions',
    help: 'Threadlines followed over /ws on this instance (one per socket and threadline)',
    registers: [registry],
    collect() {
      let count = 0;
      for (const socket of hub()?.sockets ?? []) count += socket.subs?.size ?? 0;
      this.set(count);
    },
  });
  new Counter({
    name: 'threadline_realtime_messages_delivered_total',
    help: 'Messages this instance wrote to its /ws sockets',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(hub()?.delivered ?? 0);
    },
  });
  new Gauge({
    name: 'threadline_realtime_backlog',
    help: 'Bus events this instance received and has not yet sent to its sockets (its lag, in events)',
    registers: [registry],
    collect() {
      this.set(hub()?.backlog ?? 0);
    },
  });
  // The first feed pages kept in memory (issue 28): what they take, and how often they answered.
  const feedCache = () => app.feedCache.stats();
  new Gauge({
    name: 'threadline_feed_cache_bytes',
    help: 'Bytes of first feed pages kept in memory (FEED_CACHE_BYTES bounds them)',
    registers: [registry],
    collect() {
      this.set(feedCache().bytes);
    },
  });
  new Gauge({
    name: 'threadline_feed_cache_entries',
    help: 'First feed pages kept in memory',
    registers: [registry],
    collect() {
      this.set(feedCache().entries);
    },
  });
  for (const [name, read] of [
    ['hits', () => feedCache().hits],
    ['misses', () => feedCache().misses],
  ] as const) {
    new Counter({
      name: `threadline_feed_cache_${name}_total`,
      help: `First feed page reads answered ${name === 'hits' ? 'from memory' : 'from the database'}`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }
  // The session lookups and threadline access checks from memory (embedded database only; issue 28).
  if (database.onWrite) {
    memoryCacheMetrics(registry, 'session', () => app.sessions?.cacheStats(), {
      entries: 'Sessions kept in memory (SESSION_CACHE_ENTRIES bounds them; embedded database only)',
      reads: 'Session lookups',
    });
  }
  const accessCache = app.accessCache;
  if (accessCache) {
    memoryCacheMetrics(
      registry,
      'access',
      () => ({ entries: accessCache.size, hits: accessCache.hits, misses: accessCache.misses }),
      {
        entries:
          'Threadline memberships kept in memory (ACCESS_CACHE_ENTRIES bounds them; embedded database only)',
        reads: 'Threadline access checks',
      },
    );
  }
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'threadline_db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'threadline_mail_outbox_pending',
    help: 'Mail not yet sent nor given up (read at scrape time)',
    registers: [registry],
    async collect() {
      this.set(await outboxDepth(app.db));
    },
  });
}

/** threadline_<name>_cache_entries, _hits_total and _misses_total, read from `stats` at each scrape. */
function memoryCacheMetrics(
  registry: Registry,
  name: string,
  stats: () => { entries: number; hits: number; misses: number } | null | undefined,
  help: { entries: string; reads: string },
) {
  new Gauge({
    name: `threadline_${name}_cache_entries`,
    help: help.entries,
    registers: [registry],
    collect() {
      this.set(stats()?.entries ?? 0);
    },
  });
  for (const kind of ['hits', 'misses'] as const) {
    new Counter({
      name: `threadline_${name}_cache_${kind}_total`,
      help: `${help.reads} answered ${kind === 'hits' ? 'from memory' : 'from the database'}`,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(stats()?.[kind] ?? 0);
      },
    });
  }
}
