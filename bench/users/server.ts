// The app for bench/users.ts, in a process of its own, so its CPU and event loop are its own and the simulated
// users never share them. PGlite in memory, or PostgreSQL when BENCH_DB_URL names a database (two of these
// processes then share it and the event bus). Requests from the parent: seed (only one instance), loop-start,
// stats, close. Event-loop delay is perf_hooks' monitorEventLoopDelay (10 ms resolution), reset by loop-start.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { sessionCookieName } from '../../server/auth/cookies.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres } from '../../server/db/client.ts';
import { rawClient } from '../feed/plans.ts';
import { serve } from '../realtime/ipc.ts';
import { type Layout, seedUsers } from './seed.ts';

const url = process.env.BENCH_DB_URL;
// PGLITE_WORKER=on: PGlite in a thread of its own, as the server runs it with that setting.
const database = url
  ? await openPostgres(url)
  : await openPglite(undefined, { worker: process.env.PGLITE_WORKER === 'on' });
const config = loadConfig({
  // Load generators post far past a person's pace: the write limits are raised, and still counted.
  WRITE_LIMIT_FACTOR: '1000',
  NODE_ENV: 'production',
  DATA_DIR: '/nonexistent',
  LOG_LEVEL: 'silent',
  ...(url && { DATABASE_URL: url }),
  // SESSION_CACHE_ENTRIES=0: every session looked up in the database (PGlite only; issue 28's A/B).
  ...(process.env.SESSION_CACHE_ENTRIES !== undefined && {
    SESSION_CACHE_ENTRIES: process.env.SESSION_CACHE_ENTRIES,
  }),
  // BENCH_REDIS_URL: the bus between instances over Redis (REALTIME_BUS=redis) instead of NOTIFY.
  ...(url &&
    process.env.BENCH_REDIS_URL && {
      REALTIME_BUS: 'redis',
      REDIS_URL: process.env.BENCH_REDIS_URL,
      REDIS_CHANNEL: process.env.BENCH_REDIS_CHANNEL ?? 'threadline_bench',
    }),
});
const app = await buildApp({
  config,
  database,
  sessionSecret: 'bench-secret-that-is-long-enough-0123456789',
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const cookieOf = (token: string) => `${sessionCookieName(config)}=${token}`;

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let elu = performance.eventLoopUtilization();
let cpu = process.cpuUsage();
// Bus publishes since loop-start (routes and the socket registry all publish through app.realtime).
let published = 0;
const publish = app.realtime.publish;
app.realtime.publish = (event) => {
  published++;
  return publish(event);
};

async function seed(users: number, group: number): Promise<{ layout: Layout; seedMs: number }> {
  const started = performance.now();
  const layout = await seedUsers(rawClient(app.db), users, group);
  // Sessions the way sign-in makes them (SessionStore.create), without argon2: 100 at a time.
  for (let from = 0; from < layout.users.length; from += 100) {
    const batch = layout.users.slice(from, from + 100);
    const tokens = await Promise.all(batch.map((u) => app.sessions.create(u.id)));
    batch.forEach((u, k) => {
      u.cookie = cookieOf(tokens[k]!);
    });
  }
  return { layout, seedMs: performance.now() - started };
}

serve({
  seed: async (m) => seed(Number(m.users), Number(m.group)),
  'loop-start': async () => {
    delay.reset();
    elu = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
    published = 0;
    return {};
  },
  stats: async () => {
    const used = process.cpuUsage(cpu);
    return {
      cpuMs: (used.user + used.system) / 1000,
      elu: performance.eventLoopUtilization(elu).utilization,
      delayMeanMs: delay.mean / 1e6,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      rssMb: process.memoryUsage().rss / 2 ** 20,
      published,
    };
  },
  close: async () => {
    await app.close();
    await database.close();
    process.exit(0);
  },
});

process.send?.({ type: 'ready', baseUrl: `http://127.0.0.1:${port}`, pid: process.pid });
