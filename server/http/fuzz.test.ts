// Issue 14 (fuzz): every API route, as a signed-in member with real threadlines, posts and conversations and
// as a visitor, gets bodies, path parameters and query strings drawn from its own zod schemas and then
// broken (server/test/fuzz/**). Whatever arrives, the answer is never a 5xx, a refusal is {message} JSON,
// and a refused call (4xx) changes nothing stored: a row-count and row-hash fingerprint of every table is
// taken around it. Calls that succeed may change things; only refusals are compared.
//
// A fixed number of cases from a fixed seed, so a slow machine makes the same calls, only slower, and every
// route is always reached: 1,500 calls on PGlite and 500 on PostgreSQL, what a quiet machine made within the
// former time caps of 15 s and 10 s (they take about 15 s and 5 s there). FUZZ_SEED and FUZZ_RUNS override them; a failure
// names the seed that replays it; FUZZ_VERBOSE=1 prints a status tally and the time and CPU taken.
// Longer hunts: FUZZ_SEED=7 FUZZ_RUNS=20000 npx vitest run --project api-pglite <file>.
//
// The concurrent bursts (fuzz.cases.ts) run in full on PostgreSQL, where queries run in parallel
// (fuzz.pg.test.ts); a few run here as a smoke.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FuzzRequest } from '../test/fuzz/requests.ts';
import { requestFor } from '../test/fuzz/requests.ts';
import { differences, type Fingerprint, fingerprint } from '../test/fuzz/snapshot.ts';
import { smokeProbe } from '../test/races.ts';
import {
  concurrentBursts,
  describeRequest,
  fuzzFailure,
  runsFrom,
  SEED,
  setupFuzzApp,
  timeoutFor,
} from './fuzz.cases.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const RUNS = runsFrom('FUZZ_RUNS', onPostgres ? 500 : 1500);
const REBUILD_EVERY = 250;

