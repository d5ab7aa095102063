// GET /api/user/timelines (all, ?filter=active) and GET /api/user/timelines/unread-counts for a user in 300
// threadlines, at 10,000 and at 100,000 posts and comments: neither should grow with the number of posts.
// Run: node --import tsx bench/timelines-list.ts   (add BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres for PostgreSQL)
// BENCH_ONLY=pglite|postgres measures one database; BENCH_EXPLAIN=1 prints the whole plans;
// BENCH_EXTRA_SQL='drop index ...; create index ...' tries a candidate index before any post is seeded.
// BENCH_OTHER_THREADLINES=9700 puts the user in 300 of 10,000 threadlines (issue 28's figure).
import { performance } from 'node:perf_hooks';
import { timelineList, unreadCounts as unreadCountsSchema } from '../common/schemas/timeline.ts';
import { sessionCookieName } from '../server/auth/cookies.ts';
import type { Db } from '../server/db/client.ts';
import * as schema from '../server/db/schema/index.ts';
import { presentTimelineListItem } from '../server/presenters/timeline.ts';
import { listUserTimelines } from '../server/queries/timelineList.ts';
import { UNREAD_CAP, unreadCounts } from '../server/queries/unreadCounts.ts';
import { explainCaptured, rawClient } from './feed/plans.ts';
import { type BenchTarget, benchKinds, startTarget, type Timing, timeRequests } from './lib.ts';

const MY_THREADLINES = 300;
/** Threadlines of other people, without posts: the tables the list joins are not just the user's. */
const OTHER_THREADLINES = Number(process.env.BENCH_OTHER_THREADLINES ?? 1_700);
const OTHER_USERS = 60;
/** Cumulative sizes, all in the user's 300 threadlines: 60 % posts, 40 % comments. */
const SIZES = [
  { posts: 6_000, comments: 4_000 },
  { posts: 60_000, comments: 40_000 },
];
const TIMED = { count: 200, warmup: 30 };

// Every id is derived from a number, so posts and comments can name their threadline, author and post
// without joins, and both databases get the same data.
/** An RFC 4122 version-4 uuid from an md5 (the API schemas check the version and variant digits). */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const me = uuidOf(`'bench-user-me'`);
const tl = (i: string) => uuidOf(`'bench-tl-' || (${i})`);
const user = (j: string) => uuidOf(`'bench-user-' || (${j})`);
const post = (g: string) => uuidOf(`'bench-post-' || (${g})`);
/** Members besides the bench user: 4 to 9, so 5 to 10 in all. */
const others = (i: string) => `(4 + (${i}) % 6)`;
/** The m-th other member of threadline i (13 is prime to 60, so they are distinct). */
const other = (i: string, m: string) => user(`((${i}) * 7 + (${m}) * 13) % ${OTHER_USERS}`);
/** Owner of a fifth, moderator of a fifth, viewer of a fifth, participant in the rest. */
const myRole = (i: string) =>
  `case (${i}) % 5 when 0 then 'owner' when 1 then 'moderator' when 4 then 'viewer' else 'participant' end`;
/** Posts fall unevenly: the busiest threadline gets ~6 % of them, the quietest ~0.2 %. */
const postThreadline = (g: string) =>
  `floor(${MY_THREADLINES} * power(((${g})::bigint * 7919 % 10007) / 10007.0, 2))::int`;
/** Spread over the last year, interleaved, so the second size adds history and recent posts alike. */
const postTime = (g: string) => `now() - ((${g})::bigint * 104729 % 525600) * interval '1 minute'`;
/** An author among the members who may post (the bench user writes 1 in `share` where not a viewer). */
const author = (i: string, g: string, share: number) =>
  `case when (${g}) % ${share} = 0 and (${i}) % 5 <> 4 then ${me}
     else ${other(i, `case when (${g}) % ${others(i)} = 1 then 0 else (${g}) % ${others(i)} end`)} end`;

