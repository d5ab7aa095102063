// PostgreSQL down and back under load, without restarting the app. A TCP proxy sits between app A and
// PostgreSQL; the test cuts it while posts are being written. App B talks to PostgreSQL directly: it checks
// what was stored, and its posts reach A's sockets only through A's LISTEN connection. PostgreSQL only.
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { PostgresBus } from '../realtime/bus-postgres.ts';
import { SERVICE_RESTART } from '../realtime/hub.ts';
import { createEmptyDatabase } from '../test/db.ts';
import { buildThreadline, buildUser, cookieFor } from '../test/factories.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { openSocket, type TestSocket } from '../test/ws.ts';
import { CONNECT_TIMEOUT_MS, type Database, openPostgres } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { posts, type Timeline, type User } from './schema/index.ts';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const UNAVAILABLE = { message: 'Service temporarily unavailable' };

let scratch: Awaited<ReturnType<typeof createEmptyDatabase>>;
let proxy: TcpProxy;
let throughProxy: Database;
let direct: Database;
let a: FastifyInstance;
let b: FastifyInstance;
let ada: User;
let timeline: Timeline;
let cookieA: string;
const sockets: TestSocket[] = [];

async function app(database: Database) {
  // Hundreds of posts by one user while the database goes away: the per-user write limit is raised.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    WRITE_LIMIT_FACTOR: '1000',
  });
  const built = await buildApp({ config, database, sessionSecret: SECRET, logger: false });
  await built.ready();
  return built;
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  const server = new URL(process.env.TEST_DATABASE_URL!);
  scratch = await createEmptyDatabase(server.toString(), 'tl_outage');
  proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
  const proxied = new URL(scratch.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  throughProxy = await openPostgres(proxied.toString());
  direct = await openPostgres(scratch.url);
  [a, b] = await Promise.all([app(throughProxy), app(direct)]);
  ada = await buildUser(direct.db);
  timeline = await buildThreadline(direct.db, ada);
  cookieA = await cookieFor(b, ada);
}, 60_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close().catch(() => {})));
  await proxy?.restore();
  await b?.close();
  await direct?.close();
  await proxy?.close();
  await scratch?.drop();
});

interface Outcome {
  start: number;
  end: number;
  status: number;
  body: { id?: string; message?: string };
}

const post = async (target: FastifyInstance, content: string): Promise<Outcome> => {
  const start = Date.now();
  const res = await target.inject({
    method: 'POST',
    url: '/api/posts',
    headers: { cookie: cookieA },
    payload: { timelineId: timeline.id, content },
  });
  return { start, end: Date.now(), status: res.statusCode, body: res.json() };
};

