// Test databases. Migrations run once per run (server/test/global-setup.ts makes a migrated template); each
// test file then gets its own copy: PGlite loaded from the dumped data directory, or (TEST_DB=postgres) a new
// database on TEST_DATABASE_URL made with CREATE DATABASE … TEMPLATE.
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { hostname } from 'node:os';
import { type Database, isAlive, openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory (api-pglite projects). */
    pgliteTemplate?: string;
    /** The migrated template database on TEST_DATABASE_URL (api-postgres projects). */
    postgresTemplate?: string;
  }
}

export async function openTestDatabase(): Promise<Database> {
  const { inject } = await import('vitest');
  if (process.env.TEST_DB !== 'postgres') {
    const template = inject('pgliteTemplate');
    return openPglite(undefined, template ? { loadDataDir: await openAsBlob(template) } : {});
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return openScratchPostgres(serverUrl, 'tl_test', inject('postgresTemplate'));
}

/** A new, migrated database on the PostgreSQL server at `serverUrl` (a copy of `template`), dropped on close. */
export async function openScratchPostgres(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<Database> {
  const scratch = await createEmptyDatabase(serverUrl, prefix, template);
  const database = await openPostgres(scratch.url).catch(async (err) => {
    await scratch.drop();
    throw err;
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Scratch names say who made them and when: `{prefix}_{unix seconds}_{host}_{pid}_{random}`, so a later run
 * can drop what a killed one left (dropLeftoverDatabases).
 */
const hostTag = () =>
  Buffer.from(hostname())
    .reduce((h, b) => (h * 31 + b) % 0xffff, 7)
    .toString(16);
const SCRATCH = /^tl_[a-z0-9_]*?_(\d{10})_([0-9a-f]{1,4})_(\d+)_[0-9a-f]+$/;

export function scratchName(prefix: string, ownerPid = Number(process.env.TL_TEST_RUN_PID) || process.pid) {
  const seconds = Math.floor(Date.now() / 1000);
  return `${prefix}_${seconds}_${hostTag()}_${ownerPid}_${randomBytes(4).toString('hex')}`;
}

async function adminQuery(serverUrl: string, sql: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server at `serverUrl`: empty (no migrations), or a copy of `template`.
 * Its owner is the Vitest run (TL_TEST_RUN_PID, set by vitest.config.ts) or else this process.
 */
export async function createEmptyDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = scratchName(prefix);
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {}),
  };
}

/**
 * Drops scratch databases that a killed run left: made on this host by a process that is gone, or more
 * than a day old (made elsewhere). Returns their names.
 */
export async function dropLeftoverDatabases(serverUrl: string, now = Date.now()): Promise<string[]> {
  const { rows } = await adminQuery(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE 'tl\\_%'`);
  const leftovers = (rows as { datname: string }[])
    .map((r) => r.datname)
    .filter((name) => {
      const m = SCRATCH.exec(name);
      if (!m) return false;
      const ageMs = now - Number(m[1]) * 1000;
      return ageMs > 86_400_000 || (m[2] === hostTag() && !isAlive(Number(m[3])));
    });
  for (const name of leftovers) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return leftovers;
}
