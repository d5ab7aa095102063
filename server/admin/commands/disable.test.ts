// `users disable|enable` (issue 29): a disabled account cannot sign in by any path and its sessions end, its
// open sockets included. On PGlite and PostgreSQL (api-postgres projects); the race is in disable.pg.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../../../common/account.ts';
import { CLOSE_CODES } from '../../../common/realtime.ts';
import { mailTokenHash, newMailToken } from '../../auth/tokens.ts';
import { requestPasswordReset } from '../../commands/passwords.ts';
import { emailTokens, sessions, users } from '../../db/schema/index.ts';
import { setupTestApp } from '../../test/app.ts';
import { buildUser, callerFor, cookieFor, signedInUser, TEST_PASSWORD } from '../../test/factories.ts';
import { openSocket } from '../../test/ws.ts';
import { AdminError } from '../errors.ts';
import { publishToInstances, sessionEvents } from '../publish.ts';
import { disableUser, enableUser, listUsers, resetPasswordLink, showUser } from './users.ts';

describe('users disable and enable', () => {
  const t = setupTestApp();

  let address = 0;
  /** A password sign-in from an address of its own (the failed sign-in limits count per address). */
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: `198.51.100.${++address % 250}`,
    });
  const sessionSet = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.some((c) => c.name === 'tl_session' && c.value !== '');

  it('refuses the password sign-in after checking the password, ends every session, and enable restores it', async () => {
    const { user, as } = await signedInUser(t.app);
    const other = callerFor(t.app, await cookieFor(t.app, user));
    const bystander = await signedInUser(t.app);

    const { already, ended } = await disableUser(t.app.db, user.email!.toUpperCase());
    expect(already).toBe(false);
    expect(ended).toHaveLength(2);
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await bystander.as.get('/api/auth/user')).statusCode).toBe(200);

    // Whoever lacks the password learns nothing: the usual 401.
    const wrong = await login(user.email!, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    const right = await login(user.email!, TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: ACCOUNT_DISABLED });
    expect(sessionSet(right)).toBe(false);
    expect(await t.app.db.select().from(sessions)).not.toContainEqual(
      expect.objectContaining({ sess: expect.objectContaining({ userId: user.id }) }),
    );

    const shown = await showUser(t.app.db, user.email!);
    expect(shown.disabledAt).toBeInstanceOf(Date);
    expect(shown.liveSessions).toBe(0);
    const { rows } = await listUsers(t.app.db, { limit: 1000 });
    expect(rows.find((r) => r.id === user.id)?.disabled).toBe(true);
    expect(rows.find((r) => r.id === bystander.user.id)?.disabled).toBe(false);
    expect((await disableUser(t.app.db, user.email!)).already).toBe(true);

    expect(await enableUser(t.app.db, user.email!)).toBe(true);
    expect(await enableUser(t.app.db, user.email!)).toBe(false);
    expect((await showUser(t.app.db, user.email!)).disabledAt).toBeNull();
    // Enabling starts no session: the old ones stay ended.
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
    const back = await login(user.email!, TEST_PASSWORD);
    expect(back.statusCode).toBe(200);
    expect(sessionSet(back)).toBe(true);
    await expect(disableUser(t.app.db, 'nobody@example.test')).rejects.toThrow(AdminError);
  });

  it('refuses a session row left behind, on its next request and at the sockets’ session check', async () => {
    const { user, cookie, as } = await signedInUser(t.app);
    const socket = await openSocket(t.app, cookie);
    // disabled_at set without ending the sessions: as if one had slipped past the disable.
    await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    await t.app.realtimeHub.hub.checkSessions();
    expect((await socket.waitClose()).code).toBe(CLOSE_CODES.sessionEnded);
    expect((await as.get('/api/auth/user')).statusCode).toBe(401);
    expect(await showUser(t.app.db, user.email!)).toMatchObject({ liveSessions: 0 });
  });

  it('closes the open sockets at once through the bus (PostgreSQL) or the session check (embedded)', async () => {
    const { user, cookie } = await signedInUser(t.app);
    const bystander = await signedInUser(t.app);
    const socket = await openSocket(t.app, cookie);
    const kept = await openSocket(t.app, bystander.cookie);
    await socket.authenticate(user.id);
    const { ended } = await disableUser(t.app.db, user.email!);
    // What the command line does once the disable has committed.
    await publishToInstances(t.app.config, t.database, sessionEvents(ended));
    // The embedded database runs no instance beside the command (it refuses while a server runs); the
    // server's session check is what would close a socket there.
    if (t.database.kind === 'pglite') await t.app.realtimeHub.hub.checkSessions();
    expect(await socket.waitClose(5000)).toEqual({ code: CLOSE_CODES.sessionEnded, reason: 'Session ended' });
    // The bystander's socket still answers (a round trip after the close was sent).
    await kept.authenticate(bystander.user.id);
    expect(kept.closeInfo).toBeUndefined();
    await kept.close();
  });

  it('a reset link neither signs in nor changes anything, and is not even mailed', async () => {
    const user = await buildUser(t.app.db);
    const link = await resetPasswordLink(t.app.db, user.email!, 'https://tl.example');
    const token = new URL(link).searchParams.get('token');
    await disableUser(t.app.db, user.email!);
    await expect(resetPasswordLink(t.app.db, user.email!, 'https://tl.example')).rejects.toThrow(
      /is disabled/,
    );
    expect(await requestPasswordReset(t.app.db, user.email!, 'https://tl.example')).toBe(false);

    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'a brand new passphrase' },
      });
    const refused = await reset();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ACCOUNT_DISABLED });
    expect(sessionSet(refused)).toBe(false);
    // The password did not change: the old one is still the one checked.
    expect((await login(user.email!, 'a brand new passphrase')).statusCode).toBe(401);
    expect((await login(user.email!, TEST_PASSWORD)).statusCode).toBe(403);

    // Once enabled, the link (still unused, within its hour) works.
    await enableUser(t.app.db, user.email!);
    const done = await reset();
    expect(done.statusCode).toBe(200);
    expect(sessionSet(done)).toBe(true);
  });

  it('an e-mail confirmation link does nothing while the account is disabled', async () => {
    const user = await buildUser(t.app.db, { emailVerifiedAt: null });
    const token = newMailToken();
    await t.app.db.insert(emailTokens).values({
      tokenHash: mailTokenHash(token),
      userId: user.id,
      purpose: 'verify',
      email: user.email!,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const verify = () => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    await disableUser(t.app.db, user.email!);
    const refused = await verify();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ACCOUNT_DISABLED });
    expect(sessionSet(refused)).toBe(false);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();

    await enableUser(t.app.db, user.email!);
    expect((await verify()).json()).toMatchObject({ emailVerified: true });
  });
});
