// Issue 27: the notification inbox at a million notifications. GET /api/notifications (first page and a
// deep page) and its two queries (the page, the unread count), for a heavy user holding 100,000 of them
// (40,000 unread, a fifth about threadlines they can no longer read) and for a typical user (about 90).
// Run: node --import tsx bench/notifications-inbox.ts   (add BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres for PostgreSQL)
// BENCH_ONLY=pglite|postgres measures one database; BENCH_EXPLAIN=1 prints the whole plans;
// BENCH_NOTIFICATIONS=200000 seeds fewer (the heavy user keeps a tenth of them).
import { performance } from 'node:perf_hooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATIONS } from '../common/notifications.ts';
import { sessionCookieName } from '../server/auth/cookies.ts';
import type { Db } from '../server/db/client.ts';
import * as schema from '../server/db/schema/index.ts';
import { readableNotification } from '../server/notifications/readable.ts';
import { inboxPage, unreadCount } from '../server/queries/notifications.ts';
import { captureSql, explainCaptured, rawClient } from './feed/plans.ts';
import { type BenchTarget, benchKinds, printRow, startTarget, timeAlternating } from './lib.ts';

const TOTAL = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
/** The heavy user's share, and how many of theirs are unread (the newest). */
const HEAVY = Math.round(TOTAL / 10);
const HEAVY_UNREAD = Math.round(HEAVY * 0.4);
const OTHER_USERS = 9_998;
const THREADLINES = 500;
/** Threadlines the heavy user's notifications are about: 0..299 (see the roles below). */
const MINE = 300;
const TIMED = { count: 200, warmup: 30 };

/** An RFC 4122 version-4 uuid from an md5 (the API schemas check the version and variant digits). */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const heavy = uuidOf(`'bench-n-heavy'`);
const user = (j: string) => uuidOf(`'bench-n-user-' || (${j})`);
const tl = (i: string) => uuidOf(`'bench-n-tl-' || (${i})`);
/** The typical user: other user 1, member of the five threadlines its notifications are about. */
const typical = user('1');
/** Other user j belongs to threadlines (7j + k) mod 500, k < 5. */
const othersThreadline = (j: string, k: string) => `((${j}) * 7 + (${k})) % ${THREADLINES}`;

/**
 * The heavy user's threadlines: owner of 0..29, moderator of 30..59, participant in 60..269 (200..219 archived
 * by their owner, 220..229 deleted), left 270..299. So notifications about 200..229 and 270..299 (a fifth) are
 * no longer readable.
 */
const seedBase = [
  `insert into users (id, email, first_name, display_name)
   select ${heavy}, 'bench-n-heavy@example.test', 'Heavy', 'Heavy Reader'
   union all
   select ${user('j')}, 'bench-n-' || j || '@example.test', 'Member' || j, null
   from generate_series(0, ${OTHER_USERS - 1}) j`,
  `insert into timelines (id, name, join_code, owner_id, archived_at, archived_by, deleted_at, deleted_by)
   select ${tl('i')}, 'Threadline ' || i, substr(md5('bench-n-join-' || i), 1, 10), owner,
     case when i between 200 and 219 then now() - interval '3 days' end,
     case when i between 200 and 219 then owner end,
     case when i between 220 and 229 then now() - interval '2 days' end,
     case when i between 220 and 229 then owner end
   from (select i, case when i < 30 then ${heavy} else ${user(`i + 1000`)} end as owner
         from generate_series(0, ${THREADLINES - 1}) i) t`,
  `insert into timeline_members (timeline_id, user_id, role)
   select ${tl('i')}, ${heavy},
     case when i < 30 then 'owner' when i < 60 then 'moderator' else 'participant' end
   from generate_series(0, 269) i`,
  `insert into timeline_members (timeline_id, user_id, role)
   select ${tl('i')}, ${user(`i + 1000`)}, 'owner' from generate_series(30, ${THREADLINES - 1}) i`,
  `insert into timeline_members (timeline_id, user_id, role)
   select distinct ${tl(othersThreadline('j', 'k'))}, ${user('j')}, 'participant'
   from generate_series(0, ${OTHER_USERS - 1}) j, generate_series(0, 4) k
   on conflict do nothing`,
];

