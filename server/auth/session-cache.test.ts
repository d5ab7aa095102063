// The session lookup from memory (embedded database only): every kind of write that changes who a cookie
// is, or what the signed-in user looks like, shows on the very next request. The same cases run on
// PostgreSQL, where the lookup is a query each time, so both answer alike.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { revokeSessions } from '../admin/commands/sessions.ts';
import { disableUser, setPlan } from '../admin/commands/users.ts';
import { sessions, type User, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { buildUser, callerFor, cookieFor, TEST_PASSWORD } from '../test/factories.ts';
import { SessionCache, type SessionRow } from './session-cache.ts';

const t = setupTestApp();
const cached = () => t.database.kind === 'pglite';
const me = (cookie: string) => callerFor(t.app, cookie).get('/api/auth/user');

/** A user signed in twice (two devices), each session looked up once so it is in memory where it can be. */
async function signedIn() {
  const user = await buildUser(t.app.db);
  const cookie = await cookieFor(t.app, user);
  const other = await cookieFor(t.app, user);
  for (const c of [cookie, other]) expect((await me(c)).statusCode).toBe(200);
  return { user, cookie, other };
}

const storedKey = (cookie: string) => t.app.sessions.keyOf(cookie.split('=')[1]!);

describe('the session lookup from memory', () => {
  it('is used on the embedded database, and is a query on PostgreSQL', async () => {
    const { cookie } = await signedIn();
    const before = t.app.sessions.cacheStats();
    expect((await me(cookie)).statusCode).toBe(200);
    const after = t.app.sessions.cacheStats();
    if (cached()) {
      expect(after!.hits).toBe(before!.hits + 1);
      expect(after!.entries).toBeGreaterThan(0);
    } else {
      expect(after).toBeNull();
    }
  });

  const cases: {
    name: string;
    write(s: { user: User; cookie: string; other: string }): Promise<unknown>;
    /** Both sessions' answers to GET /api/auth/user after the write. */
    expect: [number, number];
    check?(s: { user: User; cookie: string }): Promise<void>;
  }[] = [
    {
      name: 'sign-out ends that session only',
      write: ({ cookie }) => callerFor(t.app, cookie).post('/api/auth/logout'),
      expect: [401, 200],
    },
    {
      name: 'ending another device from the list',
      write: async ({ cookie }) => {
        const list = (await callerFor(t.app, cookie).get('/api/auth/sessions')).json();
        const gone = list.find((s: { current: boolean }) => !s.current);
        expect((await callerFor(t.app, cookie).delete(`/api/auth/sessions/${gone.id}`)).statusCode).toBe(204);
      },
      expect: [200, 401],
    },
    {
      name: 'a password change ends the other sessions',
      write: async ({ cookie }) => {
        const res = await callerFor(t.app, cookie).post('/api/auth/change-password', {
          currentPassword: TEST_PASSWORD,
          newPassword: 'a brand new passphrase 42',
        });
        expect(res.statusCode).toBe(200);
      },
      expect: [200, 401],
    },
    {
      name: 'account deletion',
      write: async ({ user, cookie }) => {
        const res = await callerFor(t.app, cookie).delete('/api/me', {
          confirmEmail: user.email,
          password: TEST_PASSWORD,
        });
        expect(res.statusCode).toBeLessThan(300);
      },
      expect: [401, 401],
    },
    {
      name: 'an operator disables the account (admin command, same database)',
      write: ({ user }) => disableUser(t.app.db, user.email!),
      expect: [401, 401],
    },
    {
      name: 'an operator signs the account out everywhere',
      write: ({ user }) => revokeSessions(t.app.db, user.email!),
      expect: [401, 401],
    },
    {
      name: 'expiry: the idle limit passed (written straight to the row)',
      write: ({ cookie }) =>
        t.app.db
          .update(sessions)
          .set({ expire: new Date(Date.now() - 1000) })
          .where(eq(sessions.sid, storedKey(cookie))),
      expect: [401, 200],
    },
    {
      name: 'a profile change shows in the other session at once',
      write: async ({ cookie }) => {
        const res = await callerFor(t.app, cookie).put('/api/profile', { displayName: 'Renamed Person' });
        expect(res.statusCode).toBe(200);
      },
      expect: [200, 200],
      check: async ({ cookie }) => {
        expect((await me(cookie)).json().displayName).toBe('Renamed Person');
      },
    },
    {
      name: 'a plan set by an operator shows at once',
      write: ({ user }) => setPlan(t.app.db, user.email!, 'pro'),
      expect: [200, 200],
      check: async ({ cookie }) => {
        expect((await me(cookie)).json().plan).toBe('pro');
      },
    },
    {
      name: 'any other write to the users table (raw SQL) forgets every cached session',
      write: ({ user }) =>
        t.app.db.execute(sql.raw(`update users set bio = 'raw' where email = '${user.email}'`)),
      expect: [200, 200],
      check: async ({ user, cookie }) => {
        expect((await me(cookie)).json().bio).toBe('raw');
        expect(user.bio).not.toBe('raw');
      },
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const s = await signedIn();
      await c.write(s);
      expect([(await me(s.cookie)).statusCode, (await me(s.other)).statusCode]).toEqual(c.expect);
      await c.check?.(s);
    });
  }

  it('lookups racing a password change: none leaves the ended session usable afterwards', async () => {
    const { cookie, other } = await signedIn();
    // Forget every cached session (any write to users it cannot narrow), so these lookups read the database.
    await t.app.db.execute(sql.raw('update users set bio = bio where false'));
    // 40 lookups of the session the change ends, in flight before, during and after the change's transaction.
    const lookups = Array.from({ length: 40 }, () => me(other));
    const change = callerFor(t.app, cookie).post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase 42',
    });
    const answers = await Promise.all(lookups.map(async (r) => (await r).statusCode));
    expect((await change).statusCode).toBe(200);
    // Whatever each answered while the change ran, once it has answered the session is gone, here and later.
    // (PGlite runs one statement at a time, so this passes even with the generation check and the
    // after-transaction forgetting both switched off; those two are tested on their own below and in
    // writes.pglite.test.ts, against a worker thread or a change in PGlite.)
    expect(answers.every((code) => code === 200 || code === 401)).toBe(true);
    for (let i = 0; i < 3; i++) expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('hands each request its own copy of the user, and keeps the cached one unchangeable', async () => {
    const user = await buildUser(t.app.db, { notificationPrefs: {} });
    const cookie = await cookieFor(t.app, user);
    const a = await t.app.sessions.resolve(cookie.split('=')[1]);
    const b = await t.app.sessions.resolve(cookie.split('=')[1]);
    expect(a!.user).not.toBe(b!.user);
    a!.user.displayName = 'changed here only';
    expect(b!.user.displayName).not.toBe('changed here only');
    // The nested object is the cached one's: changing it would change every later request's user.
    if (cached()) expect(() => Object.assign(b!.user.notificationPrefs!, { x: 1 })).toThrow(TypeError);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, a!.user.id));
    expect(row!.displayName).not.toBe('changed here only');
  });
});

