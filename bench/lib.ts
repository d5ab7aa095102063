// Shared pieces of the benchmarks: start the real app on a database, time requests, print a table.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openPglite } from '../server/db/client.ts';
import { openScratchPostgres } from '../server/test/db.ts';

export interface BenchTarget {
  kind: 'pglite' | 'postgres';
  database: Database;
  app: FastifyInstance;
  baseUrl: string;
  close(): Promise<void>;
}

/** The databases to measure: PGlite always, PostgreSQL when BENCH_DATABASE_URL (a server URL) is set. */
export function benchKinds(): Array<'pglite' | 'postgres'> {
  return process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openPglite(undefined);
  return openScratchPostgres(process.env.BENCH_DATABASE_URL as string, 'tl_bench');
}

/** The real app, listening on a free loopback port, on a fresh database of the given kind (or on `database`). */
export async function startTarget(kind: 'pglite' | 'postgres', database?: Database): Promise<BenchTarget> {
  database ??= await openBenchDatabase(kind);
  // Load generators post far past a person's pace: the write limits are raised, and still counted.
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    WRITE_LIMIT_FACTOR: '1000',
    // FEED_CACHE_BYTES=0: the first feed page read from the database every time (issue 28's A/B).
    ...(process.env.FEED_CACHE_BYTES !== undefined && { FEED_CACHE_BYTES: process.env.FEED_CACHE_BYTES }),
    // SESSION_CACHE_ENTRIES=0: every session looked up in the database (PGlite only; issue 28's A/B).
    ...(process.env.SESSION_CACHE_ENTRIES !== undefined && {
      SESSION_CACHE_ENTRIES: process.env.SESSION_CACHE_ENTRIES,
    }),
  });
  const app = await buildApp({
    config,
    database,
    sessionSecret: 'bench-secret-that-is-long-enough-0123456789',
    logger: false,
    // BENCH_ZOD_SERIALIZER=1: every answer shaped by zod, the compiled serializers off (issue 28's A/B).
    compiledSerializers: !process.env.BENCH_ZOD_SERIALIZER,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    kind,
    database,
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface Timing {
  count: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Times `count` sequential requests after `warmup` untimed ones; any non-2xx answer aborts the run. */
export async function timeRequests(
  url: string,
  init: RequestInit,
  { count = 500, warmup = 50 } = {},
): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const start = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    const elapsed = performance.now() - start;
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}`);
    if (i >= warmup) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { count, medianMs: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: at(1) };
}

export function printRow(label: string, kind: string, t: Timing) {
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(
    `${label.padEnd(40)} ${kind.padEnd(9)} n=${t.count}  median ${f(t.medianMs)} ms  p95 ${f(t.p95Ms)} ms  max ${f(t.maxMs)} ms`,
  );
}

/**
 * Times requests to several URLs in turn (A, B, A, B, ...), `count` each after `warmup` rounds, so load from
 * other processes on the machine falls on all of them alike; for ratios between routes.
 */
export async function timeAlternating(
  requests: Array<{ url: string; init: RequestInit }>,
  { count = 300, warmup = 30 } = {},
): Promise<Timing[]> {
  const samples: number[][] = requests.map(() => []);
  for (let i = 0; i < warmup + count; i++) {
    for (const [k, { url, init }] of requests.entries()) {
      const start = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      const elapsed = performance.now() - start;
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}`);
      if (i >= warmup) samples[k]!.push(elapsed);
    }
  }
  return samples.map((s) => summarize(s));
}

/** Median, p95, p99 and max of samples in ms. */
export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, medianMs: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: at(1) };
}
