// What the per-user write limit costs a post (issue 23): the limiter's one reservation, timed alone on the
// store each database uses (memory for the embedded one, a counter row for PostgreSQL), beside a whole
// POST /api/posts, which includes it.
// Run: node --import tsx bench/write-limiter.ts   (add BENCH_DATABASE_URL=... for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { sessionCookieName } from '../server/auth/cookies.ts';
import { writeRules } from '../server/http/write-limits.ts';
import { buildThreadline, buildUser } from '../server/test/factories.ts';
import { benchKinds, printRow, startTarget, summarize, timeRequests } from './lib.ts';

for (const kind of benchKinds()) {
  const target = await startTarget(kind);
  try {
    const { app } = target;
    const user = await buildUser(app.db);
    const timeline = await buildThreadline(app.db, user);
    // The rule the route uses, with the bench's factor (so the user is never refused).
    const rule = writeRules(app.config.writeLimitFactor).post;
    const samples: number[] = [];
    for (let i = 0; i < 2200; i++) {
      const start = performance.now();
      await app.limiter.reserve([{ rule, subject: user.id }]);
      if (i >= 200) samples.push(performance.now() - start);
    }
    printRow('write limiter: reserve one post', kind, summarize(samples));

    const token = await app.sessions.create(user.id);
    const headers = {
      cookie: `${sessionCookieName(app.config)}=${token}`,
      'content-type': 'application/json',
      origin: target.baseUrl,
    };
    const body = JSON.stringify({
      timelineId: timeline.id,
      type: 'text',
      content: 'A post of average length.',
    });
    printRow(
      'POST /api/posts (limiter included)',
      kind,
      await timeRequests(`${target.baseUrl}/api/posts`, { method: 'POST', headers, body }, { count: 500 }),
    );
  } finally {
    await target.close();
  }
}
