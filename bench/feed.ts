// The feed at scale (issue 9): 1,000,000 posts over 10,000 threadlines on PostgreSQL (5 busy ones of 100,000),
// 100,000 on PGlite, comments, reactions and tombstones included. In one run it measures, against the real app:
//   1. feed page 1 req/s over GET /api/meta req/s (autocannon, 50 connections) on PostgreSQL,
//   2. the same on PGlite,
//   3. the feed's p99 latency (autocannon, and sequential),
//   4. the median of a page 500 pages deep over that of page 1 (sequential, alternating),
//   5. median and p95 of search in the busiest threadline (common, rare, prefix and hostile queries),
//   6. the dashboard list and unread counts for a user in ~300 of the 10,000 threadlines,
//   8. advanced search (GET /api/search) across those ~300 threadlines, the same 26 queries, both orders,
//   7. owner insights of the busiest threadline for 7, 30 and 90 days (timeline_analytics seeded from the
//      posts, comments, reactions and members, plus daily views), on both databases,
// and prints one-line EXPLAIN (ANALYZE, BUFFERS) summaries of the SQL the routes ran.
// Run (4 to 5 minutes; not part of `npm run bench`):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/feed.ts
// BENCH_ONLY=pglite|postgres measures one database; BENCH_DURATION=10 seconds per autocannon run;
// BENCH_EXPLAIN=1 prints whole plans; BENCH_EXTRA_SQL='create index ...; ...' runs after the migrations,
// before seeding (a candidate index); BENCH_KEEP_DB=1 keeps the PostgreSQL database and prints its name;
// BENCH_REUSE_DB=<name> measures that kept database again without seeding; BENCH_SMOKE=1 seeds PostgreSQL at
// PGlite's scale (a quick check of the script); BENCH_SEARCH_ONLY=1 measures advanced search alone;
// BENCH_FEED_ONLY=1 measures feed page 1 alone (1 to 3); FEED_CACHE_BYTES=0 turns the page-1 cache off.
import { execFile } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { INSIGHTS_RANGES } from '../common/analytics.ts';
import type { Insights } from '../common/schemas/insights.ts';
import { type Post, postList } from '../common/schemas/post.ts';
import { sessionCookieName } from '../server/auth/cookies.ts';
import { openPglite, openPostgres } from '../server/db/client.ts';
import { timelineFor } from '../server/policies/timeline.ts';
import { presentPost } from '../server/presenters/post.ts';
import { feedPage } from '../server/queries/feed.ts';
import { postMentionNames } from '../server/queries/mentions.ts';
import { createEmptyDatabase } from '../server/test/db.ts';
import {
  type AdvancedSearchFigures,
  advancedSearchBench,
  advancedSearchRows,
} from './feed/advanced-search.ts';
import { type CpuSpent, cpuSince, sampleCpu } from './feed/cpu.ts';
import { captureSql, explainCaptured, rawClient } from './feed/plans.ts';
import { type SearchQueries, searchQueries } from './feed/search-queries.ts';
import { chunks, meSql, PGLITE_SCALE, POSTGRES_SCALE, type Scale, seedSql, tlSql } from './feed/seed.ts';
import {
  type BenchTarget,
  printRow,
  startTarget,
  summarize,
  type Timing,
  timeAlternating,
  timeRequests,
} from './lib.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
const DEEP_POST = 10_000;
const GOALS = {
  pgRatio: 0.2,
  pgliteRatio: 0.08,
  p99Ms: 50,
  depthRatio: 1.5,
  searchMedianMs: 10,
  dashboardMs: 20,
  insightsMs: 50,
};

const run = promisify(execFile);
const nproc = availableParallelism();
const loadgen = fileURLToPath(new URL('./feed/loadgen.mjs', import.meta.url));

interface Load {
  requestsPerSecond: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  /** The load generator's own CPU. */
  cpuMs: number;
  cpu?: CpuSpent;
}

