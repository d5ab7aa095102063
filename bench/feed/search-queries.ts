// The 26 search queries bench/feed.ts times, of every kind: common, medium and rare words picked from the
// busiest threadline's own words (ts_stat), no match, two words, prefixes, a file name and hostile input.
// Basic search (one threadline) and advanced search (every threadline of the bench user) use the same list.
import type { BenchTarget } from '../lib.ts';
import { rawClient } from './plans.ts';
import { wordOfRank } from './seed.ts';

export interface SearchQueries {
  queries: Array<[kind: string, q: string]>;
  /** Each word's number of live posts in the busiest threadline. */
  words: Array<{ word: string; ndoc: number }>;
  live: number;
  common: Array<{ word: string; ndoc: number }>;
  medium: Array<{ word: string; ndoc: number }>;
  rare: Array<{ word: string; ndoc: number }>;
}

export async function searchQueries(target: BenchTarget, busyId: string): Promise<SearchQueries> {
  const client = rawClient(target.database.db);
  const { rows: stats } = await client.query(
    `select word, ndoc from ts_stat($$select search_vector from posts where timeline_id = '${busyId}' and deleted_at is null$$)
     where word ~ '^[a-z]+$' order by ndoc desc`,
  );
  const live = Number(
    (
      await client.query(
        `select count(*)::int as n from posts where timeline_id = $1 and deleted_at is null`,
        [busyId],
      )
    ).rows[0]!.n,
  );
  const words = stats.map((r) => ({ word: String(r.word), ndoc: Number(r.ndoc) }));
  const pick = (lo: number, hi: number, n: number) =>
    words.filter((w) => w.ndoc >= lo && w.ndoc <= hi).slice(0, n);
  const common = [words[0]!, words[3]!, ...pick(Math.round(live * 0.01), Math.round(live * 0.05), 1)];
  const medium = pick(100, 1000, 2);
  const rare = [...pick(1, 3, 2), ...pick(10, 30, 1)];
  const longQuery = Array.from({ length: 400 }, (_, i) => wordOfRank(1 + ((i * 37) % 300)))
    .join(' ')
    .slice(0, 2000);
  const queries: Array<[string, string]> = [
    ...common.map((w): [string, string] => ['common word', w.word]),
    ...medium.map((w): [string, string] => ['medium word', w.word]),
    ...rare.map((w): [string, string] => ['rare word', w.word]),
    ['no match', 'zzyzxq'],
    ['two words', `${common[1]!.word} ${medium[0]!.word}`],
    ['two words', `${medium[0]!.word} ${rare[0]!.word}`],
    ['prefix', common[2]!.word.slice(0, 3)],
    ['prefix', 'wat'],
    ['prefix', 'ka'],
    ['prefix', 'th'],
    ['file name', 'report'],
    ['hostile', '"'],
    ['hostile', '&'],
    ['hostile', `"${common[1]!.word} & (${medium[0]!.word}) | !:*`],
    ['hostile', "' or 1=1 --"],
    ['hostile', '🎉'],
    ['hostile', `🔥 ${medium[1]?.word ?? 'water'} 🎉`],
    ['hostile', '\\'],
    ['hostile', '<script>alert(1)</script>'],
    ['hostile', 'x'.repeat(2000)],
    ['hostile', longQuery],
  ];
  return { queries, words, live, common, medium, rare };
}
