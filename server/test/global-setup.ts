// Each API project's global setup: migrate once per run, so test files copy a migrated database instead of
// running initdb and every migration again (server/test/db.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openPglite, openPostgres } from '../db/client.ts';
import { createEmptyDatabase, dropLeftoverDatabases, dropRunDatabases } from './db.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** What the template depends on: every migration file and the PGlite version. */
function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const full = path.join(file.parentPath, file.name);
    hash.update(path.relative(migrationsFolder, full)).update(readFileSync(full));
  }
  hash.update(
    JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'))
      .version,
  );
  return hash.digest('hex').slice(0, 16);
}

/** A migrated PGlite data directory as a tar in .tmp, made once for these migrations (atomic rename). */
async function pgliteTemplate(): Promise<string> {
  const dir = path.join(root, '.tmp', 'db-template');
  const file = path.join(dir, `pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const database = await openPglite(undefined);
  try {
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite could not dump its data directory');
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB !== 'postgres') {
    project.provide('pgliteTemplate', await pgliteTemplate());
    return;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The api-postgres projects need TEST_DATABASE_URL');
  const dropped = await dropLeftoverDatabases(serverUrl);
  if (dropped.length) console.log(`Dropped ${dropped.length} scratch databases left by killed runs`);
  const template = await createEmptyDatabase(serverUrl, 'tl_template');
  try {
    const database = await openPostgres(template.url);
    await database.close();
  } catch (err) {
    await template.drop();
    throw err;
  }
  project.provide('postgresTemplate', template.name);
  return async () => {
    await dropRunDatabases(serverUrl, Number(project.config.env.TL_TEST_RUN_PID) || process.pid);
    await template.drop();
  };
}
