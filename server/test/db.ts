// A fresh database per test file: in-memory PGlite, or (TEST_DB=postgres) a new database on TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { type Database, openPglite, openPostgres } from '../db/client.ts';

export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPglite(undefined);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return openScratchPostgres(serverUrl, 'tl_test');
}

/** A new, migrated database on the PostgreSQL server at `serverUrl`, dropped again on close. */
export async function openScratchPostgres(serverUrl: string, prefix: string): Promise<Database> {
  const scratch = await createEmptyDatabase(serverUrl, prefix);
  const database = await openPostgres(scratch.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database (no migrations) on the PostgreSQL server at `serverUrl`. */
export async function createEmptyDatabase(serverUrl: string, prefix: string) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