/** One autocannon run in a child process (its own event loop and core), 50 connections. */
async function load(
  url: string,
  headers: Record<string, string>,
  duration = DURATION_S,
  target?: BenchTarget,
): Promise<Load> {
  const pgClient = target?.kind === 'postgres' ? rawClient(target.database.db) : null;
  const before = target ? await sampleCpu(pgClient) : null;
  const { stdout } = await run(
    process.execPath,
    [loadgen, JSON.stringify({ url, connections: CONNECTIONS, duration, headers })],
    { maxBuffer: 1 << 20 },
  );
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Load;
  if (before) result.cpu = await cpuSince(pgClient, before);
  if (result.non2xx || result.errors || result.timeouts)
    console.log(
      `  WARNING ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return result;
}

const fmtLoad = (l: Load) =>
  `${Math.round(l.requestsPerSecond).toLocaleString('en')} req/s (${l.total} requests, ${l.ok} 2xx), latency p50 ${l.latency.p50} ms, p97.5 ${l.latency.p97_5} ms, p99 ${l.latency.p99} ms, max ${l.latency.max} ms${l.cpu ? `\n      ${fmtCpu(l)}` : ''}`;

/** CPU per request by process, and how busy the machine was (other people's runs included). */
function fmtCpu(l: Load) {
  const c = l.cpu!;
  const per = (ms: number) => `${((ms / Math.max(1, l.total)) * 1000).toFixed(0)} µs`;
  const ours = c.nodeMs + c.postgresMs + l.cpuMs;
  const machine =
    c.machineBusyMs !== null && c.machineTotalMs
      ? `; machine ${((100 * c.machineBusyMs) / c.machineTotalMs).toFixed(0)} % busy over ${nproc} cores, ${(((c.machineBusyMs - ours) / c.machineTotalMs) * 100).toFixed(0)} % of it others' work`
      : '';
  return `CPU per request: server Node ${per(c.nodeMs)}, PostgreSQL backends ${per(c.postgresMs)}, load generator ${per(l.cpuMs)}${machine}`;
}

/** CPU per request of the server side (Node + PostgreSQL) plus the load generator. */
const cpuPerRequest = (l: Load) => (l.cpu ? (l.cpu.nodeMs + l.cpu.postgresMs + l.cpuMs) / l.total : null);

async function seconds<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

type Exec = (sql: string) => Promise<unknown>;

/** Runs jobs over the connections, each connection taking the next job when free. */
async function pool(execs: Exec[], jobs: Array<[string, string]>, label: string) {
  const queue = [...jobs];
  const start = performance.now();
  await Promise.all(
    execs.map(async (exec) => {
      for (let job = queue.shift(); job; job = queue.shift()) await exec(job[1]);
    }),
  );
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/**
 * Seeds `scale` set-based. The secondary indexes of posts, comments and reactions (exactly as the migrations
 * made them) are dropped during the bulk insert and rebuilt from their own definitions after it; foreign
 * keys are not checked row by row (session_replication_role = replica: the data is consistent by
 * construction). Work is split over the given connections.
 */
async function seed(target: BenchTarget, scale: Scale, execs: Exec[]) {
  const [main] = execs as [Exec];
  const s = seedSql(scale);
  for (const exec of execs) {
    for (const setting of [
      'jit = off',
      `maintenance_work_mem = '256MB'`,
      'session_replication_role = replica',
    ]) {
      await exec(`set ${setting}`).catch((err) =>
        console.log(`  (set ${setting}: ${(err as Error).message})`),
      );
    }
  }
  const client = rawClient(target.database.db);
  const start = performance.now();
  await seconds('users, threadlines, members, views, vocabulary', async () => {
    for (const [, statement] of s.base) await main(statement);
  });
  for (const statement of (process.env.BENCH_EXTRA_SQL ?? '').split(';')) {
    if (statement.trim()) await main(statement);
  }
  const { rows: indexes } = await client.query(`select c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    where t.relname in ('posts', 'comments', 'reactions', 'timeline_analytics')
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`);
  for (const { name } of indexes) await main(`drop index "${String(name)}"`);
  const parts = execs.length * 2;
  await pool(
    execs,
    chunks(scale.posts, parts).map(([a, b]) => ['posts', s.postsSql(a, b)]),
    `${scale.posts.toLocaleString('en')} posts`,
  );
  await pool(
    execs,
    [
      ...chunks(s.comments, parts).map(([a, b]): [string, string] => ['comments', s.commentsSql(a, b)]),
      ...chunks(scale.posts, parts).map(([a, b]): [string, string] => ['reactions', s.reactionsSql(a, b)]),
    ],
    'comments and reactions',
  );
  await pool(execs, s.analytics, 'timeline_analytics (posts, comments, reactions, joins, views)');
  await main(s.pin);
  // The GIN index is the longest build: first, so the btrees share the other connection meanwhile.
  const defs = indexes
    .map((r) => String(r.def))
    .sort((a, b) => Number(b.includes('gin')) - Number(a.includes('gin')));
  await pool(
    execs,
    defs.map((d) => ['index', d]),
    `rebuild ${defs.length} indexes (${indexes.map((r) => r.name).join(', ')})`,
  );
  await seconds('VACUUM ANALYZE', async () => {
    if (target.kind === 'pglite') await target.database.maintain();
    else await main('VACUUM ANALYZE');
  });
  console.log(`  seeding in all: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/** What was seeded, from the database. */
async function describeSeed(target: BenchTarget, busyId: string) {
  const client = rawClient(target.database.db);
  const { rows } = await client.query(
    `select (select count(*) from posts)::int as posts, (select count(*) from posts where deleted_at is not null)::int as deleted,
       (select count(*) from comments)::int as comments, (select count(*) from reactions)::int as reactions,
       (select count(distinct emoji) from reactions)::int as emoji, (select count(*) from timelines)::int as threadlines,
       (select count(*) from users)::int as users,
       (select count(*) from timeline_members where user_id = ${meSql})::int as mine,
       (select count(*) from posts where timeline_id = $1)::int as busy,
       (select count(*) from (select created_at from posts where timeline_id = $1 group by created_at having count(*) > 1) t)::int as ties,
       (select count(*) from comments where timeline_id = $1)::int as busy_comments,
       (select count(*) from reactions r join posts p on p.id = r.post_id where p.timeline_id = $1)::int as busy_reactions,
       pg_size_pretty(pg_total_relation_size('posts')) as posts_size`,
    [busyId],
  );
  const r = rows[0]!;
  console.log(
    `  seeded: ${r.posts} posts (${r.deleted} tombstones), ${r.comments} comments, ${r.reactions} reactions of ${r.emoji} emoji, ${r.threadlines} threadlines, ${r.users} users; bench user in ${r.mine} threadlines; busiest threadline: ${r.busy} posts (${r.ties} timestamps shared by 2+ posts), ${r.busy_comments} comments, ${r.busy_reactions} reactions; posts table with indexes ${r.posts_size}`,
  );
}

interface Figures {
  kind: 'pglite' | 'postgres';
  meta: Load[];
  feed: Load;
  ratio: number;
  /** The ratio from CPU per request (server, database and load generator): what an idle machine would give. */
  cpuRatio: number | null;
  /** GET /api/auth/user (the session lookup every signed-in route pays) over meta: the ceiling of ratio 1. */
  authRatio: number;
  sequential: Timing;
  depth?: { page1: Timing; deep: Timing; ratio: number };
  search?: { all: Timing; byKind: Map<string, Timing> };
  dashboard?: Array<[string, Timing]>;
  advancedSearch?: AdvancedSearchFigures;
  /** GET /api/timelines/{busiest}/insights?days= for 7, 30 and 90 days. */
  insights?: Array<[number, Timing]>;
}

async function measure(target: BenchTarget, scale: Scale, full: boolean): Promise<Figures> {
  const client = rawClient(target.database.db);
  const { rows } = await client.query(`select ${meSql} as me, ${tlSql('0')} as busy`);
  const meId = String(rows[0]!.me);
  const busyId = String(rows[0]!.busy);
  await describeSeed(target, busyId);
  const token = await target.app.sessions.create(meId);
  const cookie = `${sessionCookieName(target.app.config)}=${token}`;
  const init = { headers: { cookie } };
  const feedOnly = Boolean(process.env.BENCH_FEED_ONLY);
  const queries = feedOnly
    ? ({} as SearchQueries)
    : await seconds('search queries from the busiest threadline (ts_stat)', () =>
        searchQueries(target, busyId),
      );
  const advancedSearch = feedOnly
    ? undefined
    : await advancedSearchBench(target, meId, init, queries, (label, request) =>
        explainRequest(target, label, request),
      );
  if (process.env.BENCH_SEARCH_ONLY) return { kind: target.kind, advancedSearch } as Figures;
  const metaUrl = `${target.baseUrl}/api/meta`;
  const feedUrl = `${target.baseUrl}/api/timelines/${busyId}/posts?limit=20`;

  const first = await fetch(feedUrl, init);
  if (!first.ok) throw new Error(`feed answered ${first.status}: ${await first.text()}`);
  const page = (await first.json()) as Post[];
  const bytes = JSON.stringify(page).length;
  console.log(
    `  feed page 1: ${page.length} posts (${page[0]?.isPinned ? 'pinned post first' : 'no pinned post'}), ${page.filter((p) => p.deletedAt).length} tombstones, ${page.filter((p) => Object.keys(p.reactionCounts).length).length} with reactions, ${page.filter((p) => p.latestComment).length} with a latest comment, ${page.filter((p) => p.myReactions.length).length} with my reactions; ${bytes.toLocaleString('en')} bytes of JSON`,
  );

  // 1 and 2: throughput against the do-nothing route, meta before and after the feed (the machine is shared).
  await load(metaUrl, {}, WARMUP_S);
  await load(feedUrl, { cookie }, WARMUP_S);
  const metaBefore = await load(metaUrl, {}, DURATION_S, target);
  console.log(`  autocannon GET /api/meta:         ${fmtLoad(metaBefore)}`);
  const feed = await load(feedUrl, { cookie }, DURATION_S, target);
  console.log(`  autocannon GET .../posts?limit=20: ${fmtLoad(feed)}`);
  const metaAfter = await load(metaUrl, {}, DURATION_S, target);
  console.log(`  autocannon GET /api/meta (again): ${fmtLoad(metaAfter)}`);
  // The floor of any signed-in route: the session lookup alone (what a cached page would still pay).
  const authUrl = `${target.baseUrl}/api/auth/user`;
  await load(authUrl, { cookie }, WARMUP_S);
  const auth = await load(authUrl, { cookie }, DURATION_S, target);
  console.log(`  autocannon GET /api/auth/user:    ${fmtLoad(auth)}`);
  const metaRps = (metaBefore.requestsPerSecond + metaAfter.requestsPerSecond) / 2;
  const ratio = feed.requestsPerSecond / metaRps;
  const authRatio = auth.requestsPerSecond / metaRps;
  const [cpuMeta, cpuFeed] = [cpuPerRequest(metaAfter), cpuPerRequest(feed)];
  const cpuRatio = cpuMeta && cpuFeed ? cpuMeta / cpuFeed : null;
  console.log(
    `  ratio feed / meta: ${ratio.toFixed(3)}${cpuRatio ? `; by CPU per request (what the ratio would be with the cores to ourselves): ${cpuRatio.toFixed(3)}` : ''}; session lookup alone (auth/user) / meta: ${authRatio.toFixed(3)}`,
  );

  // 3: sequential latency of page 1.
  const sequential = await timeRequests(feedUrl, init, { count: 500, warmup: 50 });
  printRow('GET feed page 1 (sequential)', target.kind, sequential);
  console.log(`    p99 ${sequential.p99Ms.toFixed(2)} ms`);
  const figures: Figures = {
    kind: target.kind,
    meta: [metaBefore, metaAfter],
    feed,
    ratio,
    cpuRatio,
    authRatio,
    sequential,
    advancedSearch,
  };
  console.log(`  page-1 cache: ${JSON.stringify(target.app.feedCache.stats())}`);
  if (feedOnly) return figures;
  await feedBreakdown(target, token, busyId, meId);
  await explainRequest(target, 'feed page 1', () => fetch(feedUrl, init));
  figures.insights = await insightsBench(target, busyId, init);
  if (!full) return figures;

  // 4: a page 500 pages deep: the cursor of the 10,000th post in feed order (the pinned post is not in it).
  const deepPost = Math.min(DEEP_POST, Math.floor(scale.busyPosts / 2));
  const { rows: deepRows } = await client.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from posts
     where timeline_id = $1 and id is distinct from (select pinned_post_id from timelines where id = $1)
     order by created_at desc, id desc offset ${deepPost - 1} limit 2`,
    [busyId],
  );
  const cursor = `${deepRows[0]!.at},${deepRows[0]!.id}`;
  const deepUrl = `${feedUrl}&cursor=${encodeURIComponent(cursor)}`;
  const deepPage = (await (await fetch(deepUrl, init)).json()) as Post[];
  console.log(
    `  deep page: cursor ${cursor}; first post ${deepPage[0]?.id === deepRows[1]!.id ? 'is' : 'IS NOT'} the ${deepPost + 1}th by SQL; ${deepPage.length} posts`,
  );
  const [page1, deep] = (await timeAlternating(
    [
      { url: feedUrl, init },
      { url: deepUrl, init },
    ],
    { count: 300, warmup: 30 },
  )) as [Timing, Timing];
  printRow('GET feed page 1 (alternating)', target.kind, page1);
  printRow(`GET feed page ${deepPost / 20 + 1} (after ${deepPost})`, target.kind, deep);
  figures.depth = { page1, deep, ratio: deep.medianMs / page1.medianMs };
  console.log(`  depth ratio (median deep / median page 1): ${figures.depth.ratio.toFixed(2)}`);
  await explainRequest(target, `feed page ${deepPost / 20 + 1}`, () => fetch(deepUrl, init));

  // 5: search in the busiest threadline.
  figures.search = await searchBench(target, busyId, init, queries);

  // 6: the dashboard among all the threadlines.
  figures.dashboard = [];
  for (const path of [
    '/api/user/timelines',
    '/api/user/timelines?filter=active',
    '/api/user/timelines/unread-counts',
  ]) {
    const t = await timeRequests(`${target.baseUrl}${path}`, init, { count: 200, warmup: 30 });
    printRow(`GET ${path}`, target.kind, t);
    figures.dashboard.push([path, t]);
  }
  const unread = (await (
    await fetch(`${target.baseUrl}/api/user/timelines/unread-counts`, init)
  ).json()) as Array<{
    unreadPostCount: number;
    unreadCommentCount: number;
  }>;
  const list = (await (await fetch(`${target.baseUrl}/api/user/timelines`, init)).json()) as unknown[];
  console.log(
    `  dashboard: ${list.length} threadlines listed; unread counts for ${unread.length}, ${unread.reduce((n, c) => n + c.unreadPostCount + c.unreadCommentCount, 0)} unread (capped sums)`,
  );
  await explainRequest(target, 'dashboard list', () => fetch(`${target.baseUrl}/api/user/timelines`, init));
  await explainRequest(target, 'unread-counts', () =>
    fetch(`${target.baseUrl}/api/user/timelines/unread-counts`, init),
  );
  return figures;
}

/** Median wall time of `work` run `times` times one after another, and the Node CPU it used per run. */
async function medianMs(times: number, work: () => unknown) {
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  return `${summarize(samples).medianMs.toFixed(2)} ms (Node CPU ${((used.user + used.system) / 1000 / times).toFixed(2)})`;
}

/** Where a feed request's time goes, in process and one at a time: the route's steps, each alone. */
async function feedBreakdown(target: BenchTarget, token: string, busyId: string, meId: string) {
  const { db } = target.database;
  const access = await timelineFor(db, busyId, meId, 'view');
  const viewer = { showEmail: access.member.role === 'owner', pinnedPostId: access.timeline.pinnedPostId };
  const options = { limit: 20, type: 'all' as const, pinnedPostId: viewer.pinnedPostId };
  const rows = await feedPage(db, busyId, meId, options);
  const names = await postMentionNames(db, rows);
  const presented = rows.map((r) => presentPost(r, viewer, names));
  console.log(
    `  feed request in process, one at a time (median of 100, and Node's CPU per call): session ${await medianMs(100, () => target.app.sessions.resolve(token))}, access ${await medianMs(100, () => timelineFor(db, busyId, meId, 'view'))}, page query ${await medianMs(100, () => feedPage(db, busyId, meId, options))}, mentions ${await medianMs(100, () => postMentionNames(db, rows))}, present ${await medianMs(100, () => rows.map((r) => presentPost(r, viewer, names)))}, zod parse ${await medianMs(100, () => postList.parse(presented))} + JSON.stringify ${await medianMs(100, () => JSON.stringify(presented))} (the response serializer runs both)`,
  );
}

/** The statements one request runs (the session lookup aside), each with a one-line plan summary. */
async function explainRequest(target: BenchTarget, label: string, request: () => Promise<Response>) {
  const statements = await captureSql(target, async () => {
    const res = await request();
    await res.arrayBuffer();
  });
  const own = statements.filter((q) => !/"sessions"/.test(q.text));
  console.log(
    `  EXPLAIN ${label} on ${target.kind}: ${statements.length} statements (${own.length} besides the session)`,
  );
  for (const [k, q] of own.entries()) {
    const plan = await explainCaptured(target, q);
    const what = q.text.replace(/\s+/g, ' ').slice(0, 70);
    console.log(`    [${k + 1}] ${what}...: ${plan.summary}`);
    if (process.env.BENCH_EXPLAIN)
      console.log(`${q.text}\n-- params ${JSON.stringify(q.params)}\n${plan.text}`);
  }
}

/** Insights of the busiest threadline (the bench user owns it) for each range, and the plan of 90 days. */
async function insightsBench(target: BenchTarget, busyId: string, init: RequestInit) {
  const client = rawClient(target.database.db);
  const { rows } = await client.query(
    `select count(*)::int as n from timeline_analytics where timeline_id = $1`,
    [busyId],
  );
  console.log(`  insights of the busiest threadline (${rows[0]!.n} timeline_analytics rows in all):`);
  const out: Array<[number, Timing]> = [];
  for (const days of INSIGHTS_RANGES) {
    const url = `${target.baseUrl}/api/timelines/${busyId}/insights?days=${days}`;
    const res = await fetch(url, init);
    if (!res.ok) throw new Error(`insights answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as Insights;
    const total = (k: 'posts' | 'comments' | 'reactions') => body.series.reduce((n, d) => n + d[k], 0);
    const t = await timeRequests(url, init, { count: 100, warmup: 10 });
    printRow(`GET .../insights?days=${days}`, target.kind, t);
    console.log(
      `    ${body.series.length} days: ${total('posts')} posts, ${total('comments')} comments, ${total('reactions')} reactions, ${body.topMembers.length} top members`,
    );
    out.push([days, t]);
  }
  await explainRequest(target, 'insights 90 days', () =>
    fetch(`${target.baseUrl}/api/timelines/${busyId}/insights?days=90`, init),
  );
  return out;
}

/** Search queries of every kind; the common and rare words are picked from the busiest threadline's own words. */
async function searchBench(target: BenchTarget, busyId: string, init: RequestInit, found: SearchQueries) {
  const { queries, words, live, common, medium, rare } = found;
  const all: number[] = [];
  const byKind = new Map<string, number[]>();
  console.log(
    `  search in the busiest threadline (${live} live posts); per query: matches of the first page, median of 20:`,
  );
  for (const [kind, q] of queries) {
    const url = `${target.baseUrl}/api/timelines/${busyId}/search?q=${encodeURIComponent(q)}`;
    const res = await fetch(url, init);
    if (!res.ok)
      throw new Error(`search ${JSON.stringify(q.slice(0, 40))} answered ${res.status}: ${await res.text()}`);
    const found = ((await res.json()) as unknown[]).length;
    const t = await timeRequests(url, init, { count: 20, warmup: 3 });
    const ndoc = words.find((w) => w.word === q)?.ndoc;
    console.log(
      `    ${kind.padEnd(12)} ${JSON.stringify(q.length > 30 ? `${q.slice(0, 27)}... (${q.length} chars)` : q).padEnd(40)} ${String(found).padStart(2)} results${ndoc ? ` (in ${ndoc} posts)` : ''}: median ${t.medianMs.toFixed(2)} ms, p95 ${t.p95Ms.toFixed(2)} ms`,
    );
    // timeRequests keeps only the summary: sample the query again for the pooled distribution.
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await (await fetch(url, init)).arrayBuffer();
      const ms = performance.now() - start;
      all.push(ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    }
  }
  const overall = summarize(all);
  printRow('GET .../search (all queries pooled)', target.kind, overall);
  const kinds = new Map([...byKind].map(([k, v]) => [k, summarize(v)]));
  for (const [k, t] of kinds) printRow(`  search: ${k}`, target.kind, t);
  await explainRequest(target, `search common "${common[0]!.word}"`, () =>
    fetch(`${target.baseUrl}/api/timelines/${busyId}/search?q=${encodeURIComponent(common[0]!.word)}`, init),
  );
  await explainRequest(target, `search rare "${rare[0]!.word}"`, () =>
    fetch(`${target.baseUrl}/api/timelines/${busyId}/search?q=${encodeURIComponent(rare[0]!.word)}`, init),
  );
  await explainRequest(target, `search medium "${medium[0]!.word}"`, () =>
    fetch(`${target.baseUrl}/api/timelines/${busyId}/search?q=${encodeURIComponent(medium[0]!.word)}`, init),
  );
  await explainRequest(target, 'search file name "report"', () =>
    fetch(`${target.baseUrl}/api/timelines/${busyId}/search?q=report`, init),
  );
  await explainRequest(target, 'search no match "zzyzxq"', () =>
    fetch(`${target.baseUrl}/api/timelines/${busyId}/search?q=zzyzxq`, init),
  );
  await explainRequest(target, 'search prefix "ka"', () =>
    fetch(`${target.baseUrl}/api/timelines/${busyId}/search?q=ka`, init),
  );
  return { all: overall, byKind: kinds };
}

async function runPglite(): Promise<Figures> {
  // PGLITE_WORKER=on: PGlite in a thread of its own, as the server runs it with that setting.
  const worker = process.env.PGLITE_WORKER === 'on';
  const where = worker ? 'in a worker thread' : 'in process';
  console.log(`\nPGlite (in memory, ${where}): ${PGLITE_SCALE.posts.toLocaleString('en')} posts`);
  const database = await openPglite(undefined, { worker });
  const target = await startTarget('pglite', database);
  try {
    const client = rawClient(database.db) as unknown as { exec(sql: string): Promise<unknown> };
    await seed(target, PGLITE_SCALE, [(sql) => client.exec(sql)]);
    return await measure(target, PGLITE_SCALE, false);
  } finally {
    await target.close();
  }
}

async function runPostgres(serverUrl: string): Promise<Figures> {
  const reuse = process.env.BENCH_REUSE_DB;
  const scratch = reuse ? null : await createEmptyDatabase(serverUrl, 'tl_bench_feed');
  const url = new URL(serverUrl);
  url.pathname = `/${reuse ?? new URL(scratch!.url).pathname.slice(1)}`;
  const scale = process.env.BENCH_SMOKE ? PGLITE_SCALE : POSTGRES_SCALE;
  console.log(`\nPostgreSQL (database ${url.pathname.slice(1)}): ${scale.posts.toLocaleString('en')} posts`);
  const database = await openPostgres(url.toString());
  const target = await startTarget('postgres', {
    ...database,
    close: async () => {
      await database.close();
      if (scratch && !process.env.BENCH_KEEP_DB) await scratch.drop();
      else console.log(`  kept database ${url.pathname.slice(1)} (BENCH_REUSE_DB=${url.pathname.slice(1)})`);
    },
  });
  try {
    if (!reuse) {
      const clients = [
        new pg.Client({ connectionString: url.toString() }),
        new pg.Client({ connectionString: url.toString() }),
      ];
      try {
        for (const c of clients) await c.connect();
        await seed(
          target,
          scale,
          clients.map((c) => (sql: string) => c.query(sql)),
        );
      } finally {
        for (const c of clients) await c.end();
      }
    }
    return await measure(target, scale, true);
  } finally {
    await target.close();
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL;
const only = process.env.BENCH_ONLY;
if (!serverUrl && only !== 'pglite') {
  console.error('bench/feed.ts needs BENCH_DATABASE_URL (a PostgreSQL server URL), or BENCH_ONLY=pglite');
  process.exit(1);
}
const started = performance.now();
console.log(
  `bench/feed.ts ${new Date().toISOString()}; autocannon ${CONNECTIONS} connections, ${DURATION_S} s runs after ${WARMUP_S} s warm-ups, in a child process; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${nproc} cores`,
);
const pgliteFigures = only === 'postgres' ? null : await runPglite();
const pgFigures = only === 'pglite' ? null : await runPostgres(serverUrl!);
if (process.env.BENCH_SEARCH_ONLY) reportSearchOnly(pgFigures, pgliteFigures);
else report(pgFigures, pgliteFigures);
console.log(
  `\ntotal ${((performance.now() - started) / 60_000).toFixed(1)} minutes; load average now ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${nproc} cores`,
);

function cpuNote(f: Figures) {
  return f.cpuRatio ? ` [CPU ${f.cpuRatio.toFixed(3)}]` : '';
}

function report(pgF: Figures | null, liteF: Figures | null) {
  const rows: Array<[string, string, string, boolean | null]> = [];
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  if (pgF)
    rows.push([
      '1. feed/meta req/s, PostgreSQL 1M',
      `${pgF.ratio.toFixed(3)}${cpuNote(pgF)} (${Math.round(pgF.feed.requestsPerSecond)} / ${Math.round((pgF.meta[0]!.requestsPerSecond + pgF.meta[1]!.requestsPerSecond) / 2)})`,
      `>= ${GOALS.pgRatio}`,
      pgF.ratio >= GOALS.pgRatio,
    ]);
  if (liteF)
    rows.push([
      '2. feed/meta req/s, PGlite 100k',
      `${liteF.ratio.toFixed(3)}${cpuNote(liteF)} (${Math.round(liteF.feed.requestsPerSecond)} / ${Math.round((liteF.meta[0]!.requestsPerSecond + liteF.meta[1]!.requestsPerSecond) / 2)})`,
      `>= ${GOALS.pgliteRatio}`,
      liteF.ratio >= GOALS.pgliteRatio,
    ]);
  if (pgF) {
    rows.push([
      '3. feed p99, 50 connections',
      ms(pgF.feed.latency.p99),
      `< ${GOALS.p99Ms} ms`,
      pgF.feed.latency.p99 < GOALS.p99Ms,
    ]);
    rows.push([
      '3. feed p99, sequential',
      `${ms(pgF.sequential.p99Ms)} (median ${ms(pgF.sequential.medianMs)})`,
      `< ${GOALS.p99Ms} ms`,
      pgF.sequential.p99Ms < GOALS.p99Ms,
    ]);
    if (pgF.depth)
      rows.push([
        '4. page 501 / page 1 median',
        `${pgF.depth.ratio.toFixed(2)} (${ms(pgF.depth.deep.medianMs)} / ${ms(pgF.depth.page1.medianMs)})`,
        `< ${GOALS.depthRatio}`,
        pgF.depth.ratio < GOALS.depthRatio,
      ]);
    if (pgF.search)
      rows.push([
        '5. search median / p95',
        `${ms(pgF.search.all.medianMs)} / ${ms(pgF.search.all.p95Ms)}`,
        `median < ${GOALS.searchMedianMs} ms`,
        pgF.search.all.medianMs < GOALS.searchMedianMs,
      ]);
    for (const [path, t] of pgF.dashboard ?? [])
      rows.push([
        `6. ${path.replace('/api/user/timelines', 'dashboard')}`,
        `${ms(t.medianMs)} (p95 ${ms(t.p95Ms)})`,
        `< ${GOALS.dashboardMs} ms`,
        t.medianMs < GOALS.dashboardMs,
      ]);
  }
  for (const f of [pgF, liteF]) {
    for (const [days, t] of f?.insights ?? [])
      rows.push([
        `7. insights ${days} days, ${f!.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
        `${ms(t.medianMs)} (p95 ${ms(t.p95Ms)})`,
        `< ${GOALS.insightsMs} ms`,
        t.medianMs < GOALS.insightsMs,
      ]);
  }
  rows.push(...advancedSearchRows(pgF?.advancedSearch, 'postgres'));
  rows.push(...advancedSearchRows(liteF?.advancedSearch, 'pglite'));
  if (liteF)
    rows.push([
      '   (PGlite feed p99, 50 conns / seq.)',
      `${ms(liteF.feed.latency.p99)} / ${ms(liteF.sequential.p99Ms)}`,
      '-',
      null,
    ]);
  console.log('\nResults');
  console.log(`| ${'measurement'.padEnd(38)} | ${'value'.padEnd(34)} | ${'goal'.padEnd(16)} | met |`);
  console.log(`| ${'-'.repeat(38)} | ${'-'.repeat(34)} | ${'-'.repeat(16)} | --- |`);
  for (const [m, v, g, ok] of rows)
    console.log(
      `| ${m.padEnd(38)} | ${v.padEnd(34)} | ${g.padEnd(16)} | ${ok === null ? '   ' : ok ? 'yes' : 'NO '} |`,
    );
}

/** BENCH_SEARCH_ONLY=1: the advanced search rows alone. */
function reportSearchOnly(pgF: Figures | null, liteF: Figures | null) {
  console.log('\nResults');
  for (const [m, v, g, ok] of [
    ...advancedSearchRows(pgF?.advancedSearch, 'postgres'),
    ...advancedSearchRows(liteF?.advancedSearch, 'pglite'),
  ])
    console.log(
      `| ${m.padEnd(38)} | ${v.padEnd(34)} | ${g.padEnd(16)} | ${ok === null ? '   ' : ok ? 'yes' : 'NO '} |`,
    );
}
