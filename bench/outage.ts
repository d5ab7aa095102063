// What a request gets while PostgreSQL is out of reach, and how soon the app is back (issue 22). The app
// talks to a scratch database through the TCP proxy of server/db/outage.pg.test.ts, which this script cuts:
//   black hole: the proxy accepts connections and never answers; a request should get its 503 after about
//               CONNECT_TIMEOUT_MS (pg gives up on the connection), not hang;
//   refused:    the proxy refuses connections; a request should get its 503 at once;
//   recovery:   after each outage the proxy goes back to normal; time from then to the first success and to
//               20 successes in a row (requests one after another, started at the restore).
// Requests alternate POST /api/posts and GET /api/timelines/{id}/posts over fetch on loopback.
// Run: node --import tsx bench/outage.ts
//   (BENCH_DATABASE_URL or TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
//    BENCH_ROUNDS=6 black-hole rounds, BENCH_REFUSED_ROUNDS=10 refused rounds of BENCH_REFUSED_REQUESTS=20)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { CONNECT_TIMEOUT_MS, type Database, openPostgres } from '../server/db/client.ts';
import { isDatabaseUnavailable } from '../server/db/errors.ts';
import { createEmptyDatabase } from '../server/test/db.ts';
import { buildThreadline, buildUser, cookieFor } from '../server/test/factories.ts';
import { startTcpProxy, type TcpProxy } from '../server/test/tcp-proxy.ts';
import { type BenchTarget, startTarget, summarize, type Timing } from './lib.ts';

const urlFromEnv = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const serverUrl = urlFromEnv ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BLACK_HOLE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const REFUSED_ROUNDS = Number(process.env.BENCH_REFUSED_ROUNDS ?? 10);
const REFUSED_REQUESTS = Number(process.env.BENCH_REFUSED_REQUESTS ?? 20);
const IN_A_ROW = 20;
/** No single request may take longer than this (a hung request is a result, not a reason to wait forever). */
const REQUEST_CEILING_MS = 4 * CONNECT_TIMEOUT_MS;
/** Recovery gives up after this long. */
const RECOVERY_CEILING_MS = 30_000;

// The pool reports each idle connection the proxy drops as a process warning; count them instead of printing.
let poolWarnings = 0;
process.removeAllListeners('warning');
process.on('warning', () => poolWarnings++);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not after ${ms} ms`);
    await sleep(10);
  }
}

interface Answer {
  ms: number;
  /** 0: no answer within REQUEST_CEILING_MS. */
  status: number;
  unavailable: boolean;
}

let scratch: Awaited<ReturnType<typeof createEmptyDatabase>> | undefined;
let proxy: TcpProxy | undefined;
let direct: Database | undefined;
let target: BenchTarget | undefined;

async function cleanUp() {
  await proxy?.restore().catch(() => {});
  await target?.close().catch((err) => console.error('closing the app:', err));
  await direct?.close().catch(() => {});
  await proxy?.close().catch(() => {});
  await scratch?.drop().catch((err) => console.error(`dropping ${scratch?.name}:`, err));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: dropping the scratch database`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadBefore = load();
const startedAt = performance.now();

