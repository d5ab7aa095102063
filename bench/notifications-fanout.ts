// What content notifications cost a post (issue 27): POST /api/posts for a plain post in a threadline of 150
// members (none on "every post"), for a post mentioning 50 of them (50 `mention` rows written with it), and
// for a plain post in a threadline of 150 members all on "every post" (149 `new_post` rows). With
// BENCH_BASE_TREE (a copy of the code before issue 27, e.g. `git archive <commit> | tar -x -C dir`, with a
// node_modules link) the same plain post is also timed against that code, in the same process on its own
// database: "today's" post. All requests are timed in turn (A, B, C, D, A, ...), so load from elsewhere on
// the machine falls on all alike. Then the feed's page of 20 where 10 posts mention 50 people each, beside a
// page of plain posts (and today's), and EXPLAIN (ANALYZE, BUFFERS) of the one query that resolves a page's
// mentions. Goal: p95 of the mentioning and "every post" posts < 50 ms over today's plain post.
// Run (about a minute per database; not part of `npm run bench`):
//   BENCH_BASE_TREE=/tmp/base BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/notifications-fanout.ts
// BENCH_COUNT (300) requests per case; BENCH_ONLY=pglite|postgres measures one database; BENCH_EXPLAIN=1
// prints the whole plan.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mentionNamesSql } from '../server/queries/mentions.ts';
import * as lib from './lib.ts';

const BASE_TREE = process.env.BENCH_BASE_TREE;
const COUNT = Number(process.env.BENCH_COUNT ?? 300);
const ONLY = process.env.BENCH_ONLY;
const MEMBERS = 150;
const MENTIONED = 50;
const GOAL_MS = 50;

const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

/** The pieces of one code tree the bench uses (this one, or the one before issue 27). */
interface Tree {
  startTarget: typeof lib.startTarget;
  factories: typeof import('../server/test/factories.ts');
  schema: typeof import('../server/db/schema/index.ts');
  cookies: typeof import('../server/auth/cookies.ts');
}

async function loadTree(root: string | undefined): Promise<Tree> {
  const at = (file: string) => (root ? path.join(root, file) : `../${file}`);
  return {
    startTarget: (await import(at('bench/lib.ts'))).startTarget,
    factories: await import(at('server/test/factories.ts')),
    schema: await import(at('server/db/schema/index.ts')),
    cookies: await import(at('server/auth/cookies.ts')),
  };
}

/** A request for timeAlternating. */
interface Request {
  url: string;
  init: RequestInit;
}

/** One app on a fresh database: its author, a threadline of 150 on the default level, one of 150 on "all". */
async function stage(tree: Tree, kind: 'pglite' | 'postgres') {
  const target = await tree.startTarget(kind);
  const { db } = target.app as FastifyInstance;
  const author = await tree.factories.buildUser(db, { displayName: 'Author' });
  const club = async (level: 'mentions' | 'all') => {
    const timeline = await tree.factories.buildThreadline(db, author, { name: `Club ${level}` });
    const members: { id: string; name: string }[] = [];
    for (let i = 1; i < MEMBERS; i++) {
      const user = await tree.factories.buildUser(db, { displayName: `Member${i}` });
      await tree.factories.addMember(db, timeline, user);
      members.push({ id: user.id, name: `Member${i}` });
    }
    const m = tree.schema.timelineMembers;
    await db.update(m).set({ notifyLevel: level }).where(sql`${m.timelineId} = ${timeline.id}`);
    return { timeline, members };
  };
  const quiet = await club('mentions');
  const busy = await club('all');
  const token = await target.app.sessions.create(author.id);
  const headers = {
    cookie: `${tree.cookies.sessionCookieName(target.app.config)}=${token}`,
    'content-type': 'application/json',
    origin: target.baseUrl,
  };
  const post = (body: Record<string, unknown>): Request => ({
    url: `${target.baseUrl}/api/posts`,
    init: { method: 'POST', headers, body: JSON.stringify(body) },
  });
  const feed = (timelineId: string): Request => ({
    url: `${target.baseUrl}/api/timelines/${timelineId}/posts?limit=20`,
    init: { headers },
  });
  return { target, quiet, busy, post, feed };
}

