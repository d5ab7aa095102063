// Real-time (issue 11): how fast a post reaches the sockets subscribed to its threadline, and what an idle
// socket costs the server.
//   one:     one instance (PGlite in memory), 1,000 authenticated sockets subscribed to one threadline of
//            1,000 members; the owner posts through POST /api/posts; latency from sending the request to
//            each socket's receipt of new_post (p50/p95/p99 over every delivery of 20 posts). Goal p95 < 100 ms.
//   bare:    the same sockets and the same message bytes through a bare `ws` server (no app, no database):
//            POST /broadcast sends the body to every socket. The floor for `one` on this machine.
//   one-pg:  `one` on PostgreSQL (one instance), to separate the database's share from the bus's.
//   two:     two instances (two processes) on one PostgreSQL database, 500 sockets on each, posts through the
//            first: the second learns of them through LISTEN/NOTIFY. Goal p95 < 150 ms.
//   idle:    10,000 authenticated sockets (then each subscribed to a threadline) on one instance: the
//            server's memory per socket after GC (RSS, V8 heap). Goal < 20 KB. Also `idle-pg` (the database
//            outside the app's process) and `idle-bare` (a bare ws server).
// Every server runs in a process of its own (--expose-gc); the sockets live in other processes
// (bench/realtime/clients.ts), so the load generator never shares the server's event loop. Times are taken on
// CLOCK_MONOTONIC in every process, so a send time and a receipt time from different processes subtract.
// Run alone (about 3 minutes; not part of `npm run bench`):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/realtime.ts
// Without BENCH_DATABASE_URL the PostgreSQL scenarios use postgres://postgres@127.0.0.1:5432/postgres when it
// answers, and are skipped when it does not. Options: BENCH_ONLY=one,bare,one-pg,two,idle,idle-pg,idle-bare;
// BENCH_POSTS (20), BENCH_SOCKETS (1000), BENCH_IDLE_SOCKETS (10000), BENCH_CLIENT_PROCS (1 for the latency
// runs; the idle runs use 2), BENCH_CPU_PROF=dir (the servers write V8 CPU profiles there).
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createEmptyDatabase } from '../server/test/db.ts';
import { summarize, type Timing } from './lib.ts';
import { type Child, forkChild, type Member, now } from './realtime/ipc.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 20);
const WARMUP = 3;
const PAUSE_MS = 200;
const DELIVERY_TIMEOUT_MS = 10_000;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 1);
const IDLE_CLIENT_PROCS = 2;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ALL = ['one', 'bare', 'one-pg', 'two', 'idle', 'idle-pg', 'idle-bare'];
const ONLY = new Set(process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : ALL);
const GOALS = { one: 100, two: 150, idleKb: 20 };