describe('PostgreSQL down and back under load', () => {
  it('answers 503 fast while it is down, loses no acknowledged post, recovers without a restart', async () => {
    const bus = a.realtimeHub.bus as PostgresBus;
    expect(bus.listening).toBe(true);
    const watcher = await openSocket(a, cookieA);
    sockets.push(watcher);
    await watcher.authenticate(ada.id);
    await watcher.subscribe(timeline.id);

    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    const workers = Array.from({ length: 8 }, async () => {
      while (running) outcomes.push(await post(a, `load ${n++}`));
    });

    // Writes are being acknowledged; then PostgreSQL is out of reach for 2 s (the outage under test).
    await until(() => outcomes.filter((o) => o.status === 201).length >= 20, 15_000);
    const cutAt = Date.now();
    await proxy.cut('refuse');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const restoredAt = Date.now();
    await proxy.restore();
    // Load goes on until more than 20 requests made after the last failure have succeeded.
    const lastFailureEnd = () => Math.max(...outcomes.filter((o) => o.status !== 201).map((o) => o.end));
    await until(() => outcomes.filter((o) => o.start > lastFailureEnd()).length > 20, 15_000);
    running = false;
    await Promise.all(workers);

    // Only two answers: created, or a clear, retryable 503.
    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].sort()).toEqual([201, 503]);
    for (const o of outcomes.filter((x) => x.status === 503)) expect(o.body).toEqual(UNAVAILABLE);

    // Requests made while it is down fail with a 503 without waiting for the connect timeout (the port
    // refuses). How fast is not the point here: a request that waited for a connection would take
    // CONNECT_TIMEOUT_MS.
    const during = outcomes.filter((o) => o.start > cutAt + 100 && o.start < restoredAt);
    const answeredDuring = during.filter((o) => o.end < restoredAt);
    expect(answeredDuring.length).toBeGreaterThan(20);
    expect(answeredDuring.every((o) => o.status === 503)).toBe(true);
    expect(Math.max(...during.map((o) => o.end - o.start))).toBeLessThan(CONNECT_TIMEOUT_MS);

    // Back without a restart: from some point after the restore, every request succeeds.
    const lastFailure = lastFailureEnd();
    expect(lastFailure).toBeGreaterThan(cutAt);
    expect(outcomes.filter((o) => o.start > lastFailure).length).toBeGreaterThan(20);

    // No acknowledged write lost.
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.body.id!);
    const stored = await direct.db
      .select({ id: posts.id })
      .from(posts)
      .where(inArray(posts.id, acknowledged));
    expect(stored).toHaveLength(acknowledged.length);

    // The LISTEN connection comes back by itself (its backoff is capped at 5 s), and the sockets it served
    // are told to reconnect (1012) because events may have been missed meanwhile.
    await until(() => bus.listening, 15_000);
    expect((await watcher.waitClose(10_000)).code).toBe(SERVICE_RESTART);

    // A post made on B reaches a socket on A again: only A's LISTEN can carry it there.
    const again = await openSocket(a, cookieA);
    sockets.push(again);
    await again.authenticate(ada.id);
    await again.subscribe(timeline.id);
    const fromB = await post(b, 'after the outage');
    expect(fromB.status).toBe(201);
    const event = await again.next('new_post', { timeoutMs: 10_000 });
    expect(event).toMatchObject({ data: { postId: fromB.body.id } });
  }, 90_000);

  it('answers 503 within the connect timeout when connections hang (a network black hole)', async () => {
    const pool = (throughProxy.db as unknown as { $client: import('pg').Pool }).$client;
    await proxy.cut('hang');
    // The pool notices its dropped idle connections; the next request has to open a new one.
    await until(() => pool.totalCount === 0, 10_000);
    try {
      const o = await post(a, 'into the void');
      expect(o.status).toBe(503);
      expect(o.body).toEqual(UNAVAILABLE);
      // It waited for the connect timeout (the connection hangs: this is no refusal), and gave up after one:
      // the point is that it answers at all, not how soon after the timeout.
      expect(o.end - o.start).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(o.end - o.start).toBeLessThan(2 * CONNECT_TIMEOUT_MS);
    } finally {
      await proxy.restore();
    }
    await until(() => (a.realtimeHub.bus as PostgresBus).listening, 15_000);
    const o = await post(a, 'back again');
    expect(o.status).toBe(201);
  }, 60_000);

  it("returns a transaction's connection to the pool when it drops before BEGIN (drizzle would leak it)", async () => {
    const pool = (throughProxy.db as unknown as { $client: import('pg').Pool }).$client;
    await until(() => pool.totalCount === pool.idleCount, 3000);
    pool.once('acquire', () => void proxy.cut('refuse'));
    const failed = await throughProxy.db
      .transaction(async (tx) => tx.select().from(posts).limit(1))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    await proxy.restore();
    // Nothing stays checked out: the dead client went back to the pool (and was discarded there).
    await until(() => pool.totalCount === pool.idleCount, 3000);
    expect((await post(a, 'still fine')).status).toBe(201);
  });

  it('has leaked no pool connection: the app and its pool close at once after the outages', async () => {
    const closing = (async () => {
      await Promise.all(sockets.map((s) => s.close().catch(() => {})));
      await a.close();
      await throughProxy.close();
      return 'closed';
    })();
    const timeout = new Promise((resolve) => setTimeout(() => resolve('still open after 3 s'), 3000));
    expect(await Promise.race([closing, timeout])).toBe('closed');
  });
});