const PLAIN = 'A post of average length, about the garden and the weather this week.';

async function measure(kind: 'pglite' | 'postgres', now: Tree, before: Tree | undefined) {
  const a = await stage(now, kind);
  const b = before ? await stage(before, kind) : undefined;
  try {
    const mentioned = a.quiet.members.slice(0, MENTIONED);
    const posts: { label: string; request: Request }[] = [
      ...(b
        ? [
            {
              label: 'POST /api/posts plain, before #27',
              request: b.post({ timelineId: b.quiet.timeline.id, content: PLAIN }),
            },
          ]
        : []),
      {
        label: 'POST /api/posts plain',
        request: a.post({ timelineId: a.quiet.timeline.id, content: PLAIN }),
      },
      {
        label: `POST /api/posts mentioning ${MENTIONED}`,
        request: a.post({
          timelineId: a.quiet.timeline.id,
          content: `Thanks ${mentioned.map((m) => `@${m.name}`).join(' ')}`,
          mentions: mentioned.map((m) => m.id),
        }),
      },
      {
        label: 'POST /api/posts, 149 on every post',
        request: a.post({ timelineId: a.busy.timeline.id, content: PLAIN }),
      },
    ];
    console.log(`${kind}: ${machine()}`);
    const timed = await lib.timeAlternating(
      posts.map((p) => p.request),
      { count: COUNT, warmup: 30 },
    );
    for (const [i, p] of posts.entries()) lib.printRow(p.label, kind, timed[i]!);
    const base = timed[0]!.p95Ms;
    for (const [i, p] of posts.entries()) {
      if (i === 0) continue;
      console.log(
        `  ${p.label}: p95 ${(timed[i]!.p95Ms - base).toFixed(2)} ms over ${posts[0]!.label} (goal < ${GOAL_MS} ms)`,
      );
    }

    // Pages of 20: the quiet threadline's newest alternate plain posts and posts mentioning 50 (the most a
    // page's mentions can be); the busy one's, and today's, are all plain.
    const feeds = [
      ...(b ? [{ label: 'feed page, plain, before #27', request: b.feed(b.quiet.timeline.id) }] : []),
      { label: 'feed page, plain', request: a.feed(a.busy.timeline.id) },
      { label: `feed page, 10 of 20 mention ${MENTIONED}`, request: a.feed(a.quiet.timeline.id) },
    ];
    const pages = await lib.timeAlternating(
      feeds.map((f) => f.request),
      { count: COUNT, warmup: 30 },
    );
    for (const [i, f] of feeds.entries()) lib.printRow(f.label, kind, pages[i]!);

    const plan = (await a.target.app.db.execute(
      sql`explain (analyze, buffers) ${mentionNamesSql(
        [a.quiet.timeline.id],
        mentioned.map((m) => m.id),
        'threadline',
      )}`,
    )) as unknown as { rows: Record<string, string>[] };
    const lines = plan.rows.map((r) => Object.values(r)[0]!);
    if (process.env.BENCH_EXPLAIN) console.log(lines.join('\n'));
    const nodes = lines.filter((l) => /Scan|Join|Loop/.test(l)).map((l) => l.trim().split('  (')[0]);
    console.log(`  a page's mention names (${MENTIONED} people): ${nodes.join(' / ')}; ${lines.at(-1)}`);
  } finally {
    await a.target.close();
    await b?.target.close();
  }
}

const now = await loadTree(undefined);
const before = BASE_TREE ? await loadTree(path.resolve(BASE_TREE)) : undefined;
for (const kind of lib.benchKinds().filter((k) => !ONLY || k === ONLY)) await measure(kind, now, before);