/** A type for the g-th notification: posts, mentions, replies, messages, requests, roles (as a busy inbox). */
const typeOf = (g: string) =>
  `case (${g}) % 20 when 0 then 'role_changed' when 1 then 'join_request' when 2 then 'message'
     when 3 then 'message' when 4 then 'mention' when 5 then 'mention' when 6 then 'reply'
     when 7 then 'request_outcome' else 'new_post' end`;

function seedHeavy() {
  // Join requests only where they manage (0..59); messages have no threadline.
  return `insert into notifications (user_id, type, actor_id, timeline_id, text, href, read_at, created_at)
   select ${heavy}, type, ${user('g % 9998')},
     case when type = 'message' then null
          when type = 'join_request' then ${tl('g % 60')} else ${tl(`g % ${MINE}`)} end,
     'Member' || (g % 9998) || ' posted in Threadline ' || (g % ${MINE}) || ': “notes from the week, lorem ipsum dolor sit amet”',
     '/timeline/x?post=y',
     case when g <= ${HEAVY - HEAVY_UNREAD} then at + interval '1 hour' end, at
   from (select g, ${typeOf('g')} as type,
           now() - (${HEAVY} - g) * interval '30 seconds' as at
         from generate_series(1, ${HEAVY}) g) s`;
}

function seedOthers(from: number, to: number) {
  // Spread over the last 90 days; four in five read.
  return `insert into notifications (user_id, type, actor_id, timeline_id, text, href, read_at, created_at)
   select ${user('j')}, type, ${user('(j + 1) % 9998')},
     case when type = 'message' then null else ${tl(othersThreadline('j', 'g % 5'))} end,
     'Member' || ((j + 1) % 9998) || ' mentioned you: “lorem ipsum dolor sit amet”', '/timeline/x?post=y',
     case when g % 5 <> 0 then at + interval '1 hour' end, at
   from (select g, g % ${OTHER_USERS} as j, ${typeOf('g')} as type,
           now() - ((g::bigint * 104729) % 7776000) * interval '1 second' as at
         from generate_series(${from}, ${to}) g) s`;
}

async function seconds(label: string, work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return `${label} ${((performance.now() - start) / 1000).toFixed(1)} s`;
}

/** Medians of `times` runs of each, taken in turn (A, B, C, A, ...) so load from elsewhere falls on all alike. */
async function alternating(times: number, works: Array<() => unknown>) {
  const samples: number[][] = works.map(() => []);
  for (let i = 0; i < times; i++) {
    for (const [k, work] of works.entries()) {
      const start = performance.now();
      await work();
      samples[k]!.push(performance.now() - start);
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b)[Math.floor(times / 2)]!.toFixed(2));
}

/** The unread count as first written: the access check per unread row (kept here to compare). */
const unreadPerRow = (db: Db, userId: string) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.notifications)
    .where(
      and(
        eq(schema.notifications.userId, userId),
        isNull(schema.notifications.readAt),
        readableNotification(),
      ),
    );

async function explainPerRow(target: BenchTarget, userId: string, label: string) {
  const [query] = await captureSql(target, () => unreadPerRow(target.database.db, userId));
  if (!query) throw new Error('no SQL captured for the per-row count');
  const plan = await explainCaptured(target, query);
  console.log(`  EXPLAIN unread count, per-row check (before) ${label}: ${plan.summary}`);
}

