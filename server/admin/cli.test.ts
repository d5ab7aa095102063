// The command line as an operator runs it (a child process, as `npm run admin` starts it): usage and exit
// codes, and the refusal while a server holds the embedded database.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/db.ts';

const root = path.resolve(import.meta.dirname, '../..');

function admin(args: string[], env: Record<string, string>, input?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin/cli.ts', ...args], {
      cwd: root,
      // No DATABASE_URL: these run on the embedded database in a directory of their own.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

// Each run starts a Node process with tsx (2-4 s on this shared machine) and migrates a new PGlite.
const SLOW = 120_000;

describe('npm run admin', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tl-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'answers usage with 2, help with 0',
    async () => {
      const env = { DATA_DIR: dataDir };
      // Independent runs: side by side, so the file stays quick on a busy machine.
      const [none, unknown, missingArg, badLimit, help] = await Promise.all([
        admin([], env),
        admin(['users', 'frobnicate'], env),
        admin(['users', 'show'], env),
        admin(['users', 'list', '--limit', 'ten'], env),
        admin(['--help'], env),
      ]);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('Usage: npm run admin');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('Unknown command: users frobnicate');
      expect(missingArg.code).toBe(2);
      expect(missingArg.stderr).toContain('users show takes 1 argument');
      expect(badLimit.code).toBe(2);
      expect(badLimit.stderr).toContain('--limit must be a whole number');
      expect(help.code).toBe(0);
    },
    SLOW,
  );

  it(
    'migrates, runs, refuses with 1, and stays off a database a server holds',
    async () => {
      const env = { DATA_DIR: dataDir };
      const missing = await admin(['users', 'list'], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('There is no embedded database');
      const migrated = await admin(['db', 'migrate'], env);
      expect(migrated.stderr).toBe('');
      expect(migrated.code).toBe(0);
      expect(migrated.stdout).toMatch(/up to date/);
      expect((await admin(['users', 'list'], env)).stdout).toContain('No accounts');
      const unknown = await admin(['users', 'show', 'nobody@example.test'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim()).toBe('No account with the e-mail address nobody@example.test');

      // A running server's lock: this test process is alive, so the lock is live.
      await writeFile(path.join(dataDir, 'db', 'threadline.lock'), String(process.pid));
      const held = await admin(['users', 'list'], env);
      expect(held.code).toBe(1);
      expect(held.stderr).toContain(`in use by a running Threadline server (pid ${process.pid})`);
      expect(held.stderr).toContain('Stop the server first');
      await rm(path.join(dataDir, 'db', 'threadline.lock'));
    },
    SLOW,
  );

  it.runIf(process.env.TEST_DB === 'postgres')(
    'works on PostgreSQL through DATABASE_URL',
    async () => {
      const database = await openTestDatabase();
      try {
        const listed = await admin(['timelines', 'list'], { DATABASE_URL: database.url!, DATA_DIR: dataDir });
        expect(listed.stderr).toBe('');
        expect(listed.code).toBe(0);
        expect(listed.stdout).toContain('No threadlines');
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
