// Simulated users (issue 14): how many signed-in users, each with an open socket subscribed to its
// threadlines and acting like a person (bench/users/clients.ts MIX: open a threadline and read its feed,
// scroll, read comments, post, comment, react, message, search, open the dashboard), one action every
// BENCH_ACTION_EVERY_S seconds on average, the app stays healthy for. Health as Mattermost's load test
// defines it: 5xx (and failed connections) under 0.025 % of requests, average request under 100 ms, p99 under
// 2 s, and every event delivered (per socket: the events it should have had against those it received).
// Scenarios: pglite (one instance, PGlite in memory), pglite-worker (the same, PGlite in a worker thread:
// PGLITE_WORKER=on), postgres (one instance on a scratch PostgreSQL
// database), two (two instances on one scratch database, users dealt alternately, events between them over
// LISTEN/NOTIFY), two-redis (the same over Redis pub/sub, REALTIME_BUS=redis, Redis at BENCH_REDIS or
// redis://127.0.0.1:6379). Steps run in turn, each step every scenario in turn (A/B alternately), each
// scenario up to its first unhealthy step; a fresh database and processes each. On PostgreSQL each step also
// counts the database's commits per second (pg_stat_database) and the bus publishes (each one a NOTIFY
// transaction of its own on the PostgreSQL bus, none with Redis). Everything runs on this machine: the app (bench/users/server.ts, own process each), the
// database, and the load generator (BENCH_CLIENT_PROCS processes of bench/users/clients.ts). Around each run
// the CPU of each is read (the app from process.cpuUsage, PostgreSQL's backends and the load generator from
// /proc), and the app's event-loop delay (perf_hooks monitorEventLoopDelay).
// Run alone (minutes; not in CI, not in `npm run bench`):
//   node --import tsx bench/users.ts
// Options: BENCH_ONLY=pglite,pglite-worker,postgres,two,two-redis; BENCH_USERS=250,500,1000,1500 (ramp steps);
// BENCH_DURATION_S=60 (measured run per step); BENCH_ACTION_EVERY_S=20; BENCH_GROUP=20 (threadline size
// before the overlap); BENCH_CLIENT_PROCS=1; BENCH_KEEP_GOING=1 (do not stop a scenario at its first
// unhealthy step); BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres); BENCH_SERVER_PROF=<dir>
// writes each app process's CPU profile there (node --cpu-prof).
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createEmptyDatabase } from '../server/test/db.ts';
import { summarize } from './lib.ts';
import { type Child, forkChild } from './realtime/ipc.ts';
import { MIX } from './users/mix.ts';
import type { Layout } from './users/seed.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = (process.env.BENCH_ONLY ?? 'pglite,postgres,two,two-redis').split(',');
const REDIS_URL = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const STEPS = (process.env.BENCH_USERS ?? '250,500,1000,1500').split(',').map(Number);
const DURATION_MS = Number(process.env.BENCH_DURATION_S ?? 60) * 1000;
const EVERY_MS = Number(process.env.BENCH_ACTION_EVERY_S ?? 20) * 1000;
const GROUP = Number(process.env.BENCH_GROUP ?? 20);
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 1);
const KEEP_GOING = Boolean(process.env.BENCH_KEEP_GOING);
const HEALTH = { errorRate: 0.00025, avgMs: 100, p99Ms: 2000 };
const DRAIN_MS = 10_000;

