import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { buildUser, cookieFor, TEST_PASSWORD } from '../test/factories.ts';

// inject() comes from 127.0.0.1: trusting it as the proxy lets each test pose as its own address.
const t = setupTestApp({ TRUST_PROXY: '127.0.0.1' });

const sessionCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'tl_session');
  return c ? `tl_session=${c.value}` : undefined;
};
const register = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers });
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

describe('registration', () => {
  it('creates the account, signs it in and never returns the hash', async () => {
    const res = await register({
      email: ' New.Person@Example.TEST ',
      password: 'long enough',
      firstName: 'Ada',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'new.person@example.test', firstName: 'Ada', plan: 'free' });
    expect(Object.keys(body).sort()).toEqual(
      [
        'bio',
        'displayName',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'lastName',
        'plan',
        'profileImageUrl',
      ].sort(),
    );
    const cookie = res.cookies.find((c) => c.name === 'tl_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await me(sessionCookie(res))).json().id).toBe(body.id);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a duplicate e-mail with 409', async () => {
    await register({ email: 'dup@example.test', password: 'long enough' });
    const res = await register({ email: 'DUP@example.test', password: 'another one' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('lists every field problem with 400', async () => {
    const res = await register({ email: 'not-an-email', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'password']);
    const long = await register({ email: 'x@example.test', password: 'p'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Password must be at most 200 characters');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and rotates the session id', async () => {
    const user = await buildUser(t.database.db);
    const before = await cookieFor(t.app, user);
    const res = await login(user.email!, TEST_PASSWORD, { cookie: before });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email });
    const after = sessionCookie(res)!;
    expect(after).not.toBe(before);
    expect((await me(after)).statusCode).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
  });

  it('answers 401 with one message for a wrong password or an unknown e-mail', async () => {
    const user = await buildUser(t.database.db);
    for (const res of [
      await login(user.email!, 'wrong password'),
      await login('nobody@example.test', 'whatever1'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });
});

describe('sessions', () => {
  it('logout destroys the session on the server', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a session idle past its expiry', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    await t.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('ends a session 30 days after sign-in however active', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    const thirtyOneDaysAgo = Date.now() - 31 * 24 * 3600 * 1000;
    await t.database.db
      .update(sessions)
      .set({ sess: { userId: user.id, createdAt: thirtyOneDaysAgo } })
      .where(sql`${sessions.sess}->>'userId' = ${user.id}`);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('slides the idle expiry forward on use', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    const where = sql`${sessions.sess}->>'userId' = ${user.id}`;
    await t.database.db.update(sessions).set({ expire: soon }).where(where);
    expect((await me(cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(where);
    expect(row!.expire.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('ignores a forged cookie', async () => {
    expect((await me('tl_session=forged-token')).statusCode).toBe(401);
  });

  it('GET /api/login leads to the sign-in screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('GET /api/login?returnTo= carries a same-origin path to the sign-in screen, nothing else', async () => {
    const go = async (returnTo: string) =>
      (await t.app.inject({ url: `/api/login?returnTo=${encodeURIComponent(returnTo)}` })).headers.location;
    expect(await go('/timeline/abc?x=1')).toBe('/login?returnTo=%2Ftimeline%2Fabc%3Fx%3D1');
    expect(await go('https://evil.example/')).toBe('/login');
    expect(await go('//evil.example/')).toBe('/login');
  });

  it('GET /api/login?tab=register opens Create account (a click before /api/meta answered lands here)', async () => {
    const go = async (url: string) => (await t.app.inject({ url })).headers.location;
    expect(await go('/api/login?tab=register')).toBe('/login?tab=register');
    expect(await go('/api/login?tab=register&returnTo=%2Fprofile')).toBe(
      '/login?tab=register&returnTo=%2Fprofile',
    );
    expect(await go('/api/login?tab=evil')).toBe('/login');
  });
});

describe('request hygiene', () => {
  it('refuses state-changing calls from another site', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await cookieFor(t.app, user);
    const put = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        payload: { bio: 'x' },
        headers: { cookie, ...headers },
      });
    const crossSite: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await put(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    }
    expect((await put({ origin: 'http://localhost:80' })).statusCode).toBe(200);
    expect((await put({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const sameHost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { host: 'threadline.test', origin: 'http://threadline.test' },
    });
    expect(sameHost.statusCode).toBe(200);
  });

  it('refuses a websocket upgrade from another site', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ws',
      headers: { upgrade: 'websocket', connection: 'Upgrade', origin: 'http://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('answers bad JSON with 400 and a wrong content type with 415', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Body is not valid JSON' });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json().message).toMatch(/Unsupported content type/);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await register({ email: 'big@example.test', password: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await me();
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('registration rate limit', () => {
  it('allows 30 account creations per hour per address', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i++) {
      // Invalid bodies are cheap and still count as attempts.
      last = await register({ email: `bad-${i}`, password: 'long enough' }, headers);
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().message).toMatch(/Too many accounts/);
  });
});