const seedBase = [
  `insert into users (id, email, first_name, display_name)
   select ${me}, 'bench-me@example.test', 'Bench', 'Bench Me'
   union all
   select ${user('j')}, 'bench-' || j || '@example.test', 'Member' || j, null
   from generate_series(0, ${OTHER_USERS - 1}) j`,
  // Threadlines 0..299 are the user's; a tenth archived, one in fifty deleted.
  `insert into timelines (id, name, description, join_code, owner_id, archived_at, archived_by, deleted_at,
     deleted_by, created_at, updated_at)
   select ${tl('i')}, 'Threadline ' || i, 'Bench threadline number ' || i, substr(md5('join-' || i), 1, 10),
     owner, case when i % 10 = 7 then now() - interval '10 days' end, case when i % 10 = 7 then owner end,
     case when i % 50 = 13 then now() - interval '5 days' end, case when i % 50 = 13 then owner end,
     created, created
   from (select i, now() - interval '400 days' + (i % 2000) * interval '1 hour' as created,
           case when i % 5 = 0 and i < ${MY_THREADLINES} then ${me} else ${other('i', '0')} end as owner
         from generate_series(0, ${MY_THREADLINES + OTHER_THREADLINES - 1}) i) t`,
  `insert into timeline_members (timeline_id, user_id, role, joined_at)
   select ${tl('i')}, ${me}, ${myRole('i')},
     now() - interval '400 days' + i * interval '1 hour' + (i % 7) * interval '1 day'
   from generate_series(0, ${MY_THREADLINES - 1}) i`,
  `insert into timeline_members (timeline_id, user_id, role, joined_at)
   select ${tl('i')}, ${other('i', 'm')},
     case when m = 0 then (case when i % 5 = 0 and i < ${MY_THREADLINES} then 'moderator' else 'owner' end)
          when m = 1 then 'viewer' else 'participant' end,
     now() - interval '400 days' + i * interval '1 hour' + m * interval '1 day'
   from generate_series(0, ${MY_THREADLINES + OTHER_THREADLINES - 1}) i, generate_series(0, 8) m
   where m < ${others('i')}`,
  // What the membership commands keep on each row (timelines.member_count), as migration 0024 backfills it.
  `update timelines set member_count = m.n
   from (select timeline_id, count(*)::int as n from timeline_members group by timeline_id) m
   where m.timeline_id = timelines.id`,
  // Two threadlines in three viewed, at different times; some comments never looked at.
  `insert into user_timeline_views (user_id, timeline_id, last_viewed_at, last_comment_viewed_at)
   select ${me}, ${tl('i')}, seen, case when i % 6 = 1 then null else seen - interval '2 days' end
   from (select i, now() - (i % 40) * interval '1 day' - (i % 24) * interval '1 hour' as seen
         from generate_series(0, ${MY_THREADLINES - 1}) i) v
   where i % 3 <> 0`,
];

function seedPosts(from: number, to: number) {
  // About one post in a hundred deleted, by the threadline's first other member.
  return `insert into posts (id, timeline_id, author_id, content, type, deleted_at, deleted_by, created_at, updated_at)
   select ${post('g')}, ${tl('i')}, ${author('i', 'g', 5)},
     'Post ' || g || ': notes from the week, lorem ipsum dolor sit amet', 'text',
     case when g % 97 = 0 then at + interval '1 hour' end, case when g % 97 = 0 then ${other('i', '0')} end,
     at, at
   from (select g, ${postThreadline('g')} as i, ${postTime('g')} as at
         from generate_series(${from}, ${to}) g) p`;
}

/** Comments on posts 1..postCount, each in its post's threadline, within two days of it. */
function seedComments(from: number, to: number, postCount: number) {
  return `insert into comments (post_id, timeline_id, author_id, content, created_at, updated_at)
   select ${post('p')}, ${tl('i')}, ${author('i', 'h', 4)},
     'Comment ' || h || ' on post ' || p, at, at
   from (select h, p, ${postThreadline('p')} as i,
           least(now(), ${postTime('p')} + (h % 2880) * interval '1 minute') as at
         from (select h, (h::bigint * 7907 % ${postCount}) + 1 as p
               from generate_series(${from}, ${to}) h) hp) c`;
}

/** The user opens every threadline: nothing unread, whatever the number of posts. */
const markAllRead = `insert into user_timeline_views (user_id, timeline_id, last_viewed_at, last_comment_viewed_at)
   select ${me}, ${tl('i')}, now(), now() from generate_series(0, ${MY_THREADLINES - 1}) i
   on conflict (user_id, timeline_id)
   do update set last_viewed_at = excluded.last_viewed_at, last_comment_viewed_at = excluded.last_comment_viewed_at`;

/** lib.ts's printRow with p99 beside p95 (issue 28's goals are a median and a p99). */
function printRow(label: string, kind: string, t: Timing) {
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(
    `${label.padEnd(40)} ${kind.padEnd(9)} n=${t.count}  median ${f(t.medianMs)} ms  p95 ${f(t.p95Ms)} ms  p99 ${f(t.p99Ms)} ms  max ${f(t.maxMs)} ms`,
  );
}

async function seconds(label: string, work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return `${label} ${((performance.now() - start) / 1000).toFixed(1)} s`;
}

async function vacuumAnalyze(target: BenchTarget) {
  // PostgreSQL's autovacuum would get there too, but not before the first timed request.
  if (target.kind === 'pglite') await target.database.maintain();
  else await rawClient(target.database.db).query('VACUUM ANALYZE');
}

async function medianMs(times: number, work: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!.toFixed(2);
}