const script = (name: string) => fileURLToPath(new URL(`./users/${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TICK_MS = 10;

async function procCpuMs(pid: number) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

async function machine() {
  const values = (await readFile('/proc/stat', 'utf8'))
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: (total - (values[3] ?? 0) - (values[4] ?? 0)) * TICK_MS, total: total * TICK_MS };
}

/** PIDs of the PostgreSQL backends connected to `database`. */
async function backends(url: string | undefined): Promise<number[]> {
  if (!url) return [];
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r: { pid: number }) => r.pid);
  } finally {
    await client.end();
  }
}

/** The database's committed transactions so far (backends report theirs at least every second when busy). */
async function commits(url: string | undefined): Promise<number> {
  if (!url) return 0;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select xact_commit::float8 as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function cpuSample(pids: number[]) {
  const per = new Map<number, number>();
  for (const pid of pids) per.set(pid, await procCpuMs(pid));
  return per;
}

const spent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((n, [pid, ms]) => n + ms - (before.get(pid) ?? 0), 0);

interface ServerStats {
  cpuMs: number;
  elu: number;
  delayMeanMs: number;
  delayP99Ms: number;
  delayMaxMs: number;
  rssMb: number;
  /** Events the app published on its bus since loop-start. */
  published: number;
}

interface Report {
  latencies: number[];
  byRoute: Record<string, { n: number; sumMs: number; errors: number }>;
  status5xx: number;
  statusOther: number;
  failed: number;
  unexpectedCloses: number;
  expected: Record<string, number>;
  received: Record<string, number>;
}

async function step(scenario: string, users: number) {
  const embedded = scenario.startsWith('pglite');
  const scratch = embedded ? undefined : await createEmptyDatabase(PG_URL, 'tl_bench_users');
  const env: Record<string, string> = scratch ? { BENCH_DB_URL: scratch.url } : {};
  if (scenario === 'pglite-worker') env.PGLITE_WORKER = 'on';
  if (scenario === 'two-redis') {
    Object.assign(env, {
      BENCH_REDIS_URL: REDIS_URL,
      BENCH_REDIS_CHANNEL: `tl_bench_${process.pid}_${users}`,
    });
  }
  const children: Child[] = [];
  try {
    const servers: Array<{ child: Child; base: string; pid: number }> = [];
    for (let k = 0; k < (scenario.startsWith('two') ? 2 : 1); k++) {
      const child = forkChild(script('server.ts'), {
        env,
        execArgv: process.env.BENCH_SERVER_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`]
          : [],
      });
      children.push(child);
      const ready = await child.ready;
      servers.push({ child, base: String(ready.baseUrl), pid: Number(ready.pid) });
    }
    const { layout, seedMs } = await servers[0]!.child.ask<{ layout: Layout; seedMs: number }>({
      type: 'seed',
      users,
      group: GROUP,
    });
    const clients = Array.from({ length: CLIENT_PROCS }, () => forkChild(script('clients.ts')));
    children.push(...clients);
    const clientPids = (await Promise.all(clients.map((c) => c.ready))).map((r) => Number(r.pid));
    const openStarted = performance.now();
    await Promise.all(
      clients.map((c, k) =>
        c.ask({
          type: 'open',
          members: layout.members,
          users: layout.users
            .map((u, i) => ({ ...u, base: servers[i % servers.length]!.base }))
            .filter((_, i) => i % CLIENT_PROCS === k),
        }),
      ),
    );
    const openMs = performance.now() - openStarted;
    // Settle a moment, then measure.
    await sleep(2000);
    const pgPids = await backends(scratch?.url);
    const before = {
      pg: await cpuSample(pgPids),
      load: await cpuSample(clientPids),
      machine: await machine(),
      load1: os.loadavg()[0]!,
      commits: await commits(scratch?.url),
    };
    await Promise.all(servers.map((s) => s.child.ask({ type: 'loop-start' })));
    const runs = await Promise.all(
      clients.map((c) =>
        c.ask<{ actions: number }>({ type: 'run', durationMs: DURATION_MS, everyMs: EVERY_MS }),
      ),
    );
    const stats = await Promise.all(servers.map((s) => s.child.ask<ServerStats>({ type: 'stats' })));
    // Backends the pool opened during the run count too (all their CPU is the run's).
    const after = {
      pg: await cpuSample([...new Set([...pgPids, ...(await backends(scratch?.url))])]),
      load: await cpuSample(clientPids),
      machine: await machine(),
      load1: os.loadavg()[0]!,
      commits: await commits(scratch?.url),
    };
    // Wait for the last events to arrive (or DRAIN_MS).
    let reports: Report[] = [];
    const drainUntil = performance.now() + DRAIN_MS;
    let expectedTotal = 0;
    let receivedTotal = 0;
    let short = 0;
    for (;;) {
      reports = await Promise.all(clients.map((c) => c.ask<Report>({ type: 'report' })));
      const expected = new Map<string, number>();
      const received = new Map<string, number>();
      for (const r of reports) {
        for (const [id, n] of Object.entries(r.expected)) expected.set(id, (expected.get(id) ?? 0) + n);
        for (const [id, n] of Object.entries(r.received)) received.set(id, (received.get(id) ?? 0) + n);
      }
      expectedTotal = [...expected.values()].reduce((a, b) => a + b, 0);
      receivedTotal = [...received.values()].reduce((a, b) => a + b, 0);
      short = [...received].filter(([id, n]) => n < (expected.get(id) ?? 0)).length;
      if (short === 0 || performance.now() > drainUntil) break;
      await sleep(500);
    }
    const latencies = reports.flatMap((r) => r.latencies);
    const requests = latencies.length;
    const errors5xx = reports.reduce((n, r) => n + r.status5xx, 0);
    const other = reports.reduce((n, r) => n + r.statusOther, 0);
    const closes = reports.reduce((n, r) => n + r.unexpectedCloses, 0);
    const avg = latencies.reduce((a, b) => a + b, 0) / Math.max(1, requests);
    const t = summarize(latencies);
    const seconds = DURATION_MS / 1000;
    const actions = runs.reduce((n, r) => n + r.actions, 0);
    const appCpu = stats.reduce((n, s) => n + s.cpuMs, 0);
    const pgCpu = spent(before.pg, after.pg);
    const loadCpu = spent(before.load, after.load);
    const machineBusy = after.machine.busy - before.machine.busy;
    const machineTotal = after.machine.total - before.machine.total;
    const errorRate = errors5xx / Math.max(1, requests);
    const healthy =
      errorRate < HEALTH.errorRate &&
      avg < HEALTH.avgMs &&
      t.p99Ms < HEALTH.p99Ms &&
      short === 0 &&
      receivedTotal >= expectedTotal &&
      closes === 0;
    const pct = (ms: number) => `${((100 * ms) / DURATION_MS).toFixed(0)} %`;
    const result = {
      scenario,
      users,
      healthy,
      actionsPerS: actions / seconds,
      reqPerS: requests / seconds,
      // On the PostgreSQL bus each publish is a NOTIFY transaction of its own (after the write committed).
      commitsPerS: (after.commits - before.commits) / seconds,
      publishedPerS: stats.reduce((n, s) => n + s.published, 0) / seconds,
      errorRate,
      other,
      avg,
      p50: t.medianMs,
      p95: t.p95Ms,
      p99: t.p99Ms,
      max: t.maxMs,
      expectedTotal,
      receivedTotal,
      short,
      closes,
      appCpu: stats.map((s) => pct(s.cpuMs)).join(' + '),
      // CPU per action does not depend on how busy the shared machine was: it says where the cores go.
      cpuMsPerAction: {
        app: appCpu / Math.max(1, actions),
        postgres: pgCpu / Math.max(1, actions),
        loadGenerator: loadCpu / Math.max(1, actions),
      },
      pgCpu: pct(pgCpu),
      loadCpu: pct(loadCpu),
      machineBusy: `${((100 * machineBusy) / machineTotal).toFixed(0)} %`,
      elu: stats.map((s) => s.elu.toFixed(2)).join(' + '),
      delay: stats
        .map((s) => `${s.delayMeanMs.toFixed(1)}/${s.delayP99Ms.toFixed(0)}/${s.delayMaxMs.toFixed(0)}`)
        .join(' + '),
      rssMb: stats.map((s) => s.rssMb.toFixed(0)).join(' + '),
      load: `${before.load1.toFixed(1)} -> ${after.load1.toFixed(1)}`,
      seedMs,
      openMs,
      byRoute: Object.fromEntries(
        Object.entries(
          reports.reduce<Record<string, { n: number; sumMs: number; errors: number }>>((all, r) => {
            for (const [route, e] of Object.entries(r.byRoute)) {
              all[route] ??= { n: 0, sumMs: 0, errors: 0 };
              const a = all[route];
              a.n += e.n;
              a.sumMs += e.sumMs;
              a.errors += e.errors;
            }
            return all;
          }, {}),
        ).map(([route, e]) => [route, `n=${e.n} avg ${(e.sumMs / e.n).toFixed(1)} ms errors ${e.errors}`]),
      ),
    };
    return result;
  } finally {
    await Promise.all(children.map((c) => c.close().catch(() => {})));
    await scratch?.drop().catch((err: Error) => console.log(`could not drop ${scratch.url}: ${err.message}`));
  }
}

