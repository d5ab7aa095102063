// A cheap fingerprint of every table: its row count and an order-independent sum of row hashes. Two equal
// fingerprints around a refused call mean the call changed nothing stored.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Tables or columns that a refused call may change by design:
 * - rate_limit_counters: a failed sign-in or join attempt is counted (that is the point of the limiter);
 * - sessions.expire: any authenticated request may slide the idle expiry forward (throttled).
 */
const SKIPPED_TABLES = new Set(['rate_limit_counters']);
const SKIPPED_COLUMNS: Record<string, string[]> = { sessions: ['expire'] };

export type Fingerprint = Record<string, string>;

export async function tableQuery(db: Db): Promise<string> {
  const result = await db.execute(sql`
    select table_name as t, string_agg(column_name, ',' order by ordinal_position) as cols
    from information_schema.columns where table_schema = 'public' group by table_name order by table_name`);
  const rows = (result as unknown as { rows: unknown[] }).rows as { t: string; cols: string }[];
  const parts = rows
    .filter((r) => !SKIPPED_TABLES.has(r.t))
    .map((r) => {
      const skip = SKIPPED_COLUMNS[r.t] ?? [];
      const cols = r.cols
        .split(',')
        .filter((c) => !skip.includes(c))
        .map((c) => `x."${c}"`)
        .join(', ');
      return `select '${r.t}' as t, count(*)::text as n,
        coalesce(sum(hashtext(row(${cols})::text)::bigint), 0)::text as h from "${r.t}" x`;
    });
  return parts.join(' union all ');
}

export async function fingerprint(db: Db, query: string): Promise<Fingerprint> {
  const result = await db.execute(sql.raw(query));
  const out: Fingerprint = {};
  for (const row of (result as unknown as { rows: unknown[] }).rows as { t: string; n: string; h: string }[])
    out[row.t] = `${row.n}:${row.h}`;
  return out;
}

/** The tables whose fingerprint differs, e.g. ['posts 3:123 -> 4:456']. */
export function differences(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after })
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t} ${before[t]} -> ${after[t]}`);
}
