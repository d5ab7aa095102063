// Write throughput on ONE threadline (issue 28): the page-1 cache's feed_version bump holds the threadline's
// row from the bump to the commit, so parallel reactions and comments there queue on it for that moment.
// C workers (one person each) toggle reactions, then write comments, for BENCH_DURATION seconds each.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/feed/hot-writes.ts
// BENCH_ONLY=pglite|postgres; HOT_WORKERS=20 (PostgreSQL's pool has 10 connections per instance).
import { performance } from 'node:perf_hooks';
import { sessionCookieName } from '../../server/auth/cookies.ts';
import { addMember, buildPost, buildThreadline, buildUser } from '../../server/test/factories.ts';
import { benchKinds, startTarget, summarize } from '../lib.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const WORKERS = Number(process.env.HOT_WORKERS ?? 20);
const EMOJI = ['👍', '🎉', '❤️', '😂'];

const only = process.env.BENCH_ONLY as 'pglite' | 'postgres' | undefined;
for (const kind of only ? [only] : benchKinds()) {
  const target = await startTarget(kind);
  const { db } = target.app;
  const owner = await buildUser(db);
  const tl = await buildThreadline(db, owner);
  const posts = await Promise.all(
    Array.from({ length: 20 }, (_, i) => buildPost(db, tl, owner, { content: `post ${i}` })),
  );
  const cookies = await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const user = await buildUser(db);
      await addMember(db, tl, user, 'participant');
      return `${sessionCookieName(target.app.config)}=${await target.app.sessions.create(user.id)}`;
    }),
  );
  const workloads: Record<string, (i: number, n: number) => [string, object]> = {
    reactions: (i, n) => [
      '/api/reactions',
      { postId: posts[(i + n) % posts.length]!.id, emoji: EMOJI[n % 4] },
    ],
    comments: (i, n) => ['/api/comments', { postId: posts[(i + n) % posts.length]!.id, content: `c ${n}` }],
  };
  for (const [name, body] of Object.entries(workloads)) {
    const times: number[] = [];
    let failed = 0;
    const end = performance.now() + DURATION_S * 1000;
    const started = performance.now();
    await Promise.all(
      cookies.map(async (cookie, i) => {
        for (let n = 0; performance.now() < end; n++) {
          const [path, payload] = body(i, n);
          const t0 = performance.now();
          const res = await fetch(`${target.baseUrl}${path}`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', origin: target.baseUrl },
            body: JSON.stringify(payload),
          });
          await res.arrayBuffer();
          if (res.ok) times.push(performance.now() - t0);
          else failed++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const t = summarize(times);
    console.log(
      `${kind} ${name} x${WORKERS}: ${(times.length / seconds).toFixed(0)} writes/s, median ${t.medianMs.toFixed(1)} ms, p99 ${t.p99Ms.toFixed(1)} ms, ${failed} failed`,
    );
  }
  await target.close();
}
