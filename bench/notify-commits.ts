// Where the PostgreSQL bus stops scaling (issue 29): every transaction that NOTIFYs takes one global lock
// from just before its commit until the commit is done (flushed to the WAL), so those commits go one at a
// time, where other commits share their WAL flushes (group commit). This drives a scratch database the way
// the app writes with each bus, with BENCH_CLIENTS connections at once (as many instances' pools would):
//   notify: a write (one-row INSERT, committed) then its event, `select pg_notify(...)` with a 200-byte
//           payload, a transaction of its own (as server/realtime/bus-postgres.ts publishes after the commit);
//           two more connections LISTEN, as two instances would;
//   plain:  the write alone (the Redis bus: the event goes to Redis, not to PostgreSQL).
// Writes per second and commits per second, the two alternating BENCH_ROUNDS times, BENCH_SECONDS each.
//   node --import tsx bench/notify-commits.ts
// Options: BENCH_CLIENTS=4,16,64; BENCH_SECONDS=5; BENCH_ROUNDS=3; BENCH_DATABASE_URL.
import os from 'node:os';
import pg from 'pg';
import { createEmptyDatabase } from '../server/test/db.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = (process.env.BENCH_CLIENTS ?? '4,16,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAYLOAD = JSON.stringify({ o: 'x'.repeat(36), e: { kind: 'timeline', id: 'y'.repeat(120) } });

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function run(url: string, clients: number, notify: boolean) {
  const conns = await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const end = Date.now() + SECONDS * 1000;
  let writes = 0;
  let commits = 0;
  await Promise.all(
    conns.map(async (c) => {
      while (Date.now() < end) {
        await c.query('insert into bench_writes (v) values (1)');
        commits++;
        if (notify) {
          await c.query('select pg_notify($1, $2)', ['bench_events', PAYLOAD]);
          commits++;
        }
        writes++;
      }
    }),
  );
  await Promise.all(conns.map((c) => c.end()));
  return { writes: writes / SECONDS, commits: commits / SECONDS };
}

const scratch = await createEmptyDatabase(PG_URL, 'tl_bench_notify');
const listeners: pg.Client[] = [];
try {
  const setup = new pg.Client({ connectionString: scratch.url });
  await setup.connect();
  await setup.query('create table bench_writes (id bigserial primary key, v int not null)');
  await setup.end();
  let heard = 0;
  for (let k = 0; k < 2; k++) {
    const l = new pg.Client({ connectionString: scratch.url });
    await l.connect();
    l.on('notification', () => heard++);
    await l.query('listen bench_events');
    listeners.push(l);
  }
  console.log(
    `notify-commits: ${new Date().toISOString()}, ${os.cpus().length} cores, load average ${load()}; ${SECONDS} s runs, ${ROUNDS} rounds`,
  );
  console.log('| connections | bus | writes/s (median of rounds) | commits/s | each round, writes/s |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const clients of CLIENTS) {
    const results: Record<'notify' | 'plain', { writes: number; commits: number }[]> = {
      notify: [],
      plain: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating, so what else runs on the machine falls on both alike.
      for (const mode of round % 2 ? (['plain', 'notify'] as const) : (['notify', 'plain'] as const)) {
        results[mode].push(await run(scratch.url, clients, mode === 'notify'));
      }
    }
    for (const mode of ['notify', 'plain'] as const) {
      const rs = results[mode].toSorted((a, b) => a.writes - b.writes);
      const mid = rs[Math.floor(rs.length / 2)]!;
      console.log(
        `| ${clients} | ${mode === 'notify' ? 'PostgreSQL (write + NOTIFY)' : 'Redis (write only)'} | ${mid.writes.toFixed(0)} | ${mid.commits.toFixed(0)} | ${results[mode].map((r) => r.writes.toFixed(0)).join(', ')} |`,
      );
    }
  }
  console.log(`end: load average ${load()}; notifications heard by the two listeners: ${heard}`);
} finally {
  await Promise.all(listeners.map((l) => l.end()));
  await scratch.drop();
}