const f1 = (n: number) => n.toFixed(1);
console.log(
  `users.ts: ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}; ` +
    `steps ${STEPS.join(', ')}, ${DURATION_MS / 1000} s each, one action every ${EVERY_MS / 1000} s per user, ` +
    `threadlines of ${GROUP} (+${Math.floor(GROUP / 2)} overlap), ${CLIENT_PROCS} load process(es); mix ${JSON.stringify(MIX)}`,
);
const rows: string[] = [];
// Step by step, every scenario in turn, so the machine's load falls on each alike.
const stopped = new Set<string>();
for (const users of STEPS) {
  for (const scenario of ONLY.filter((s) => !stopped.has(s))) {
    const r = await step(scenario, users);
    console.log(JSON.stringify(r));
    const commitsCell = scenario.startsWith('pglite') ? '' : `${f1(r.commitsPerS)} (${f1(r.publishedPerS)})`;
    const row =
      `| ${scenario} | ${users} | ${r.healthy ? 'yes' : '**no**'} | ${f1(r.actionsPerS)} | ${f1(r.reqPerS)} | ` +
      `${(100 * r.errorRate).toFixed(3)} % | ${f1(r.avg)} ms | ${f1(r.p99)} ms | ${r.receivedTotal}/${r.expectedTotal} | ` +
      `${commitsCell} | ${r.appCpu} | ${r.pgCpu} | ${r.loadCpu} | ${r.machineBusy} | ${r.delay} | ${r.load} |`;
    rows.push(row);
    console.log(row);
    if (!r.healthy && !KEEP_GOING) stopped.add(scenario);
  }
}
console.log(
  '\n| scenario | users | healthy | actions/s | requests/s | 5xx | avg | p99 | events received/expected | commits/s (bus publishes/s) | app CPU | PostgreSQL CPU | load generator CPU | machine busy | event-loop delay mean/p99/max ms | load average |',
);
for (const row of rows) console.log(row);
