// Named prepared statements for hot reads on PostgreSQL: parsed and planned once per pool connection instead
// of on every call (bench/feed.ts measured the feed page at half the PostgreSQL CPU this way). PGlite runs in
// process and gains nothing, so it takes the ordinary path.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

interface PgPool {
  totalCount: number;
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const poolOf = (db: Db): PgPool | null => {
  const client = (db as unknown as { $client?: Partial<PgPool> }).$client;
  return client && typeof client.totalCount === 'number' ? (client as PgPool) : null;
};

/**
 * The rows of `query`, prepared under `name` on PostgreSQL. `db` must be the root handle, never a
 * transaction: the statement runs on any connection of the pool. Only for statements whose good plan does
 * not depend on the parameters' values (PostgreSQL may switch a prepared statement to a generic plan).
 */
export async function preparedRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const { sql: text, params } = dialect.sqlToQuery(query);
  // One name per distinct text: a pg connection refuses a known name with another text.
  const digest = createHash('sha1').update(text).digest('hex').slice(0, 12);
  const result = await pool.query({ name: `${name}_${digest}`, text, values: params });
  return result.rows as T[];
}
