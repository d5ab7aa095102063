// `db migrate`: opening the database applies the migrations (server/db/client.ts); this reports where it is.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../db/client.ts';

export async function migrationStatus(db: Db): Promise<{ applied: number; known: number; latest: string }> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const result = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return {
    applied: Number(result.rows[0]?.n ?? 0),
    known: journal.entries.length,
    latest: journal.entries.at(-1)?.tag ?? 'none',
  };
}
