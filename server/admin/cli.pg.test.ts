// The command line on PostgreSQL, through DATABASE_URL (any time, server running or not).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../../common/account.ts';
import { CLOSE_CODES } from '../../common/realtime.ts';
import { admin, SLOW } from '../test/admin-cli.ts';
import { buildTestApp } from '../test/app.ts';
import { openTestDatabase } from '../test/db.ts';
import { signedInUser, TEST_PASSWORD } from '../test/factories.ts';
import { openSocket } from '../test/ws.ts';

describe('npm run admin on PostgreSQL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tl-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
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

  it(
    'users disable ends the sessions of a running server and closes their sockets at once; enable undoes it',
    async () => {
      const t = await buildTestApp();
      try {
        const env = { DATABASE_URL: t.database.url!, DATA_DIR: dataDir };
        const { user, cookie, as } = await signedInUser(t.app);
        const socket = await openSocket(t.app, cookie);
        await socket.authenticate(user.id);

        const disabled = await admin(['users', 'disable', user.email!], env);
        expect(disabled.stderr).toBe('');
        expect(disabled.code).toBe(0);
        expect(disabled.stdout.trim()).toBe(
          `${user.email} is now disabled: it cannot sign in; 1 session ended.`,
        );
        // The command's session event over NOTIFY, not the server's minute-long session check.
        expect(await socket.waitClose(5000)).toMatchObject({ code: CLOSE_CODES.sessionEnded });
        expect((await as.get('/api/auth/user')).statusCode).toBe(401);
        const login = () =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: TEST_PASSWORD },
          });
        expect((await login()).json()).toEqual({ message: ACCOUNT_DISABLED });

        const shown = await admin(['users', 'show', user.email!], env);
        expect(shown.stdout).toMatch(/^disabledAt\s+\d{4}-\d\d-\d\dT/m);
        const listed = await admin(['users', 'list'], env);
        expect(listed.stdout).toMatch(/\bstate\b/);
        expect(listed.stdout.split('\n').find((l) => l.startsWith(user.email!))).toContain('disabled');

        const enabled = await admin(['users', 'enable', user.email!], env);
        expect(enabled.code).toBe(0);
        expect(enabled.stdout.trim()).toBe(`${user.email} is enabled: it can sign in again.`);
        expect((await login()).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
    SLOW,
  );
});