const script = (name: string) => fileURLToPath(new URL(`./realtime/${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Server {
  child: Child;
  baseUrl: string;
}

async function startServer(kind: 'app' | 'bare', env: Record<string, string> = {}): Promise<Server> {
  const prof = process.env.BENCH_CPU_PROF;
  const child = forkChild(script(kind === 'app' ? 'server.ts' : 'bare.ts'), {
    env,
    execArgv: ['--expose-gc', ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [])],
  });
  const ready = await child.ready;
  return { child, baseUrl: String(ready.baseUrl) };
}

interface Seeded {
  timelineId: string;
  owner: Member;
  members: Member[];
  seedMs: number;
}

interface Target {
  base: string;
  members: Member[];
  handshake: boolean;
}

/** Client processes with the targets' sockets dealt out among them, opened (and authenticated). */
async function openClients(targets: Target[], procs: number) {
  const clients = Array.from({ length: procs }, () => forkChild(script('clients.ts')));
  await Promise.all(clients.map((c) => c.ready));
  const started = now();
  await Promise.all(
    clients.map((c, k) =>
      c.ask({
        type: 'open',
        targets: targets.map((t) => ({ ...t, members: t.members.filter((_, i) => i % procs === k) })),
      }),
    ),
  );
  return { clients, openMs: now() - started };
}

const subscribeAll = (clients: Child[], timelineId: string) =>
  Promise.all(clients.map((c) => c.ask({ type: 'subscribe', timelineId })));

const closeAll = (children: Child[]) => Promise.all(children.map((c) => c.close()));

interface PostRun {
  all: Timing;
  perTarget: Timing[];
  /** Per post: when the last socket had it. */
  last: Timing;
  /** Per post: the HTTP answer to the post request. */
  response: Timing;
  missing: number;
  serverCpuMsPerPost: number;
}

/**
 * `POSTS` posts (after `WARMUP` untimed ones), one at a time with a pause between: each sends a request
 * whose new_post carries content `key`, and waits until every socket of every client process has it.
 */
async function runPosts(
  clients: Child[],
  targets: number,
  send: (key: string) => Promise<void>,
  cpuOf: Server[],
): Promise<PostRun> {
  // Per client process: the post keys it is waiting for.
  const pending = clients.map(() => new Map<string, (times: number[][]) => void>());
  for (const [k, c] of clients.entries()) {
    c.on('received', (m) => pending[k]!.get(String(m.key))?.(m.times as number[][]));
  }
  const expected = await Promise.all(clients.map((c) => c.ask<{ open: number }>({ type: 'stats' })));
  const perPost = expected.reduce((n, s) => n + s.open, 0);
  const samples: number[][] = Array.from({ length: targets }, () => []);
  const last: number[] = [];
  const response: number[] = [];
  let missing = 0;
  const cpuBefore: Array<{ user: number; system: number }> = [];
  for (let i = 0; i < WARMUP + POSTS; i++) {
    if (i === WARMUP) {
      for (const s of cpuOf) cpuBefore.push(await s.child.ask({ type: 'cpu' }));
    }
    const key = `bench post ${i} ${randomUUID()}`;
    const arrivals = clients.map(
      (c, k) =>
        new Promise<number[][]>((resolve) => {
          const timer = setTimeout(async () => {
            pending[k]!.delete(key);
            resolve((await c.ask<{ times: number[][] }>({ type: 'report', key })).times);
          }, DELIVERY_TIMEOUT_MS);
          pending[k]!.set(key, (times) => {
            pending[k]!.delete(key);
            clearTimeout(timer);
            resolve(times);
          });
        }),
    );
    const start = now();
    await send(key);
    const answered = now();
    const received = await Promise.all(arrivals);
    if (i >= WARMUP) {
      let count = 0;
      let latest = 0;
      for (const times of received) {
        for (const [t, list] of times.entries()) {
          for (const at of list) {
            samples[t]!.push(at - start);
            latest = Math.max(latest, at - start);
            count++;
          }
        }
      }
      missing += perPost - count;
      last.push(latest);
      response.push(answered - start);
    }
    await sleep(PAUSE_MS);
  }
  let cpuMs = 0;
  for (const [k, s] of cpuOf.entries()) {
    const after = await s.child.ask<{ user: number; system: number }>({ type: 'cpu' });
    cpuMs += (after.user + after.system - cpuBefore[k]!.user - cpuBefore[k]!.system) / 1000;
  }
  return {
    all: summarize(samples.flat()),
    perTarget: samples.map((s) => summarize(s)),
    last: summarize(last),
    response: summarize(response),
    missing,
    // Includes what the servers do during the pauses (timers, pings): small beside a fan-out.
    serverCpuMsPerPost: cpuMs / POSTS,
  };
}

async function apiPost(server: Server, cookie: string, timelineId: string, key: string) {
  const res = await fetch(`${server.baseUrl}/api/posts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ timelineId, type: 'text', content: key }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/posts answered ${res.status}: ${text}`);
}

interface LatencyRow {
  scenario: string;
  sockets: string;
  run: PostRun;
  goal?: number;
  note?: string;
}
const latencyRows: LatencyRow[] = [];
let sampleEvent: string | undefined;

function printRun(label: string, run: PostRun, targetNames?: string[]) {
  const t = run.all;
  console.log(
    `  ${label}: n=${t.count} p50 ${ms(t.medianMs)} p95 ${ms(t.p95Ms)} p99 ${ms(t.p99Ms)} max ${ms(t.maxMs)}; ` +
      `last socket per post median ${ms(run.last.medianMs)}; POST answered median ${ms(run.response.medianMs)}; ` +
      `server CPU ${ms(run.serverCpuMsPerPost)}/post; missing ${run.missing}`,
  );
  if (targetNames) {
    for (const [k, p] of run.perTarget.entries()) {
      console.log(
        `    ${targetNames[k]}: n=${p.count} p50 ${ms(p.medianMs)} p95 ${ms(p.p95Ms)} p99 ${ms(p.p99Ms)}`,
      );
    }
  }
}

/** One instance: `kind` pglite (in process) or postgres (a scratch database). */
async function oneInstance(scenario: 'one' | 'one-pg') {
  const scratch = scenario === 'one-pg' ? await createEmptyDatabase(PG_URL, 'tl_bench_rt') : undefined;
  const server = await startServer('app', scratch ? { BENCH_DB_URL: scratch.url } : {});
  const children: Child[] = [server.child];
  try {
    const seeded = await server.child.ask<Seeded>({ type: 'seed', members: SOCKETS });
    const { clients, openMs } = await openClients(
      [{ base: server.baseUrl, members: seeded.members, handshake: true }],
      CLIENT_PROCS,
    );
    children.unshift(...clients);
    await subscribeAll(clients, seeded.timelineId);
    console.log(
      `${scenario}: seeded ${SOCKETS} members in ${ms(seeded.seedMs)}, opened and authenticated ${SOCKETS} sockets in ${ms(openMs)}`,
    );
    const run = await runPosts(
      clients,
      1,
      (key) => apiPost(server, seeded.owner.cookie, seeded.timelineId, key),
      [server],
    );
    printRun(scenario, run);
    latencyRows.push({
      scenario: scenario === 'one' ? 'one instance, PGlite' : 'one instance, PostgreSQL',
      sockets: String(SOCKETS),
      run,
      goal: GOALS.one,
    });
    sampleEvent ??= (await clients[0]!.ask<{ sample?: string }>({ type: 'stats' })).sample;
  } finally {
    await closeAll(children);
    await scratch?.drop();
  }
}

async function bare() {
  if (!sampleEvent) {
    // Without a run of `one`: a new_post of the same shape, about the same size.
    sampleEvent = JSON.stringify({
      type: 'new_post',
      data: { message: 'Bench Owner posted', timelineId: randomUUID(), postId: randomUUID(), post: {} },
      timestamp: new Date().toISOString(),
    });
  }
  const template = JSON.parse(sampleEvent) as { data: { post: Record<string, unknown> } };
  const server = await startServer('bare');
  const members = Array.from({ length: SOCKETS }, () => ({ id: randomUUID(), cookie: '' }));
  const { clients } = await openClients([{ base: server.baseUrl, members, handshake: false }], CLIENT_PROCS);
  try {
    const run = await runPosts(
      clients,
      1,
      async (key) => {
        template.data.post.content = key;
        const res = await fetch(`${server.baseUrl}/broadcast`, {
          method: 'POST',
          body: JSON.stringify(template),
        });
        await res.arrayBuffer();
      },
      [server],
    );
    printRun('bare ws', run);
    latencyRows.push({
      scenario: 'bare `ws` broadcast (baseline)',
      sockets: String(SOCKETS),
      run,
      note: `${Buffer.byteLength(JSON.stringify(template))} bytes a message`,
    });
  } finally {
    await closeAll([...clients, server.child]);
  }
}

async function twoInstances() {
  const scratch = await createEmptyDatabase(PG_URL, 'tl_bench_rt');
  const children: Child[] = [];
  try {
    const a = await startServer('app', { BENCH_DB_URL: scratch.url });
    children.push(a.child);
    const b = await startServer('app', { BENCH_DB_URL: scratch.url });
    children.push(b.child);
    const seeded = await a.child.ask<Seeded>({ type: 'seed', members: SOCKETS });
    const half = (k: number) => seeded.members.filter((_, i) => i % 2 === k);
    const { clients, openMs } = await openClients(
      [
        { base: a.baseUrl, members: half(0), handshake: true },
        { base: b.baseUrl, members: half(1), handshake: true },
      ],
      CLIENT_PROCS,
    );
    children.unshift(...clients);
    await subscribeAll(clients, seeded.timelineId);
    console.log(`two: ${SOCKETS / 2} sockets on each instance, opened in ${ms(openMs)}`);
    const run = await runPosts(clients, 2, (key) => apiPost(a, seeded.owner.cookie, seeded.timelineId, key), [
      a,
      b,
    ]);
    printRun('two', run, ['instance A (posted through)', 'instance B (over NOTIFY)']);
    latencyRows.push({
      scenario: 'two instances, PostgreSQL',
      sockets: `${SOCKETS / 2} + ${SOCKETS / 2}`,
      run,
      goal: GOALS.two,
    });
  } finally {
    await closeAll(children);
    await scratch.drop();
  }
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
interface MemoryRow {
  scenario: string;
  stage: string;
  perSocket: Memory;
  openMs: number;
}
const memoryRows: MemoryRow[] = [];

function perSocket(after: Memory, before: Memory, n: number): Memory {
  return {
    rss: (after.rss - before.rss) / n,
    heapUsed: (after.heapUsed - before.heapUsed) / n,
    external: (after.external - before.external) / n,
    arrayBuffers: (after.arrayBuffers - before.arrayBuffers) / n,
  };
}

async function idle(scenario: 'idle' | 'idle-pg' | 'idle-bare') {
  const scratch = scenario === 'idle-pg' ? await createEmptyDatabase(PG_URL, 'tl_bench_rt') : undefined;
  const server = await startServer(
    scenario === 'idle-bare' ? 'bare' : 'app',
    scratch ? { BENCH_DB_URL: scratch.url } : {},
  );
  const children: Child[] = [server.child];
  try {
    let seeded: Seeded | undefined;
    let members: Member[];
    if (scenario === 'idle-bare') {
      members = Array.from({ length: IDLE_SOCKETS }, () => ({ id: randomUUID(), cookie: '' }));
    } else {
      seeded = await server.child.ask<Seeded>({ type: 'seed', members: IDLE_SOCKETS });
      members = seeded.members;
      console.log(`${scenario}: seeded ${IDLE_SOCKETS} members in ${ms(seeded.seedMs)}`);
    }
    const before = await server.child.ask<Memory>({ type: 'memory' });
    const { clients, openMs } = await openClients(
      [{ base: server.baseUrl, members, handshake: scenario !== 'idle-bare' }],
      IDLE_CLIENT_PROCS,
    );
    children.unshift(...clients);
    const opened = await server.child.ask<Memory>({ type: 'memory' });
    const stage = scenario === 'idle-bare' ? 'open' : 'authenticated';
    memoryRows.push({ scenario, stage, perSocket: perSocket(opened, before, IDLE_SOCKETS), openMs });
    if (seeded) {
      const started = now();
      await subscribeAll(clients, seeded.timelineId);
      const subscribed = await server.child.ask<Memory>({ type: 'memory' });
      memoryRows.push({
        scenario,
        stage: '+ subscribed to 1 threadline',
        perSocket: perSocket(subscribed, before, IDLE_SOCKETS),
        openMs: now() - started,
      });
    }
    const stats = await Promise.all(
      clients.map((c) => c.ask<{ open: number; unexpectedCloses: number }>({ type: 'stats' })),
    );
    const open = stats.reduce((n, s) => n + s.open, 0);
    const closes = stats.reduce((n, s) => n + s.unexpectedCloses, 0);
    console.log(
      `${scenario}: ${open} of ${IDLE_SOCKETS} sockets still open at the end (${closes} closed early)`,
    );
    if (open !== IDLE_SOCKETS) throw new Error(`${scenario}: only ${open} sockets open`);
    for (const r of memoryRows.filter((m) => m.scenario === scenario)) {
      const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
      console.log(
        `  ${r.stage}: RSS ${kb(r.perSocket.rss)}/socket, heap ${kb(r.perSocket.heapUsed)}, external ${kb(r.perSocket.external)} (${ms(r.openMs)})`,
      );
    }
  } finally {
    await closeAll(children);
    await scratch?.drop();
  }
}

async function postgresAnswers() {
  try {
    const scratch = await createEmptyDatabase(PG_URL, 'tl_bench_rt');
    await scratch.drop();
    return true;
  } catch (err) {
    console.log(
      `PostgreSQL at ${PG_URL} does not answer (${(err as Error).message}): its scenarios are skipped`,
    );
    return false;
  }
}

async function main() {
  const pg = [...ONLY].some((s) => s.endsWith('-pg') || s === 'two') && (await postgresAnswers());
  if (ONLY.has('one')) await oneInstance('one');
  if (ONLY.has('bare')) await bare();
  if (ONLY.has('one-pg') && pg) await oneInstance('one-pg');
  if (ONLY.has('two') && pg) await twoInstances();
  if (ONLY.has('idle')) await idle('idle');
  if (ONLY.has('idle-pg') && pg) await idle('idle-pg');
  if (ONLY.has('idle-bare')) await idle('idle-bare');

  let failed = false;
  if (latencyRows.length) {
    console.log(`\nFrom the post request to each socket's new_post (${POSTS} posts, every delivery):`);
    console.log('| scenario | sockets | deliveries | p50 | p95 | p99 | max | last socket (median) | goal |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of latencyRows) {
      const t = r.run.all;
      const over = r.goal !== undefined && t.p95Ms >= r.goal;
      failed ||= over || r.run.missing > 0;
      const goal = r.goal === undefined ? (r.note ?? '') : `p95 < ${r.goal} ms${over ? ' (MISSED)' : ''}`;
      console.log(
        `| ${r.scenario} | ${r.sockets} | ${t.count}${r.run.missing ? ` (${r.run.missing} missing)` : ''} | ${ms(t.medianMs)} | ${ms(t.p95Ms)} | ${ms(t.p99Ms)} | ${ms(t.maxMs)} | ${ms(r.run.last.medianMs)} | ${goal} |`,
      );
    }
  }
  if (memoryRows.length) {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`\nServer memory per idle socket (${IDLE_SOCKETS} sockets, after GC):`);
    console.log('| server | sockets | RSS | V8 heap | external | goal |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of memoryRows) {
      const over = r.scenario !== 'idle-bare' && r.perSocket.rss >= GOALS.idleKb * 1024;
      failed ||= over;
      console.log(
        `| ${r.scenario} | ${r.stage} | ${kb(r.perSocket.rss)} | ${kb(r.perSocket.heapUsed)} | ${kb(r.perSocket.external)} | ${r.scenario === 'idle-bare' ? '' : `< ${GOALS.idleKb} KB${over ? ' (MISSED)' : ''}`} |`,
      );
    }
  }
  if (failed) process.exitCode = 1;
}

await main();
