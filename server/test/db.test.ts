// The test databases a worker reuses between its files (server/test/db.ts): a copy a file closed is closed
// to that file, and the next file gets it back as the template made it (no rows, no statistics).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { openTestDatabase } from './db.ts';
import { buildUser } from './factories.ts';

const one = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
/** Which copy this is: the PostgreSQL database's name, or how far PGlite's transaction ids have come. */
const marker = async (database: Database) =>
  database.kind === 'postgres'
    ? String((await one(database, sql`select current_database() as m`)).m)
    : Number((await one(database, sql`select txid_current() as m`)).m);

describe('openTestDatabase (TL_TEST_DB_REUSE)', () => {
  it('a copy a file closed fails that file, and comes back empty to the next', async () => {
    expect(process.env.TL_TEST_DB_REUSE).toBe('1');
    const first = await openTestDatabase();
    await buildUser(first.db);
    await buildUser(first.db);
    await first.db.execute(sql`analyze users`);
    const before = await marker(first);
    await first.close();
    await expect((async () => await first.db.select().from(users))()).rejects.toThrow();

    const next = await openTestDatabase();
    try {
      const now = await marker(next);
      // The same copy: a fresh one from the template would be another database, or its ids would start over.
      if (typeof before === 'string') expect(now).toBe(before);
      else expect(now).toBeGreaterThan(before);
      expect(await next.db.select().from(users)).toEqual([]);
      const stats = await one(
        next,
        sql`select count(*)::int as n from pg_statistic where starelid = 'public.users'::regclass`,
      );
      expect(stats.n).toBe(0);
      await buildUser(next.db);
      expect(await next.db.select().from(users)).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});
