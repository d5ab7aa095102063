// Issue 14 (fuzz), shared by fuzz.test.ts and fuzz.pg.test.ts: the routes to fuzz (the app's route catalog,
// every route with its schema; no module mock, so these files share their worker's modules), an app with the
// rows to fuzz against (server/test/fuzz/world.ts), and the bursts: the same drawn request 2-6 times at once,
// beside a few others, never answer 5xx.
//
// Runs are a fixed number of fast-check cases from a fixed seed (FUZZ_SEED overrides it), so a slow machine
// tests the same requests, only slower; a failure names the seed to replay.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { CatalogRoute } from '../openapi/document.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { type FuzzRequest, type FuzzRoute, requestFor } from '../test/fuzz/requests.ts';
import { tableQuery } from '../test/fuzz/snapshot.ts';
import { buildWorld, type World } from '../test/fuzz/world.ts';
import type { RaceProbe } from '../test/races.ts';

export const SEED = Number(process.env.FUZZ_SEED ?? 1414);
/** `FUZZ_RUNS` (or `FUZZ_BURSTS`), or the default. */
export const runsFrom = (name: 'FUZZ_RUNS' | 'FUZZ_BURSTS', fallback: number) =>
  Number(process.env[name] ?? fallback);
/** A timeout that lets a slow machine finish: `perRunMs` for each run, on top of a minute. */
export const timeoutFor = (runs: number, perRunMs: number) => 60_000 + runs * perRunMs;

/**
 * Not fuzzed:
 * - GET /ws: a websocket upgrade, not a JSON route (its handshake is covered by server/realtime tests);
 * - the static client files (not API routes).
 * The local byte endpoints (PUT /api/objects/put/...) are fuzzed: without a valid signature, which a
 * fuzzer cannot forge, they refuse before reading a byte, so nothing is ever streamed.
 */
const SKIPPED = new Set(['/ws']);

/** The catalog lists each method and URL once (Fastify refuses a second registration) and leaves HEAD out. */
export const fuzzRoutes = (catalog: Pick<CatalogRoute, 'method' | 'url' | 'schema'>[]): FuzzRoute[] =>
  catalog
    .filter(
      (r) =>
        (r.url.startsWith('/api/') || r.url.startsWith('/objects/')) &&
        !SKIPPED.has(r.url) &&
        r.method !== 'OPTIONS',
    )
    .map((r) => ({ method: r.method, url: r.url, schema: r.schema as FuzzRoute['schema'] }));

export const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.url.slice(0, 300)} as ${r.visitor ? 'visitor' : 'member'}` +
  (r.contentType !== undefined ? ` [${r.contentType}] ${String(r.payload).slice(0, 300)}` : '');

/** The failure report: what failed, and how to run exactly these cases again. */
export function fuzzFailure<T extends unknown[]>(what: string, details: fc.RunDetails<T>) {
  const error = details.errorInstance as Error | undefined;
  // The counterexample of the calls' property: [request]; a burst's is [[request, times, others]].
  const first = details.counterexample?.[0] as FuzzRequest | [FuzzRequest] | undefined;
  const request = Array.isArray(first) ? first[0] : first;
  return new Error(
    `${what} failed at case ${details.numRuns} (seed ${details.seed}, path ${details.counterexamplePath}); ` +
      `replay with FUZZ_SEED=${details.seed}: ${error?.message}` +
      (request?.route ? `\n${describeRequest(request)}` : ''),
  );
}

/** An app on a fresh test database with the fuzz rows, for the enclosing file or describe block. */
export function setupFuzzApp() {
  const h = {} as {
    t: TestApp;
    world: World;
    /** The fingerprint query of every table (server/test/fuzz/snapshot.ts). */
    query: string;
    routes(): FuzzRoute[];
    send(r: Omit<FuzzRequest, 'route'>): Promise<LightMyRequestResponse>;
  };
  beforeAll(async () => {
    // A tenth of the per-user write limits (3 posts a minute...), so the fuzzed member reaches them: a 429 must
    // answer JSON and change nothing, like any other refusal.
    h.t = await buildTestApp({ WRITE_LIMIT_FACTOR: '0.1' });
    h.world = await buildWorld(h.t.app);
    h.query = await tableQuery(h.t.app.db);
  });
  afterAll(() => h.t?.close());
  h.routes = () => fuzzRoutes(h.t.app.routeCatalog.list());
  h.send = (r) => {
    const headers: Record<string, string> = {};
    if (!r.visitor) headers.cookie = h.world.member.cookie;
    if (r.contentType !== undefined) headers['content-type'] = r.contentType;
    return h.t.app.inject({
      method: r.method as 'POST',
      url: r.url,
      headers,
      ...(r.payload !== undefined && { payload: r.payload }),
    });
  };
  return h;
}

/**
 * `runs` bursts: the same drawn request 2-6 times at once, beside up to 3 others. Only the status is checked
 * (concurrent calls cannot be told apart): never a 5xx. Each burst is a round of `race`: on PostgreSQL, some
 * burst must have had two of its requests on the database at the same time.
 */
export async function concurrentBursts(h: ReturnType<typeof setupFuzzApp>, race: RaceProbe, runs: number) {
  // Fresh rows: a fuzz run before this one may have deleted or left the member's threadlines.
  await h.world.rebuild();
  const routes = h.routes().filter((r) => !/logout/.test(r.url));
  const one = fc.oneof(
    ...routes.map((route) => requestFor(route, h.world.ids, true)),
    ...routes.map((route) => requestFor(route, h.world.ids)),
  );
  const codes = new Map<number, number>();
  const rounds = race.rounds('burst');
  const burst = fc.tuple(one, fc.integer({ min: 2, max: 6 }), fc.array(one, { maxLength: 3 }));
  const details = await fc.check(
    fc.asyncProperty(burst, async ([r, times, others]) => {
      const batch = [...Array.from({ length: times }, () => r), ...others];
      const answers = await rounds.run(() =>
        Promise.all(batch.map((b) => race.as('burst', () => h.send(b)))),
      );
      answers.forEach((res, i) => {
        codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
        const what = `${describeRequest(batch[i]!)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
      });
    }),
    { seed: SEED, numRuns: runs, endOnFailure: true },
  );
  if (process.env.FUZZ_VERBOSE) {
    console.log('bursts', details.numRuns, `${rounds.overlapped} overlapped`, Object.fromEntries(codes));
  }
  if (details.failed) throw fuzzFailure('burst', details);
  expect(details.numRuns).toBe(runs);
  rounds.expectOverlap();
}
