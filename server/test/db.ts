// Test databases. Migrations run once per run (server/test/global-setup.ts makes a migrated template); each
// test file then gets its own copy: PGlite loaded from the dumped data directory (or one an earlier file of
// the worker emptied), or (TEST_DB=postgres) a new database on TEST_DATABASE_URL made with CREATE DATABASE …
// TEMPLATE.
import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, isAlive, openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory (api-pglite projects). */
    pgliteTemplate?: string;
    /** The migrated template database on TEST_DATABASE_URL (api-postgres projects). */
    postgresTemplate?: string;
  }
}

const reuse = () => process.env.TL_TEST_DB_REUSE === '1';

export async function openTestDatabase(): Promise<Database> {
  const { inject } = await import('vitest');
  if (process.env.TEST_DB !== 'postgres') {
    const kept = reuse() ? idlePglite.pop() : undefined;
    if (kept) return lendPglite(kept);
    const template = inject('pgliteTemplate');
    // TEST_PGLITE_WORKER=on: through the database thread (server/db/pglite), as PGLITE_WORKER=on runs it.
    const worker = process.env.TEST_PGLITE_WORKER === 'on';
    const loadDataDir = template ? await openAsBlob(template) : undefined;
    const database = await openPglite(undefined, { loadDataDir, worker });
    if (!reuse()) return database;
    return lendPglite({ database, shape: await shapeOf(database) });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  if (!reuse()) return openScratchPostgres(serverUrl, 'tl_test', inject('postgresTemplate'));
  const kept = idlePostgres.pop();
  const scratch = kept ?? (await createEmptyDatabase(serverUrl, 'tl_test', inject('postgresTemplate')));
  const database = await openPostgres(scratch.url).catch(async (err) => {
    await scratch.drop();
    throw err;
  });
  const shape = kept?.shape ?? (await shapeOf(database));
  let returned = false;
  return {
    ...database,
    close: async () => {
      if (returned) return;
      returned = true;
      const clean = await emptied(database, shape);
      await database.close();
      if (clean) idlePostgres.push({ ...scratch, shape });
      else await scratch.drop();
    },
  };
}

/*
 * Databases that a worker keeps between its files (TL_TEST_DB_REUSE=1: the projects whose files share a
 * worker's modules): loading a PGlite copy takes 1-2 s and making a PostgreSQL one 0.5-0.8 s, emptying one
 * about 0.1 s. One is kept only once it is back to the template's state: its tables empty, no statistics,
 * no session state (PGlite) or no connections (PostgreSQL), and the schema as migrated.
 */
interface KeptPglite {
  database: Database;
  shape: string;
}
const idlePglite: KeptPglite[] = [];
const idlePostgres: (ScratchDatabase & { shape: string })[] = [];

const rowsOf = async (database: Database, query: SQL) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
/** Tables, indexes and constraints: a test that changed them (and did not change them back) is not kept. */
const shapeOf = async (database: Database) =>
  (
    await rowsOf(
      database,
      sql`select (select count(*) from pg_class where relnamespace = 'public'::regnamespace) || ':' ||
        (select count(*) from pg_constraint where connamespace = 'public'::regnamespace) as shape`,
    )
  )[0]!.shape!;

async function emptied(database: Database, shape: string): Promise<boolean> {
  try {
    if ((await shapeOf(database)) !== shape) return false;
    const [{ tables } = {}] = await rowsOf(
      database,
      sql`select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables
        where schemaname = 'public'`,
    );
    if (tables) await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
    // Needs a superuser (PGlite's is; a TEST_DATABASE_URL without one gets a new database each file).
    await database.db.execute(
      sql`delete from pg_statistic where starelid in
        (select oid from pg_class where relnamespace = 'public'::regnamespace)`,
    );
    if (database.kind === 'pglite') await database.db.execute(sql`discard all`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A PGlite copy for one file: closing it empties it for the next file, or really closes it. To the file it
 * is closed all the same: its queries fail from then on, as a closed PGlite's do (the health check's 503).
 */
function lendPglite(kept: KeptPglite): Database {
  let returned = false;
  const db = new Proxy(kept.database.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (!returned || typeof value !== 'function') return value;
      return () => {
        throw new Error('PGlite is closed');
      };
    },
  });
  return {
    ...kept.database,
    db,
    close: async () => {
      if (returned) return;
      returned = true;
      if (await emptied(kept.database, kept.shape)) idlePglite.push(kept);
      else await kept.database.close();
    },
  };
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
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createEmptyDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
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

/** Scratch databases on the server: name, seconds made, host tag and owner pid. */
async function scratchDatabases(serverUrl: string) {
  const { rows } = await adminQuery(serverUrl, `SELECT datname FROM pg_database WHERE datname LIKE 'tl\\_%'`);
  return (rows as { datname: string }[]).flatMap(({ datname: name }) => {
    const m = SCRATCH.exec(name);
    return m ? [{ name, madeMs: Number(m[1]) * 1000, host: m[2], pid: Number(m[3]) }] : [];
  });
}

/**
 * Drops scratch databases that a killed run left: made on this host by a process that is gone, or more
 * than a day old (made elsewhere). Returns their names.
 */
export async function dropLeftoverDatabases(serverUrl: string, now = Date.now()): Promise<string[]> {
  const leftovers = (await scratchDatabases(serverUrl))
    .filter((d) => now - d.madeMs > 86_400_000 || (d.host === hostTag() && !isAlive(d.pid)))
    .map((d) => d.name);
  for (const name of leftovers) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return leftovers;
}

/** At the end of a run: drops what its workers kept for reuse (one still in use stays, for the next run). */
export async function dropRunDatabases(serverUrl: string, runPid = process.pid): Promise<void> {
  for (const d of await scratchDatabases(serverUrl)) {
    if (d.host !== hostTag() || d.pid !== runPid) continue;
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${d.name}`).catch(() => {});
  }
}
