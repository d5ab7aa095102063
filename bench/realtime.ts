// Real-time (issue 11): how fast a post reaches the sockets subscribed to its threadline, and what an idle
// socket costs the server.
//   one:     one instance (PGlite in memory), 1,000 authenticated sockets subscribed to one threadline of
//            1,000 members; the owner posts through POST /api/posts; latency from sending the request to
//            each socket's receipt of new_post (p50/p95/p99 over every delivery of 50 posts). Goal p95 < 100 ms.
//            Alternating with it, round by round, the baseline: as many sockets of a bare `ws` server (no app,
//            no database; bench/realtime/bare.ts), to which POST /broadcast sends the same new_post bytes. The
//            floor on this machine; load from elsewhere falls on both alike.
//   one-pg:  `one` on PostgreSQL (one instance), to separate the database's share from the bus's.
//   two:     two instances (two processes) on one PostgreSQL database, 500 sockets on each, posts through the
//            first: the second learns of them through LISTEN/NOTIFY. Goal p95 < 150 ms.
//            one-pg and two alternate with the bare baseline too.
//   buses-2, buses-3: two (three) instances on NOTIFY against two (three) over Redis pub/sub (REALTIME_BUS=redis),
//            each on a scratch database of its own, BENCH_SOCKETS split evenly over the instances, posts
//            through the first: the two lanes alternate round by round (no bare lane), so the machine's load
//            falls on both alike. Redis at BENCH_REDIS (redis://127.0.0.1:6379); skipped when it does not answer.
//   idle:    10,000 authenticated sockets (then each subscribed to a threadline) on one instance: the
//            server's memory per socket after GC (RSS, V8 heap). Goal < 20 KB. Also `idle-pg` (the database
//            outside the app's process) and `idle-bare` (a bare ws server).
// Every server runs in a process of its own (--expose-gc); the sockets live in other processes
// (bench/realtime/clients.ts), so the load generator never shares the server's event loop. Times are taken on
// CLOCK_MONOTONIC in every process, so a send time and a receipt time from different processes subtract.
// Run alone (about 3 minutes; not part of `npm run bench`):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/realtime.ts
// Without BENCH_DATABASE_URL the PostgreSQL scenarios use postgres://postgres@127.0.0.1:5432/postgres when it
// answers, and are skipped when it does not. Options: BENCH_ONLY=one,one-pg,two,buses-2,buses-3,idle,idle-pg,idle-bare;
// BENCH_POSTS (50), BENCH_SOCKETS (1000), BENCH_IDLE_SOCKETS (10000), BENCH_CLIENT_PROCS (1 for the latency
// runs; the idle runs use 2), BENCH_CPU_PROF=dir (the servers write a V8 CPU profile of the timed posts there;
// bench/realtime/profile.ts summarises them), BENCH_VERBOSE=1 (one line per post).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createEmptyDatabase } from '../server/test/db.ts';
import { summarize, type Timing } from './lib.ts';
import { type Child, forkChild, type Member, now } from './realtime/ipc.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 50);
const WARMUP = 3;
const PAUSE_MS = 200;
const DELIVERY_TIMEOUT_MS = 10_000;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 1);
const IDLE_CLIENT_PROCS = 2;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const ALL = ['one', 'one-pg', 'two', 'buses-2', 'buses-3', 'idle', 'idle-pg', 'idle-bare'];
const ONLY = new Set(process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : ALL);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const GOALS = { one: 100, two: 150, idleKb: 20 };