/** The app's own queries, built by its code, captured and explained (bench/feed/plans.ts). */
async function explain(target: BenchTarget, userId: string, cursor: string | undefined, label: string) {
  const captured: { text: string; params: unknown[] }[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => void captured.push({ text, params }) };
  const { drizzle } =
    target.kind === 'pglite' ? await import('drizzle-orm/pglite') : await import('drizzle-orm/node-postgres');
  const client = rawClient(target.database.db);
  const logged = (drizzle as (client: unknown, config: object) => unknown)(client, { schema, logger }) as Db;
  const queries: Array<[string, () => Promise<unknown>]> = [
    [cursor ? 'page (deep)' : 'page', () => inboxPage(logged, userId, cursor)],
    ...(cursor
      ? []
      : ([['unread count', () => unreadCount(logged, userId)]] as Array<[string, () => Promise<unknown>]>)),
  ];
  for (const [name, run] of queries) {
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
    const steps: string[] = [];
    steps.push(
      await seconds('users, threadlines, members', async () => {
        for (const statement of seedBase) await client.query(statement);
      }),
    );
    steps.push(await seconds('heavy user', () => client.query(seedHeavy())));
    const CHUNK = 300_000;
    steps.push(
      await seconds('others', async () => {
        for (let from = 1; from <= TOTAL - HEAVY; from += CHUNK) {
          await client.query(seedOthers(from, Math.min(TOTAL - HEAVY, from + CHUNK - 1)));
        }
      }),
    );
    steps.push(
      await seconds('vacuum analyze', () =>
        target.kind === 'pglite' ? target.database.maintain() : client.query('VACUUM ANALYZE'),
      ),
    );
    const [{ n } = { n: 0 }] = (await client.query('select count(*)::int as n from notifications')).rows as {
      n: number;
    }[];
    console.log(`${kind}: ${n} notifications; seeding ${steps.join(', ')}`);

    const ids = (await client.query(`select ${heavy} as heavy, ${typical} as typical`)).rows[0] as {
      heavy: string;
      typical: string;
    };
    const users = [
      { who: 'heavy', userId: ids.heavy },
      { who: 'typical', userId: ids.typical },
    ];
    const requests: Array<{ label: string; url: string; init: RequestInit }> = [];
    const deep = new Map<string, string>();
    for (const { who, userId } of users) {
      const cookie = `${sessionCookieName(target.app.config)}=${await target.app.sessions.create(userId)}`;
      const init = { headers: { cookie } };
      const res = await fetch(`${target.baseUrl}/api/notifications`, init);
      const first = (await res.json()) as {
        items: unknown[];
        unreadCount: number;
        nextCursor: string | null;
      };
      console.log(`  ${who}: first page ${first.items.length} items, unreadCount ${first.unreadCount}`);
      requests.push({
        label: `GET /api/notifications (${who})`,
        url: `${target.baseUrl}/api/notifications`,
        init,
      });
      // Fifty pages in: the keyset reads from there, not from the top.
      let cursor = first.nextCursor;
      for (let i = 1; i < 50 && cursor; i++) cursor = (await inboxPageCursor(target, userId, cursor)) ?? null;
      if (cursor) {
        deep.set(userId, cursor);
        requests.push({
          label: `GET ...?cursor= page 50 (${who})`,
          url: `${target.baseUrl}/api/notifications?cursor=${encodeURIComponent(cursor)}`,
          init,
        });
      }
    }
    // In turn, so load from elsewhere on the machine falls on each alike.
    const timings = await timeAlternating(requests, TIMED);
    for (const [i, { label }] of requests.entries()) printRow(label, kind, timings[i]!);

    for (const { who, userId } of users) {
      const db = target.database.db;
      const [page, grouped, perRow] = await alternating(30, [
        () => inboxPage(db, userId, undefined),
        () => unreadCount(db, userId),
        () => unreadPerRow(db, userId),
      ]);
      console.log(
        `  ${who}, in process (medians of 30, alternating): page query ${page} ms, unread count ${grouped} ms (the first version, checking access per row: ${perRow} ms)`,
      );
      await explain(target, userId, undefined, `${kind} ${who}`);
      await explainPerRow(target, userId, `${kind} ${who}`);
      const cursor = deep.get(userId);
      if (cursor) await explain(target, userId, cursor, `${kind} ${who}`);
    }
  } finally {
    await target.close();
  }
}

/** The next page's cursor after `cursor`, as the route makes it. */
async function inboxPageCursor(target: BenchTarget, userId: string, cursor: string) {
  const rows = await inboxPage(target.database.db, userId, cursor);
  if (rows.length <= NOTIFICATIONS.pageSize) return null;
  const last = rows[NOTIFICATIONS.pageSize - 1]!;
  return `${last.cursorAt},${last.notification.id}`;
}