describe('SessionCache', () => {
  const row = (userId: string, sid: string) =>
    ({ user: { id: userId }, session: { sid } }) as unknown as SessionRow;

  it('does not keep what a lookup read when a write came while it was reading', () => {
    const cache = new SessionCache(10);
    const version = cache.version;
    // The lookup is in flight; a write to the user lands.
    cache.forget({ kind: 'user', id: 'u1' });
    cache.set('s1', row('u1', 's1'), version);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', row('u1', 's1'), cache.version);
    expect(cache.get('s1')).toBeDefined();
  });

  it("forgets one session, one user's sessions, or all", () => {
    const cache = new SessionCache(10);
    for (const [u, s] of [
      ['u1', 's1'],
      ['u1', 's2'],
      ['u2', 's3'],
    ]) {
      cache.set(s!, row(u!, s!), cache.version);
    }
    cache.forget({ kind: 'session', sid: 's1' });
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')].map(Boolean)).toEqual([false, true, true]);
    cache.forget({ kind: 'user', id: 'u1' });
    expect([cache.get('s2'), cache.get('s3')].map(Boolean)).toEqual([false, true]);
    cache.forget({ kind: 'all' });
    expect(cache.size).toBe(0);
  });

  it('keeps at most its bound, dropping the least recently used, and reads an entry again after 5 minutes', () => {
    let now = 0;
    const cache = new SessionCache(2, () => now);
    cache.set('s1', row('u1', 's1'), cache.version);
    cache.set('s2', row('u2', 's2'), cache.version);
    cache.get('s1');
    cache.set('s3', row('u3', 's3'), cache.version);
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')].map(Boolean)).toEqual([true, false, true]);
    now = 5 * 60 * 1000 + 1;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