const script = (name: string) => fileURLToPath(new URL(`./realtime/${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Server {
  child: Child;
  baseUrl: string;
}

async function startServer(kind: 'app' | 'bare', env: Record<string, string> = {}): Promise<Server> {
  const child = forkChild(script(kind === 'app' ? 'server.ts' : 'bare.ts'), {
    env,
    execArgv: ['--expose-gc'],
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
  /** Per post: when the first socket had it. */
  first: Timing;
  /** Per post: when the last socket had it. */
  last: Timing;
  /** Per post: the HTTP answer to the post request. */
  response: Timing;
  missing: number;
  serverCpuMsPerPost: number;
}

/** Something that makes a new_post reach a set of sockets: the app (one or two instances) or the bare server. */
interface Lane {
  name: string;
  clients: Child[];
  /** Server instances the sockets are spread over (their receipt times are kept apart). */
  targets: number;
  send(key: string): Promise<void>;
  servers: Server[];
}

/** A lane's measurements as they accumulate. */
class LaneRun {
  private readonly pending: Array<Map<string, (times: number[][]) => void>>;
  private readonly samples: number[][];
  private readonly first: number[] = [];
  private readonly last: number[] = [];
  private readonly response: number[] = [];
  private missing = 0;
  private perPost = 0;
  private cpuBefore: Array<{ user: number; system: number }> = [];

  constructor(readonly lane: Lane) {
    this.pending = lane.clients.map(() => new Map());
    this.samples = Array.from({ length: lane.targets }, () => []);
    for (const [k, c] of lane.clients.entries()) {
      c.on('received', (m) => this.pending[k]!.get(String(m.key))?.(m.times as number[][]));
    }
  }

  async start() {
    const stats = await Promise.all(this.lane.clients.map((c) => c.ask<{ open: number }>({ type: 'stats' })));
    this.perPost = stats.reduce((n, s) => n + s.open, 0);
    for (const s of this.lane.servers) this.cpuBefore.push(await s.child.ask({ type: 'cpu' }));
    if (PROFILE_DIR) await Promise.all(this.lane.servers.map((s) => s.child.ask({ type: 'profile-start' })));
  }

  /** One post: send, then wait until every socket has it (or DELIVERY_TIMEOUT_MS). */
  async post(i: number, timed: boolean) {
    const key = `bench post ${this.lane.name} ${i} ${randomUUID()}`;
    const arrivals = this.lane.clients.map(
      (c, k) =>
        new Promise<number[][]>((resolve) => {
          const timer = setTimeout(async () => {
            this.pending[k]!.delete(key);
            resolve((await c.ask<{ times: number[][] }>({ type: 'report', key })).times);
          }, DELIVERY_TIMEOUT_MS);
          this.pending[k]!.set(key, (times) => {
            this.pending[k]!.delete(key);
            clearTimeout(timer);
            resolve(times);
          });
        }),
    );
    const start = now();
    await this.lane.send(key);
    const answered = now();
    const received = await Promise.all(arrivals);
    if (!timed) return;
    let count = 0;
    let latest = 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (const times of received) {
      for (const [t, list] of times.entries()) {
        for (const at of list) {
          this.samples[t]!.push(at - start);
          latest = Math.max(latest, at - start);
          earliest = Math.min(earliest, at - start);
          count++;
        }
      }
    }
    this.missing += this.perPost - count;
    this.first.push(earliest);
    this.last.push(latest);
    this.response.push(answered - start);
    if (process.env.BENCH_VERBOSE) {
      console.log(
        `    ${this.lane.name} post ${i + 1}: answered ${ms(answered - start)}, first socket ${ms(earliest)}, last ${ms(latest)}`,
      );
    }
  }

  async finish(): Promise<PostRun> {
    if (PROFILE_DIR) {
      for (const [k, s] of this.lane.servers.entries()) {
        const name = `${this.lane.name.replace(/\W+/g, '-')}-${k}`;
        const { file } = await s.child.ask<{ file: string }>({
          type: 'profile-stop',
          dir: PROFILE_DIR,
          name,
        });
        console.log(`    CPU profile of ${this.lane.name}'s timed posts: ${file}`);
      }
    }
    let cpuMs = 0;
    for (const [k, s] of this.lane.servers.entries()) {
      const after = await s.child.ask<{ user: number; system: number }>({ type: 'cpu' });
      cpuMs += (after.user + after.system - this.cpuBefore[k]!.user - this.cpuBefore[k]!.system) / 1000;
    }
    return {
      all: summarize(this.samples.flat()),
      perTarget: this.samples.map((s) => summarize(s)),
      first: summarize(this.first),
      last: summarize(this.last),
      response: summarize(this.response),
      missing: this.missing,
      // Includes what the servers do during the pauses (timers, pings): small beside a fan-out.
      serverCpuMsPerPost: cpuMs / POSTS,
    };
  }
}