/** Where a request's time goes, in process: the query alone, then presenting and serializing its rows. */
async function breakdown(target: BenchTarget, meId: string) {
  const { db } = target.database;
  const list = await listUserTimelines(db, meId, undefined);
  const unread = await unreadCounts(db, meId);
  console.log(
    `  in process (median of 30): list query ${await medianMs(30, () => listUserTimelines(db, meId, undefined))} ms + present/zod/JSON ${await medianMs(30, () => JSON.stringify(timelineList.parse(list.map((row) => presentTimelineListItem(row, target.app.config)))))} ms; unread query ${await medianMs(30, () => unreadCounts(db, meId))} ms + zod/JSON ${await medianMs(30, () => JSON.stringify(unreadCountsSchema.parse(unread)))} ms`,
  );
}

/** One line per query (bench/feed/plans.ts): execution time, how each table is read, any sequential scan, sort or JIT. */
async function explain(target: BenchTarget, meId: string, label: string, only?: string) {
  const client = rawClient(target.database.db);
  const captured: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => void captured.push({ text, params }) };
  const { drizzle } =
    target.kind === 'pglite' ? await import('drizzle-orm/pglite') : await import('drizzle-orm/node-postgres');
  // The app's own queries, built by the app's code, on the same connection, with the SQL logged.
  const logged = (drizzle as (client: unknown, config: object) => unknown)(client, { schema, logger }) as Db;
  const queries: Array<[string, () => Promise<unknown>]> = [
    ['list', () => listUserTimelines(logged, meId, undefined)],
    ['unread-counts', () => unreadCounts(logged, meId)],
  ];
  for (const [name, run] of queries) {
    if (only && name !== only) continue;
    captured.length = 0;
    await run();
    const query = captured[0];
    if (!query) throw new Error(`no SQL captured for ${name}`);
    const plan = await explainCaptured(target, query);
    console.log(`  EXPLAIN ${name} ${label}: ${plan.summary}`);
    if (process.env.BENCH_EXPLAIN) for (const line of plan.text.split('\n')) console.log(`    ${line}`);
  }
}

for (const kind of benchKinds().filter((k) => !process.env.BENCH_ONLY || k === process.env.BENCH_ONLY)) {
  const target = await startTarget(kind);
  try {
    const client = rawClient(target.database.db);
    const steps = [
      await seconds('users, threadlines, members, views', async () => {
        for (const statement of seedBase) await client.query(statement);
        for (const statement of (process.env.BENCH_EXTRA_SQL ?? '').split(';')) {
          if (statement.trim()) await client.query(statement);
        }
      }),
    ];
    const meId = String((await client.query(`select ${me} as id`)).rows[0]?.id);
    const cookie = `${sessionCookieName(target.app.config)}=${await target.app.sessions.create(meId)}`;
    const get = (path: string) => timeRequests(`${target.baseUrl}${path}`, { headers: { cookie } }, TIMED);
    const unreadSummary = async () => {
      const res = await fetch(`${target.baseUrl}/api/user/timelines/unread-counts`, { headers: { cookie } });
      if (!res.ok) throw new Error(`unread-counts answered ${res.status}: ${await res.text()}`);
      const counts = (await res.json()) as Array<{ unreadPostCount: number; unreadCommentCount: number }>;
      const capped = counts.filter((c) => c.unreadPostCount >= UNREAD_CAP).length;
      const unread = counts.reduce((n, c) => n + c.unreadPostCount + c.unreadCommentCount, 0);
      return `${counts.length} threadlines, ${unread} unread (capped sum), ${capped} post counts at the cap`;
    };

    let posts = 0;
    let comments = 0;
    for (const size of SIZES) {
      steps.push(await seconds('posts', () => client.query(seedPosts(posts + 1, size.posts))));
      steps.push(
        await seconds('comments', () => client.query(seedComments(comments + 1, size.comments, size.posts))),
      );
      steps.push(await seconds('vacuum analyze', () => vacuumAnalyze(target)));
      posts = size.posts;
      comments = size.comments;
      const at = `(${(posts + comments) / 1000}k)`;
      console.log(`${kind} ${at}: ${posts} posts + ${comments} comments; seeding ${steps.join(', ')}`);
      console.log(`  unread-counts: ${await unreadSummary()}`);
      steps.length = 0;

      printRow(`GET /api/user/timelines ${at}`, kind, await get('/api/user/timelines'));
      printRow(
        `GET /api/user/timelines?filter=active ${at}`,
        kind,
        await get('/api/user/timelines?filter=active'),
      );
      printRow(`GET .../unread-counts ${at}`, kind, await get('/api/user/timelines/unread-counts'));
      await breakdown(target, meId);
      await explain(target, meId, `${kind} ${at}`);
    }

    // Same 100k, everything read: what unread-counts costs is the unread rows it reads, not the posts.
    await client.query(markAllRead);
    await vacuumAnalyze(target);
    const at = `(${(posts + comments) / 1000}k, all read)`;
    console.log(`${kind} ${at}: unread-counts: ${await unreadSummary()}`);
    printRow(`GET .../unread-counts ${at}`, kind, await get('/api/user/timelines/unread-counts'));
    await explain(target, meId, `${kind} ${at}`, 'unread-counts');
  } finally {
    await target.close();
  }
}
