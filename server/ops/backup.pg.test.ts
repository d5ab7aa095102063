// Backup and restore with PostgreSQL (README, "Backup and restore"): scripts/backup.mjs takes a pg_dump while
// the app may run, scripts/restore.mjs loads it into a new, empty database, which the app then opens as is
// (migrations current, rows there). Scratch databases only, created and dropped here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { loadSessionSecret } from '../secrets.ts';
import { createEmptyDatabase, openScratchPostgres } from '../test/db.ts';
import { buildUser } from '../test/factories.ts';
import { checkHealth } from './health.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const hasPgTools = spawnSync('pg_dump', ['--version']).status === 0;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

function script(name: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', name), ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// pg_dump and psql come with PostgreSQL's client package: where they are missing the tests below are skipped
// (and counted as skipped), except in CI, which must run them.
if (!hasPgTools && process.env.CI) {
  it('pg_dump and psql are installed (CI runs the PostgreSQL backup tests)', () => {
    expect.fail('pg_dump was not found: install PostgreSQL client tools (Debian: postgresql-client)');
  });
}

describe.skipIf(!hasPgTools)('backup and restore: PostgreSQL', () => {
  it('pg_dump of a live database restores into a new one the app opens with migrations current', {
    timeout: 60_000,
  }, async () => {
    const source: Database = await openScratchPostgres(serverUrl, 'tl_backup');
    cleanups.push(() => source.close());
    const user = await buildUser(source.db, { email: 'kept@example.test' });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'threadline-pgdata-'));
    const backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'threadline-pgbackup-')), 'b');
    const restoredDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'threadline-pgrestored-')), 'data');
    for (const dir of [dataDir, path.dirname(backupDir), path.dirname(restoredDir)]) {
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
    }
    const secret = await loadSessionSecret(dataDir, undefined);

    // The source stays open (as a running app would): pg_dump reads a consistent snapshot.
    const backup = script('backup.mjs', [backupDir], { DATABASE_URL: source.url!, DATA_DIR: dataDir });
    expect(backup.output).toContain('written to');
    expect(backup.status).toBe(0);
    expect(existsSync(path.join(backupDir, 'database.dump'))).toBe(true);

    const target = await createEmptyDatabase(serverUrl, 'tl_restore');
    cleanups.push(() => target.drop());
    const restore = script('restore.mjs', [backupDir], { DATABASE_URL: target.url, DATA_DIR: restoredDir });
    expect(restore.output).toContain('restore: done');
    expect(restore.status).toBe(0);
    expect(await loadSessionSecret(restoredDir, undefined)).toBe(secret);

    const restored = await openPostgres(target.url);
    try {
      expect(await checkHealth(restored.db)).toEqual({ status: 'ok', database: 'ok', migrations: 'current' });
      const [row] = await restored.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.email).toBe('kept@example.test');
    } finally {
      await restored.close();
    }

    // Never over a database in use.
    const again = script('restore.mjs', [backupDir], {
      DATABASE_URL: target.url,
      DATA_DIR: path.join(restoredDir, 'other'),
    });
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/is not empty/);
  });
});
