// Advanced search at scale (issue 24): GET /api/search across every threadline of the bench user (~300, the
// busiest ones included), the same 26 queries as basic search, newest first and by relevance, posts and
// comments. Median and p95 per order, pooled over the queries, and the plans of the heaviest ones.
import { performance } from 'node:perf_hooks';
import type { SearchResponse } from '../../common/schemas/search.ts';
import { type BenchTarget, printRow, summarize, type Timing } from '../lib.ts';
import { rawClient } from './plans.ts';
import type { SearchQueries } from './search-queries.ts';

const RUNS = 20;
const WARMUP = 3;

export interface AdvancedSearchFigures {
  byOrder: Array<[order: string, Timing]>;
}

type Explain = (label: string, request: () => Promise<Response>) => Promise<void>;

export async function advancedSearchBench(
  target: BenchTarget,
  meId: string,
  init: RequestInit,
  { queries, words }: SearchQueries,
  explain: Explain,
): Promise<AdvancedSearchFigures> {
  // The searcher's plan decides; the bench user is on Pro for this part.
  await rawClient(target.database.db).query(`update users set plan = 'pro' where id = $1`, [meId]);
  const url = (q: string, order: string) =>
    `${target.baseUrl}/api/search?${new URLSearchParams({ q, order, scope: 'all' })}`;
  const byOrder: Array<[string, Timing]> = [];
  for (const order of ['recent', 'relevance']) {
    console.log(`  advanced search, ${order}, posts and comments in all the bench user's threadlines:`);
    const all: number[] = [];
    for (const [kind, q] of queries) {
      const first = await fetch(url(q, order), init);
      // Only -exclusions (e.g. "' or 1=1 --") are a 400 by design: nothing an index can look up.
      if (!first.ok && first.status !== 400)
        throw new Error(
          `search ${JSON.stringify(q.slice(0, 40))} answered ${first.status}: ${await first.text()}`,
        );
      const found = first.ok ? ((await first.json()) as SearchResponse).results.length : `${first.status}`;
      const samples: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const start = performance.now();
        await (await fetch(url(q, order), init)).arrayBuffer();
        if (i >= WARMUP) samples.push(performance.now() - start);
      }
      all.push(...samples);
      const t = summarize(samples);
      const ndoc = words.find((w) => w.word === q)?.ndoc;
      console.log(
        `    ${kind.padEnd(12)} ${JSON.stringify(q.length > 30 ? `${q.slice(0, 27)}... (${q.length} chars)` : q).padEnd(40)} ${String(found).padStart(3)} results${ndoc ? ` (word in ${ndoc} posts of the busiest)` : ''}: median ${t.medianMs.toFixed(2)} ms, p95 ${t.p95Ms.toFixed(2)} ms`,
      );
    }
    const pooled = summarize(all);
    printRow(`GET /api/search order=${order} (pooled)`, target.kind, pooled);
    byOrder.push([order, pooled]);
  }
  const commonWord = queries.find(([kind]) => kind === 'common word')?.[1] ?? 'the';
  for (const order of ['recent', 'relevance']) {
    await explain(`advanced search ${order} "${commonWord}"`, () => fetch(url(commonWord, order), init));
  }
  const rareWord = queries.find(([kind]) => kind === 'rare word')?.[1] ?? 'zzyzxq';
  await explain(`advanced search recent "${rareWord}"`, () => fetch(url(rareWord, 'recent'), init));
  return { byOrder };
}

export const ADVANCED_SEARCH_GOALS = { medianMs: 30, p95Ms: 100 };

/** The report's rows: median and p95 per order, against the goals. */
export function advancedSearchRows(
  f: AdvancedSearchFigures | undefined,
  kind: 'pglite' | 'postgres',
): Array<[string, string, string, boolean | null]> {
  const db = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return (f?.byOrder ?? []).map(([order, t]) => [
    `8. advanced search ${order}, ${db}`,
    `${t.medianMs.toFixed(2)} ms / p95 ${t.p95Ms.toFixed(2)} ms`,
    `< ${ADVANCED_SEARCH_GOALS.medianMs} / ${ADVANCED_SEARCH_GOALS.p95Ms} ms`,
    kind === 'postgres'
      ? t.medianMs < ADVANCED_SEARCH_GOALS.medianMs && t.p95Ms < ADVANCED_SEARCH_GOALS.p95Ms
      : null,
  ]);
}
