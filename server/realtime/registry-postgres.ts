// The socket registry when several instances share one PostgreSQL: a row per open socket (realtime_sockets)
// and one per instance (realtime_instances), both unlogged. Opening a socket inserts its row and, under a
// per-user advisory lock (so sockets opened at once on several instances are counted one after another),
// takes the rows past the cap, newest kept; the caller publishes their ids on the bus and whichever
// instance holds each closes it. Closing a socket deletes its row.
//
// An instance that stops deletes its row (its sockets' rows go with it). One that died leaves rows behind:
// they stop counting once its heartbeat is older than `staleMs`, and the next heartbeat of any instance
// sweeps them. An instance whose row is gone (swept while it looked dead, or a crash emptied the unlogged
// tables) registers itself and its open sockets again.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME } from '../../common/realtime.ts';
import type { Db } from '../db/client.ts';
import { pgError } from '../db/errors.ts';
import { realtimeInstances, realtimeSockets } from '../db/schema/index.ts';
import type { RegisteredSocket, SocketRegistry } from './types.ts';

const HEARTBEAT_MS = 30_000;
/** Three missed heartbeats: the instance is taken for dead. */
const STALE_MS = 90_000;
/** How long shutting down waits to unregister. */
const CLOSE_WAIT_MS = 1000;
/** Rows per insert when an instance registers its sockets again. */
const CHUNK = 500;

export interface PostgresRegistryOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** This instance's open sockets, to register again (hub.ts). */
  open: () => Iterable<RegisteredSocket>;
  max?: number;
  heartbeatMs?: number;
  staleMs?: number;
}

export class PostgresRegistry implements SocketRegistry {
  readonly instanceId = randomUUID();
  private readonly max: number;
  private readonly staleMs: number;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(private readonly opts: PostgresRegistryOptions) {
    this.max = opts.max ?? REALTIME.maxSocketsPerUser;
    this.staleMs = opts.staleMs ?? STALE_MS;
  }

  /** Registers this instance and starts its heartbeat; a failed first one is retried at the next beat. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.opts.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  /** One heartbeat, then the sweep of instances not seen within `staleMs`. Never throws. */
  async beat(): Promise<void> {
    if (this.stopping) return;
    try {
      const seen = await this.opts.db
        .update(realtimeInstances)
        .set({ seenAt: sql`now()` })
        .where(eq(realtimeInstances.id, this.instanceId))
        .returning({ id: realtimeInstances.id });
      if (seen.length === 0) await this.register();
      await this.opts.db.delete(realtimeInstances).where(lt(realtimeInstances.seenAt, this.staleBefore()));
    } catch (err) {
      this.opts.log.warn({ err }, 'socket registry: heartbeat failed');
    }
  }

  /** This instance's row and every socket it has open (its row was missing: first start, or swept). */
  private async register() {
    if (this.stopping) return;
    const rows = [...this.opts.open()].map((s) => this.row(s));
    await this.opts.db.transaction(async (tx) => {
      await tx
        .insert(realtimeInstances)
        .values({ id: this.instanceId })
        .onConflictDoUpdate({ target: realtimeInstances.id, set: { seenAt: sql`now()` } });
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx
          .insert(realtimeSockets)
          .values(rows.slice(i, i + CHUNK))
          .onConflictDoNothing();
      }
    });
  }

  private row(s: RegisteredSocket) {
    return { id: s.id, userId: s.userId, openedUs: s.openedUs, instanceId: this.instanceId };
  }

  private staleBefore() {
    return sql`now() - make_interval(secs => ${this.staleMs / 1000})`;
  }

  async admit(socket: RegisteredSocket): Promise<string[]> {
    if (this.stopping) return [];
    try {
      return await this.count(socket);
    } catch (err) {
      // 23503: this instance's row is gone; register again (this socket included) and count once more.
      if (pgError(err).code !== '23503' || this.stopping) throw err;
    }
    await this.register();
    return this.count(socket);
  }

  private count(socket: RegisteredSocket): Promise<string[]> {
    return this.opts.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sockets:${socket.userId}`}, 0))`);
      await tx.insert(realtimeSockets).values(this.row(socket)).onConflictDoNothing();
      // Live instances' sockets only: a dead one's are swept soon and hold nobody's connection.
      const over = await tx
        .select({ id: realtimeSockets.id })
        .from(realtimeSockets)
        .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimeSockets.instanceId))
        .where(
          and(eq(realtimeSockets.userId, socket.userId), gt(realtimeInstances.seenAt, this.staleBefore())),
        )
        .orderBy(desc(realtimeSockets.openedUs), desc(realtimeSockets.id))
        .offset(this.max);
      const ids = over.map((r) => r.id);
      if (ids.length > 0) await tx.delete(realtimeSockets).where(inArray(realtimeSockets.id, ids));
      return ids.reverse();
    });
  }

  async release(socket: RegisteredSocket): Promise<void> {
    if (this.stopping) return;
    await this.opts.db.delete(realtimeSockets).where(eq(realtimeSockets.id, socket.id));
  }

  async connectedUsers(userIds: string[]): Promise<Set<string>> {
    const connected = new Set<string>();
    for (let i = 0; i < userIds.length; i += CHUNK) {
      const rows = await this.opts.db
        .selectDistinct({ userId: realtimeSockets.userId })
        .from(realtimeSockets)
        .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimeSockets.instanceId))
        .where(
          and(
            inArray(realtimeSockets.userId, userIds.slice(i, i + CHUNK)),
            gt(realtimeInstances.seenAt, this.staleBefore()),
          ),
        );
      for (const row of rows) connected.add(row.userId);
    }
    return connected;
  }

  async close(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    // Its sockets' rows go with it (on delete cascade). Shutting down does not wait on an unreachable
    // database for this: the rows stop counting within `staleMs` anyway.
    const unregistered = this.opts.db
      .delete(realtimeInstances)
      .where(eq(realtimeInstances.id, this.instanceId))
      .catch((err) => this.opts.log.warn({ err }, 'socket registry: could not unregister this instance'));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
    });
    await Promise.race([unregistered, waited]);
    clearTimeout(timer);
  }
}