/**
 * `POSTS` rounds (after `WARMUP` untimed ones); in each, every lane posts once, one post at a time with a pause
 * after each, so load from elsewhere on the machine falls on every lane alike.
 */
async function runRounds(lanes: Lane[]): Promise<PostRun[]> {
  const runs = lanes.map((lane) => new LaneRun(lane));
  for (let i = 0; i < WARMUP + POSTS; i++) {
    if (i === WARMUP) for (const run of runs) await run.start();
    for (const run of runs) {
      await run.post(i - WARMUP, i >= WARMUP);
      await sleep(PAUSE_MS);
    }
  }
  const results: PostRun[] = [];
  for (const run of runs) results.push(await run.finish());
  return results;
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

/**
 * The bare ws server with SOCKETS sockets of its own; each post broadcasts `sample()` (a new_post the app
 * sent, so the same bytes) with the post's content replaced by the key.
 */
async function bareLane(sample: () => Promise<string>): Promise<Lane> {
  const server = await startServer('bare');
  const members = Array.from({ length: SOCKETS }, () => ({ id: randomUUID(), cookie: '' }));
  const { clients } = await openClients([{ base: server.baseUrl, members, handshake: false }], CLIENT_PROCS);
  let template: { data: { post: Record<string, unknown> } } | undefined;
  return {
    name: 'bare ws',
    clients,
    targets: 1,
    servers: [server],
    send: async (key) => {
      template ??= JSON.parse(await sample());
      template!.data.post.content = key;
      const body = JSON.stringify(template);
      sampleBytes = Buffer.byteLength(body);
      const res = await fetch(`${server.baseUrl}/broadcast`, { method: 'POST', body });
      await res.arrayBuffer();
    },
  };
}
let sampleBytes = 0;

interface LatencyRow {
  scenario: string;
  sockets: string;
  run: PostRun;
  goal?: number;
  /** A share of a run (one instance's sockets): the per-post columns belong to the whole run. */
  share?: boolean;
}
const latencyRows: LatencyRow[] = [];
const renderRows: Array<{ scenario: string; renderMedian: number; renderP95: number; encodeMedian: number }> =
  [];

function printRun(label: string, run: PostRun, targetNames?: string[]) {
  const t = run.all;
  console.log(
    `  ${label}: n=${t.count} p50 ${ms(t.medianMs)} p95 ${ms(t.p95Ms)} p99 ${ms(t.p99Ms)} max ${ms(t.maxMs)}; ` +
      `per post, first socket median ${ms(run.first.medianMs)}, last ${ms(run.last.medianMs)}; POST answered median ${ms(run.response.medianMs)}; ` +
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

/**
 * one (PGlite), one-pg (one instance on PostgreSQL) or two (two instances on PostgreSQL, sockets split
 * evenly, posts through the first), each alternating with the bare ws baseline round by round.
 */
async function latency(scenario: 'one' | 'one-pg' | 'two') {
  const scratch = scenario === 'one' ? undefined : await createEmptyDatabase(PG_URL, 'tl_bench_rt');
  const env: Record<string, string> = scratch ? { BENCH_DB_URL: scratch.url } : {};
  const children: Child[] = [];
  try {
    const count = scenario === 'two' ? 2 : 1;
    const { lane: app, seeded, openMs, first: a } = await appInstances(scenario, count, env, children);
    console.log(
      `${scenario} (${machine()}): seeded ${SOCKETS} members in ${ms(seeded.seedMs)}; ${SOCKETS} sockets on ${count} instance(s) opened and authenticated in ${ms(openMs)}`,
    );
    const bare = await bareLane(
      async () => (await app.clients[0]!.ask<{ sample?: string }>({ type: 'stats' })).sample ?? '',
    );
    children.unshift(...bare.clients, ...bare.servers.map((s) => s.child));
    const [appRun, bareRun] = (await runRounds([app, bare])) as [PostRun, PostRun];
    const render = await a.child.ask<{ renderMedian: number; renderP95: number; encodeMedian: number }>({
      type: 'render-timing',
      timelineId: seeded.timelineId,
    });
    renderRows.push({ scenario, ...render });
    printRun(
      scenario,
      appRun,
      scenario === 'two' ? ['instance A (posted through)', 'instance B (over NOTIFY)'] : undefined,
    );
    printRun('bare ws, same rounds', bareRun);
    latencyRows.push({
      scenario: {
        one: 'one instance, PGlite',
        'one-pg': 'one instance, PostgreSQL',
        two: 'two instances, PostgreSQL',
      }[scenario],
      sockets: scenario === 'two' ? `${SOCKETS / 2} + ${SOCKETS / 2}` : String(SOCKETS),
      run: appRun,
      goal: scenario === 'two' ? GOALS.two : GOALS.one,
    });
    if (scenario === 'two') {
      for (const [k, name] of [
        'two: instance A (posted through)',
        'two: instance B (over NOTIFY)',
      ].entries()) {
        latencyRows.push({
          scenario: name,
          sockets: String(SOCKETS / 2),
          run: { ...appRun, all: appRun.perTarget[k]! },
          share: true,
        });
      }
    }
    latencyRows.push({
      scenario: '  bare `ws` broadcast, same rounds',
      sockets: String(SOCKETS),
      run: bareRun,
    });
  } finally {
    await closeAll(children);
    await scratch?.drop();
  }
}

const INSTANCE = ['A', 'B', 'C'];

/** `count` instances on a scratch database of their own, talking over NOTIFY or Redis, with their sockets. */
async function appLane(
  bus: 'NOTIFY' | 'Redis',
  count: number,
  children: Child[],
  drops: (() => Promise<void>)[],
) {
  const scratch = await createEmptyDatabase(PG_URL, 'tl_bench_rt');
  drops.push(() => scratch.drop());
  const env: Record<string, string> = {
    BENCH_DB_URL: scratch.url,
    BENCH_REDIS_URL: bus === 'Redis' ? REDIS_URL : '',
    BENCH_REDIS_CHANNEL: `tl_bench_${randomUUID()}`,
  };
  const { lane, openMs } = await appInstances(`${count} instances, ${bus}`, count, env, children);
  console.log(
    `${count} instances over ${bus} (${machine()}): ${SOCKETS} sockets opened and authenticated in ${ms(openMs)}`,
  );
  return lane;
}

/**
 * `count` app instances with `env`: SOCKETS members seeded through the first, their sockets dealt out among
 * the instances, authenticated and subscribed; posts go through the first.
 */
async function appInstances(name: string, count: number, env: Record<string, string>, children: Child[]) {
  const servers: Server[] = [];
  for (let k = 0; k < count; k++) {
    const server = await startServer('app', env);
    children.push(server.child);
    servers.push(server);
  }
  const [first] = servers as [Server];
  const seeded = await first.child.ask<Seeded>({ type: 'seed', members: SOCKETS });
  const { clients, openMs } = await openClients(
    servers.map((server, k) => ({
      base: server.baseUrl,
      members: seeded.members.filter((_, i) => i % count === k),
      handshake: true,
    })),
    CLIENT_PROCS,
  );
  children.unshift(...clients);
  await subscribeAll(clients, seeded.timelineId);
  const lane: Lane = {
    name,
    clients,
    targets: count,
    servers,
    send: (key) => apiPost(first, seeded.owner.cookie, seeded.timelineId, key),
  };
  return { lane, seeded, openMs, first };
}

/** buses-N: N instances over NOTIFY against N over Redis, alternating round by round. */
async function buses(count: number) {
  const children: Child[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    const lanes = [
      await appLane('NOTIFY', count, children, drops),
      await appLane('Redis', count, children, drops),
    ];
    const runs = await runRounds(lanes);
    for (const [k, lane] of lanes.entries()) {
      const run = runs[k]!;
      const bus = lane.name.endsWith('Redis') ? 'Redis' : 'NOTIFY';
      const names = INSTANCE.slice(0, count).map(
        (n, i) => `instance ${n} (${i === 0 ? 'posted through' : `over ${bus}`})`,
      );
      printRun(lane.name, run, names);
      latencyRows.push({
        scenario: `${count} instances, PostgreSQL, bus ${bus}`,
        sockets: Array.from({ length: count }, () => String(Math.round(SOCKETS / count))).join(' + '),
        run,
        goal: GOALS.two,
      });
      for (const [i, name] of names.entries()) {
        latencyRows.push({
          scenario: `  ${name}`,
          sockets: String(Math.round(SOCKETS / count)),
          run: { ...run, all: run.perTarget[i]! },
          share: true,
        });
      }
    }
  } finally {
    await closeAll(children);
    for (const drop of drops) await drop().catch(() => {});
  }
}

async function redisAnswers() {
  const { createClient } = await import('redis');
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch (err) {
    client.destroy();
    console.log(
      `Redis at ${REDIS_URL} does not answer (${(err as Error).message}): its scenarios are skipped`,
    );
    return false;
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

/** The machine and how busy it is (other people's work shares these cores). */
const machine = () =>
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

async function main() {
  console.log(`start: ${machine()}, Node ${process.version}`);
  const pg =
    [...ONLY].some((s) => s.endsWith('-pg') || s === 'two' || s.startsWith('buses')) &&
    (await postgresAnswers());
  const redis = pg && [...ONLY].some((s) => s.startsWith('buses')) && (await redisAnswers());
  if (ONLY.has('one')) await latency('one');
  if (ONLY.has('one-pg') && pg) await latency('one-pg');
  if (ONLY.has('two') && pg) await latency('two');
  if (ONLY.has('buses-2') && redis) await buses(2);
  if (ONLY.has('buses-3') && redis) await buses(3);
  if (ONLY.has('idle')) await idle('idle');
  if (ONLY.has('idle-pg') && pg) await idle('idle-pg');
  if (ONLY.has('idle-bare')) await idle('idle-bare');

  console.log(`end: ${machine()}`);
  let failed = false;
  if (latencyRows.length) {
    console.log(
      `\nFrom the post request to each socket's new_post (${POSTS} posts, every delivery${sampleBytes ? `; bare: ${sampleBytes} bytes a message` : ''}):`,
    );
    console.log(
      '| scenario | sockets | deliveries | p50 | p95 | p99 | max | per post: first, last socket (median) | POST answered (median) | goal |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of latencyRows) {
      const t = r.run.all;
      const over = r.goal !== undefined && t.p95Ms >= r.goal;
      failed ||= over || (!r.share && r.run.missing > 0);
      const goal = r.goal === undefined ? '' : `p95 < ${r.goal} ms${over ? ' (MISSED)' : ''}`;
      console.log(
        `| ${r.scenario} | ${r.sockets} | ${t.count}${r.run.missing ? ` (${r.run.missing} missing)` : ''} | ${ms(t.medianMs)} | ${ms(t.p95Ms)} | ${ms(t.p99Ms)} | ${ms(t.maxMs)} | ${r.share ? '' : `${ms(r.run.first.medianMs)}, ${ms(r.run.last.medianMs)}`} | ${r.share ? '' : ms(r.run.response.medianMs)} | ${goal} |`,
      );
    }
  }
  if (renderRows.length) {
    console.log("\nThe hub's work per new_post before its send loop, alone on the idle server (200 runs):");
    for (const r of renderRows) {
      console.log(
        `  ${r.scenario}: render median ${ms(r.renderMedian)} (p95 ${ms(r.renderP95)}), encode ${r.encodeMedian.toFixed(3)} ms`,
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
