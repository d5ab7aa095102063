// The database an admin command works on: PostgreSQL (DATABASE_URL) any time, the embedded one only while no
// server holds its directory (PGlite in two processes corrupts it; server/db/client.ts locks it).
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, DataDirectoryInUse, openPglite, openPostgres } from '../db/client.ts';
import { AdminError } from './errors.ts';

export async function openAdminDatabase(config: Config, { create = false } = {}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = path.join(path.resolve(config.dataDir), 'db');
  // Only `db migrate` makes a new one: a mistyped DATA_DIR should not look like an empty site.
  if (!create && !existsSync(dir)) {
    throw new AdminError(
      `There is no embedded database in ${dir}: set DATA_DIR to the server's, or DATABASE_URL for PostgreSQL`,
    );
  }
  try {
    return await openPglite(dir);
  } catch (err) {
    if (err instanceof DataDirectoryInUse) {
      throw new AdminError(
        `The embedded database in ${dir} is in use by a running Threadline server (pid ${err.pid}). ` +
          'Stop the server first: admin commands work on the embedded database only while it is stopped ' +
          '(with PostgreSQL, set DATABASE_URL, they work any time).',
      );
    }
    throw err;
  }
}
