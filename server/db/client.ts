// One database handle for both drivers: embedded PGlite in DATA_DIR, or PostgreSQL through pg.
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type AccessWriteEffect, accessWriteEffect, type WriteEffect, watchWrites } from './pglite/writes.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string, for connections outside the pool (the LISTEN of the event bus). */
  url?: string;
  /** PostgreSQL only: the pool, for its connection counts (server/metrics). */
  pool?: Pick<import('pg').Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** PGlite only: hears every write to `users` and `sessions` (pglite/writes.ts; the session cache). */
  onWrite?(listener: (effect: WriteEffect) => void): () => void;
  /** PGlite only: hears every write to `timelines` and `timeline_members` (the access cache). */
  onAccessWrite?(listener: (effect: AccessWriteEffect) => void): () => void;
  /** PGlite only: the data directory as an uncompressed tar (tests start each file from a migrated copy). */
  dumpDataDir?(): Promise<Blob>;
  /** Runs maintenance that the engine does not do alone (PGlite has no autovacuum). */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATION_LOCK = 'threadline:migrations';
/** How long a request waits for a PostgreSQL connection (a new one, or a free one from the pool). */
export const CONNECT_TIMEOUT_MS = 5000;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // A connection that cannot be made (PostgreSQL down, network cut) fails within CONNECT_TIMEOUT_MS, so
  // requests answer 503 at once instead of hanging; keepAlive notices a dead peer on idle connections.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client whose connection drops (server restart, admin kill) emits 'error'; unhandled, that
  // would crash the process. The pool discards that client and the next query opens a new one.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL idle client error: ${err.message}`));
  // A checked-out client (inside a transaction) whose connection drops also emits 'error', and the pool
  // listens only to idle ones: without this the process would crash. The client's next query fails (503)
  // and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  releaseOnConnectionError(pool);
  const db = drizzle(pool, { schema });
  try {
    // Drizzle's migrator takes no lock: instances starting together on an empty database would race.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    url,
    pool,
    maintain: async () => {},
    close: () => pool.end(),
  };
}

/**
 * drizzle's transaction() checks a client out and sends BEGIN before its try/finally: when BEGIN fails
 * (the connection dropped), the client is never released, and each outage would shrink the pool until
 * nothing is left (and pool.end() hangs). So a client checked out with connect() goes back to the pool (to
 * be discarded) as soon as its connection fails, and a later release() of it does nothing.
 */
function releaseOnConnectionError(pool: import('pg').Pool) {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    // The callback form is pg's own (pool.query), which releases its client itself.
    if (callback) return connect(callback);
    return connect().then((client) => {
      const release = client.release;
      let released = false;
      const once = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(err);
      };
      const onError = (err: Error) => once(err);
      client.on('error', onError);
      client.release = once;
      return client;
    });
  }) as typeof pool.connect;
}

/**
 * Opens PGlite in `dir` (or in memory when dir is undefined) and applies migrations. `loadDataDir`
 * starts from a dumped data directory (tests: one migrated copy per run instead of initdb per file).
 */
export async function openPglite(
  dir: string | undefined,
  { loadDataDir, worker = false }: { loadDataDir?: Blob; worker?: boolean } = {},
): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let releaseLock = async () => {};
  if (dir) {
    await mkdir(dir, { recursive: true });
    releaseLock = await takeDirectoryLock(dir);
  }
  try {
    const client = worker ? await openRemote(dir, loadDataDir) : await openHere(dir, loadDataDir);
    const sessionWrites = new Listeners<WriteEffect>();
    const accessWrites = new Listeners<AccessWriteEffect>();
    const watched = watchWrites(
      watchWrites(client as unknown as Parameters<typeof watchWrites>[0], sessionWrites.tell),
      accessWrites.tell,
      accessWriteEffect,
    );
    // The thread's stand-in has the part of PGlite's interface drizzle uses (pglite/remote.ts).
    const db = drizzle({ client: watched as unknown as import('@electric-sql/pglite').PGlite, schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      onWrite: sessionWrites.add,
      onAccessWrite: accessWrites.add,
      dumpDataDir: () => client.dumpDataDir('none'),
      maintain: async () => {
        await client.exec('VACUUM ANALYZE');
      },
      close: async () => {
        await client.close();
        await releaseLock();
      },
    };
  } catch (err) {
    await releaseLock();
    throw err;
  }
}

/** Who hears of a kind of write; `add` returns the way to stop. */
class Listeners<E> {
  private readonly all: ((effect: E) => void)[] = [];
  readonly tell = (effect: E) => {
    for (const listener of this.all) listener(effect);
  };
  readonly add = (listener: (effect: E) => void) => {
    this.all.push(listener);
    return () => {
      const at = this.all.indexOf(listener);
      if (at >= 0) this.all.splice(at, 1);
    };
  };
}

async function openHere(dir: string | undefined, loadDataDir: Blob | undefined) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  // btree_gin: the search index (migration 0004).
  const options = { extensions: { btree_gin }, loadDataDir };
  return dir ? new PGlite(dir, options) : new PGlite(options);
}

/** PGLITE_WORKER=on: the database in a thread of its own (pglite/worker.ts), queries on the second core. */
async function openRemote(dir: string | undefined, loadDataDir: Blob | undefined) {
  const { RemotePglite } = await import('./pglite/remote.ts');
  return RemotePglite.start({ dir, loadDataDir });
}

export class DataDirectoryInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dir} is in use by another Threadline process (pid ${pid}).`);
    this.name = 'DataDirectoryInUse';
  }
}

/**
 * PGlite takes no lock of its own, and two processes on one directory corrupt it.
 * The lock file holds our pid; a lock left by a dead process is taken over.
 */
async function takeDirectoryLock(dir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dir, 'threadline.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirectoryInUse(dir, pid);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