describe('fuzzing every API route', () => {
  const h = setupFuzzApp();

  /** Sends `r`; for a refusal, checks the {message} shape and that no table changed. */
  async function refusedCleanly(r: Omit<FuzzRequest, 'route'>) {
    const before = await fingerprint(h.t.app.db, h.query);
    const res = await h.send(r);
    const what = `${describeRequest(r as FuzzRequest)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    if (res.statusCode >= 400) {
      expect(typeof res.json().message, what).toBe('string');
      expect(differences(before, await fingerprint(h.t.app.db, h.query)), what).toEqual([]);
    }
    return res.statusCode;
  }

  it('hand-picked edges: oversized, deeply nested and prototype-polluting bodies, odd ids and cursors', async () => {
    const own = h.world.ids.byKind.timeline![0]!;
    const foreignConversation = h.world.ids.byKind.conversation![2]!;
    const json = 'application/json';
    const post = (url: string, payload: string, contentType = json) =>
      refusedCleanly({ method: 'POST', url, visitor: false, contentType, payload });
    const get = (url: string) => refusedCleanly({ method: 'GET', url, visitor: false });

    expect(
      await post('/api/posts', JSON.stringify({ timelineId: own, content: 'x'.repeat(1_100_000) })),
    ).toBe(413);
    expect(await post('/api/timelines', `${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toBe(400);
    expect(await post('/api/timelines', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toBe(400);
    expect(await post('/api/timelines', '{"__proto__":{"name":"Polluted"}}')).toBe(400);
    expect(await post('/api/timelines', '{"constructor":{"prototype":{"name":"x"}}}')).toBe(400);
    // Parsed as UTF-8 whatever the charset says.
    expect(await post('/api/timelines', '{"name":"x"}', 'application/json; charset=utf-16')).toBeLessThan(
      500,
    );
    expect(await post('/api/timelines', '', json)).toBe(400);
    expect(await post('/api/timelines', 'name=x', 'application/x-www-form-urlencoded')).toBe(415);
    expect(await post(`/api/conversations/${foreignConversation}/messages`, '{"content":"hi"}')).toBe(404);
    expect(await post('/api/comments', JSON.stringify({ postId: own, content: 'on a threadline id' }))).toBe(
      404,
    );
    expect(await get('/api/timelines/%00')).toBe(404);
    expect(await get(`/api/timelines/${own}%00`)).toBe(404);
    for (const cursor of [
      'infinity',
      'allballs',
      '0000-01-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2026-01-01T24:00:00Z',
    ]) {
      expect(await get(`/api/timelines/${own}/posts?cursor=${encodeURIComponent(cursor)}`), cursor).toBe(400);
    }
    expect(await get(`/api/timelines/${own}/posts?limit=1&limit=2`)).toBe(400);
    expect(await get(`/api/timelines/${own}/posts?limit=1e999`)).toBe(400);
    // A lone surrogate is text like any other (stored as U+FFFD): never a 500.
    expect(await post('/api/posts', `{"timelineId":"${own}","content":"\\ud800 lone"}`)).toBeLessThan(500);

    // Upload sizes (issue 23): declared, whole, within the category's limit, refused before anything is made;
    // a part past the declared size's last one is refused when signed.
    const MB = 1024 * 1024;
    const upload = (body: object) => post('/api/objects/upload', JSON.stringify(body));
    for (const size of [undefined, '10', -1, 1.5, 2 ** 53, 1e308]) {
      expect(await upload({ size }), String(size)).toBe(400);
    }
    expect(await upload({ category: 'image', size: 10 * MB + 1 })).toBe(413);
    const multipart = (metadata: object) =>
      post('/api/s3/multipart', JSON.stringify({ filename: 'a.mp4', type: 'video/mp4', metadata }));
    expect(await multipart({})).toBe(400);
    expect(await multipart({ size: 200 * MB + 1 })).toBe(413);
    const created = await h.send({
      method: 'POST',
      url: '/api/s3/multipart',
      visitor: false,
      contentType: json,
      payload: JSON.stringify({ filename: 'a.mp4', type: 'video/mp4', metadata: { size: 1000 } }),
    });
    expect(created.statusCode).toBe(200);
    const { key, uploadId } = created.json() as { key: string; uploadId: string };
    expect(await get(`/api/s3/multipart/${uploadId}/2?key=${encodeURIComponent(key)}`)).toBe(400);
  });

  it(
    `never answers 5xx, refuses in {message} JSON, and a refusal changes nothing (${RUNS} calls, seed ${SEED})`,
    async () => {
      const routes = h.routes();
      expect(routes.length).toBeGreaterThan(50);
      const tally = new Map<string, number>();
      const statuses = new Map<number, number>();
      const codes = new Map<string, Record<number, number>>();
      let current: Fingerprint | undefined;
      let calls = 0;

      const arbitrary = fc.oneof(...routes.map((route) => requestFor(route, h.world.ids)));
      const started = Date.now();
      const cpu = process.cpuUsage();
      const check = async (r: FuzzRequest) => {
        // Fresh rows now and then: successful calls delete and leave the member's threadlines.
        if (++calls % REBUILD_EVERY === 0) {
          await h.world.rebuild();
          current = undefined;
        }
        current ??= await fingerprint(h.t.app.db, h.query);
        const res = await h.send(r);
        // What an accepted call does after its answer (a reset mail) belongs to it, not to the next call.
        await h.t.app.mail.settled();
        const what = `${describeRequest(r)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const key = `${r.method} ${r.route.url}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
        codes.set(key, {
          ...codes.get(key),
          [res.statusCode]: (codes.get(key)?.[res.statusCode] ?? 0) + 1,
        });
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400) {
          if (r.method !== 'HEAD') expect(typeof res.json().message, what).toBe('string');
          const after = await fingerprint(h.t.app.db, h.query);
          const changed = differences(current, after);
          current = after;
          if (changed.length) throw new Error(`refused, yet changed ${changed.join('; ')}: ${what}`);
        } else {
          current = undefined;
        }
        // A member signed out by a fuzzed call signs in again (after the comparison: that is a change).
        if (/logout/.test(r.route.url) && !r.visitor) {
          await h.world.refreshCookie();
          current = undefined;
        }
      };
      // Each route once first (one case drawn from its own arbitrary), so adding routes never leaves one
      // undrawn; then random draws over all of them, RUNS calls in all.
      for (const [i, route] of routes.entries()) {
        const [r] = fc.sample(requestFor(route, h.world.ids), { seed: SEED + i, numRuns: 1 });
        await check(r!);
      }
      const details = await fc.check(fc.asyncProperty(arbitrary, check), {
        seed: SEED,
        numRuns: Math.max(1, RUNS - routes.length),
        endOnFailure: true,
      });
      if (process.env.FUZZ_VERBOSE) {
        const { user, system } = process.cpuUsage(cpu);
        const elapsed = Date.now() - started;
        console.log({
          seed: SEED,
          runs: details.numRuns,
          elapsed,
          cpuMs: Math.round((user + system) / 1000),
        });
        console.log(Object.fromEntries(statuses));
        for (const [key, byCode] of codes) console.log(key, JSON.stringify(byCode));
      }
      if (details.failed) throw fuzzFailure('fuzz', details);
      // Every case ran, and every route was reached.
      expect(details.numRuns).toBe(Math.max(1, RUNS - routes.length));
      const missed = routes
        .filter((r) => !tally.has(`${r.method} ${r.url}`))
        .map((r) => `${r.method} ${r.url}`);
      expect(missed, `routes never drawn in ${RUNS} calls with seed ${SEED}`).toEqual([]);
    },
    // Time for a machine several times slower than this one: it makes the same calls, only slower.
    timeoutFor(RUNS, 100),
  );

  // The full bursts, which must show that their requests ran side by side, are in fuzz.pg.test.ts.
  it('concurrent bursts of the same request never answer 5xx (smoke: a few bursts)', () =>
    concurrentBursts(h, smokeProbe, 10));
});
