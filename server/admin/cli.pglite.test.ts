// The command line as an operator runs it, on the embedded database (so once, on PGlite): usage and exit
// codes, and the refusal while a server holds the embedded database. PostgreSQL: cli.pg.test.ts.
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { admin, SLOW } from '../test/admin-cli.ts';
import { buildUser } from '../test/factories.ts';

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

  it(
    'disables and enables an account, and shows its state',
    async () => {
      const own = await mkdtemp(path.join(tmpdir(), 'tl-admin-'));
      try {
        // The embedded database as a stopped server left it: migrated (the tests' template), one account.
        const template = inject('pgliteTemplate');
        const database = await openPglite(path.join(own, 'db'), {
          ...(template && { loadDataDir: await openAsBlob(template) }),
        });
        const user = await buildUser(database.db);
        await database.close();
        const env = { DATA_DIR: own };

        const disabled = await admin(['users', 'disable', user.email!], env);
        expect(disabled.stderr).toBe('');
        expect(disabled.stdout.trim()).toBe(
          `${user.email} is now disabled: it cannot sign in; 0 sessions ended.`,
        );
        const listed = await admin(['users', 'list'], env);
        expect(listed.stdout).toMatch(/^email\s+plan\s+storage\s+sign-in\s+state\s+created\s+id$/m);
        expect(listed.stdout).toMatch(/\bpassword\s+disabled\s/);
        const enabled = await admin(['users', 'enable', user.email!], env);
        expect(enabled.stdout.trim()).toBe(`${user.email} is enabled: it can sign in again.`);
        const shown = await admin(['users', 'show', user.email!], env);
        expect(shown.stdout).toMatch(/^disabledAt\s+-$/m);
      } finally {
        await rm(own, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