try {
  scratch = await createEmptyDatabase(serverUrl, 'tl_bench_outage').catch((err: unknown) => {
    // `npm run bench` (run-all.mjs) on a machine without PostgreSQL: nothing to measure, not a failure.
    if (urlFromEnv || !isDatabaseUnavailable(err)) throw err;
    console.log(`outage.ts: skipped, no PostgreSQL at ${serverUrl} (set BENCH_DATABASE_URL)`);
    process.exit(0);
  });
  const server = new URL(serverUrl);
  proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
  const proxied = new URL(scratch.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  // The app's pool (and its LISTEN connection) go through the proxy; seeding goes straight to PostgreSQL.
  target = await startTarget('postgres', await openPostgres(proxied.toString()));
  direct = await openPostgres(scratch.url);
  const pool = (target.database.db as unknown as { $client: Pool }).$client;
  const ada = await buildUser(direct.db);
  const timeline = await buildThreadline(direct.db, ada);
  const headers = {
    cookie: await cookieFor(target.app, ada),
    origin: target.baseUrl,
    'content-type': 'application/json',
  };
  const { baseUrl } = target;

  let n = 0;
  const request = async (): Promise<Answer> => {
    const i = n++;
    const [url, init]: [string, RequestInit] =
      i % 2 === 0
        ? [
            `${baseUrl}/api/posts`,
            {
              method: 'POST',
              headers,
              body: JSON.stringify({ timelineId: timeline.id, content: `post ${i}` }),
            },
          ]
        : [`${baseUrl}/api/timelines/${timeline.id}/posts`, { headers }];
    const start = performance.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_CEILING_MS) });
      const body = await res.text();
      return {
        ms: performance.now() - start,
        status: res.status,
        unavailable: res.status === 503 && body.includes('Service temporarily unavailable'),
      };
    } catch {
      return { ms: performance.now() - start, status: 0, unavailable: false };
    }
  };

  /** From the restore: requests one after another until IN_A_ROW succeed in a row. */
  const recover = async () => {
    const restoredAt = performance.now();
    await proxy!.restore();
    let first: number | undefined;
    let row = 0;
    let failures = 0;
    while (row < IN_A_ROW) {
      if (performance.now() - restoredAt > RECOVERY_CEILING_MS) throw new Error('no recovery within 30 s');
      const a = await request();
      if (a.status >= 200 && a.status < 300) {
        first ??= performance.now() - restoredAt;
        row++;
      } else {
        row = 0;
        failures++;
      }
    }
    return { firstMs: first!, inARowMs: performance.now() - restoredAt, failures };
  };

  // Everything works before the first cut (and the pool has its connections).
  for (let i = 0; i < IN_A_ROW; i++) {
    const a = await request();
    if (a.status < 200 || a.status >= 300) throw new Error(`answered ${a.status} before any outage`);
  }

  const unexpected: string[] = [];
  const check = (phase: string, answers: Answer[]) => {
    for (const a of answers)
      if (!a.unavailable) unexpected.push(`${phase}: ${a.status} after ${a.ms.toFixed(0)} ms`);
  };

  const blackHole: number[] = [];
  const afterBlackHole: Awaited<ReturnType<typeof recover>>[] = [];
  for (let round = 0; round < BLACK_HOLE_ROUNDS; round++) {
    await proxy.cut('hang');
    // The pool notices its dropped idle connections; the requests have to open new ones (into the hole).
    await until(() => pool.totalCount === 0, 10_000, 'pool drained');
    const answers = await Promise.all([request(), request()]);
    check('black hole', answers);
    blackHole.push(...answers.map((a) => a.ms));
    afterBlackHole.push(await recover());
  }

  const refused: number[] = [];
  const afterRefused: Awaited<ReturnType<typeof recover>>[] = [];
  for (let round = 0; round < REFUSED_ROUNDS; round++) {
    // No wait for the pool: the first requests may still find an idle connection that the cut just dropped.
    await proxy.cut('refuse');
    const answers: Answer[] = [];
    for (let i = 0; i < REFUSED_REQUESTS; i++) answers.push(await request());
    check('refused', answers);
    refused.push(...answers.map((a) => a.ms));
    afterRefused.push(await recover());
  }

  const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  const row = (label: string, t: Timing) =>
    console.log(
      `| ${label.padEnd(44)} | ${String(t.count).padStart(3)} | ${f(t.medianMs).padStart(8)} | ${f(t.p95Ms).padStart(8)} | ${f(t.maxMs).padStart(8)} |`,
    );
  console.log(`\nCONNECT_TIMEOUT_MS = ${CONNECT_TIMEOUT_MS}\n`);
  console.log(`| ${'what'.padEnd(44)} | n   | median   | p95      | max      |`);
  console.log(`| ${'-'.repeat(44)} | --- | -------- | -------- | -------- |`);
  row('black hole: request -> 503', summarize(blackHole));
  row('  the same, minus CONNECT_TIMEOUT_MS', summarize(blackHole.map((ms) => ms - CONNECT_TIMEOUT_MS)));
  row('  recovery: first success', summarize(afterBlackHole.map((r) => r.firstMs)));
  row(`  recovery: ${IN_A_ROW} successes in a row`, summarize(afterBlackHole.map((r) => r.inARowMs)));
  row('refused: request -> 503', summarize(refused));
  row('  recovery: first success', summarize(afterRefused.map((r) => r.firstMs)));
  row(`  recovery: ${IN_A_ROW} successes in a row`, summarize(afterRefused.map((r) => r.inARowMs)));
  const failures = [...afterBlackHole, ...afterRefused].reduce((s, r) => s + r.failures, 0);
  console.log(
    `\nfailures after a restore: ${failures}; answers other than the 503 while down: ${unexpected.length}` +
      `${unexpected.length ? ` (${unexpected.slice(0, 5).join('; ')})` : ''}; pool warnings: ${poolWarnings}`,
  );
  console.log(
    `${BLACK_HOLE_ROUNDS} black-hole rounds (2 requests at once each), ${REFUSED_ROUNDS} refused rounds of ` +
      `${REFUSED_REQUESTS}; ${((performance.now() - startedAt) / 1000).toFixed(0)} s; load average ${loadBefore} -> ${load()}`,
  );
} finally {
  await cleanUp();
}
