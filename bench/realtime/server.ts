// The app for bench/realtime.ts, in a process of its own (started with fork(), --expose-gc) so its CPU and
// memory are its own and the client sockets never share its event loop. PGlite in memory, or PostgreSQL
// when BENCH_DB_URL names a database (several of these processes then share it, and the event bus).
// Requests from the parent: seed (a threadline with n members, each with a session), memory, cpu, close.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app.ts';
import { sessionCookieName } from '../../server/auth/cookies.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite, openPostgres } from '../../server/db/client.ts';
import { posts, timelineMembers, users } from '../../server/db/schema/index.ts';
import { renderEvent } from '../../server/realtime/render.ts';
import { buildThreadline, buildUser } from '../../server/test/factories.ts';
import { type Member, serve, serverHandlers } from './ipc.ts';

export const BENCH_SESSION_SECRET = 'bench-secret-that-is-long-enough-0123456789';

const url = process.env.BENCH_DB_URL;
const database = url ? await openPostgres(url) : await openPglite(undefined);
const config = loadConfig({
  // Load generators post far past a person's pace: the write limits are raised, and still counted.
  WRITE_LIMIT_FACTOR: '1000',
  NODE_ENV: 'production',
  DATA_DIR: '/nonexistent',
  LOG_LEVEL: 'silent',
  ...(url && { DATABASE_URL: url }),
  // BENCH_REDIS_URL: the bus between instances over Redis (REALTIME_BUS=redis) instead of NOTIFY.
  ...(url &&
    process.env.BENCH_REDIS_URL && {
      REALTIME_BUS: 'redis',
      REDIS_URL: process.env.BENCH_REDIS_URL,
      REDIS_CHANNEL: process.env.BENCH_REDIS_CHANNEL ?? 'threadline_bench',
    }),
});
const app = await buildApp({ config, database, sessionSecret: BENCH_SESSION_SECRET, logger: false });
await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const cookieOf = (token: string) => `${sessionCookieName(config)}=${token}`;

/** A threadline owned by a community-plan user, with `members` participants inserted in bulk, each signed in. */
async function seed(members: number) {
  const started = performance.now();
  const owner = await buildUser(app.db, { plan: 'community', firstName: 'Bench', lastName: 'Owner' });
  const timeline = await buildThreadline(app.db, owner, { name: 'Bench threadline' });
  const ids: string[] = [];
  const run = randomUUID().slice(0, 8);
  for (let from = 0; from < members; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, members - from) }, (_, k) => ({
      email: `bench-${run}-${from + k}@example.test`,
      firstName: 'Member',
      lastName: String(from + k),
    }));
    const inserted = await app.db.insert(users).values(rows).returning({ id: users.id });
    await app.db
      .insert(timelineMembers)
      .values(inserted.map((u) => ({ timelineId: timeline.id, userId: u.id, role: 'participant' as const })));
    ids.push(...inserted.map((u) => u.id));
  }
  // Sessions the way sign-in makes them (SessionStore.create), 50 at a time.
  const result: Member[] = [];
  for (let from = 0; from < ids.length; from += 50) {
    const batch = ids.slice(from, from + 50);
    const tokens = await Promise.all(batch.map((id) => app.sessions.create(id)));
    batch.forEach((id, k) => {
      result.push({ id, cookie: cookieOf(tokens[k]!) });
    });
  }
  const ownerCookie = cookieOf(await app.sessions.create(owner.id));
  return {
    timelineId: timeline.id,
    owner: { id: owner.id, cookie: ownerCookie },
    members: result,
    seedMs: performance.now() - started,
  };
}

/**
 * What the hub does once per new_post before its send loop, timed alone on an idle server: render (the
 * queries and presenters of server/realtime/render.ts) and encode (JSON.stringify + Buffer.from, as
 * hub.deliver does). Median and p95 of `count` runs on the newest post of the threadline.
 */
async function renderTiming(timelineId: string, count: number) {
  const [post] = await app.db
    .select({ id: posts.id, authorId: posts.authorId })
    .from(posts)
    .where(eq(posts.timelineId, timelineId))
    .orderBy(desc(posts.createdAt))
    .limit(1);
  if (!post) throw new Error('no post to render');
  const event = {
    kind: 'timeline',
    type: 'new_post',
    timelineId,
    actorId: post.authorId,
    postId: post.id,
  } as const;
  const render: number[] = [];
  const encode: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const message = await renderEvent(app.db, event);
    const t1 = performance.now();
    Buffer.from(JSON.stringify(message));
    encode.push(performance.now() - t1);
    render.push(t1 - t0);
  }
  const at = (list: number[], q: number) => list.sort((a, b) => a - b)[Math.floor(q * list.length)] ?? 0;
  return { renderMedian: at(render, 0.5), renderP95: at(render, 0.95), encodeMedian: at(encode, 0.5) };
}

serve({
  seed: async (m) => seed(Number(m.members)),
  'render-timing': async (m) => renderTiming(String(m.timelineId), Number(m.count ?? 200)),
  ...serverHandlers(),
  close: async () => {
    await app.close();
    await database.close();
    process.exit(0);
  },
});

process.send?.({ type: 'ready', baseUrl: `http://127.0.0.1:${port}`, kind: database.kind });
