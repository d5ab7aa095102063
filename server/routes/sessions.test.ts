// Signed-in devices (issue 26; DECISIONS §10): GET /api/auth/sessions and DELETE /api/auth/sessions/{id}.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_NOT_FOUND } from '../../common/schemas/account.ts';
import { setupTestApp } from '../test/app.ts';
import { buildUser, callerFor, TEST_PASSWORD } from '../test/factories.ts';

const t = setupTestApp();

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const cookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'tl_session');
  return `tl_session=${c!.value}`;
};
/** Signs `email` in through the real route from a browser with this User-Agent; returns the cookie. */
async function signInWith(email: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return cookieOf(res);
}
const sessionsOf = async (cookie: string) =>
  (await callerFor(t.app, cookie).get('/api/auth/sessions')).json();

describe('signed-in devices', () => {
  it('lists each session with its browser and last use, newest first, marking this one', async () => {
    const ada = await buildUser(t.app.db);
    const laptop = await signInWith(ada.email!, FIREFOX);
    const phone = await signInWith(ada.email!, SAFARI);
    const list = await sessionsOf(phone);
    expect(list).toHaveLength(2);
    expect(list.map((s: { userAgent: string }) => s.userAgent).sort()).toEqual([FIREFOX, SAFARI].sort());
    expect(list.find((s: { current: boolean }) => s.current).userAgent).toBe(SAFARI);
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['current', 'id', 'lastSeenAt', 'userAgent']);
      expect(Math.abs(Date.parse(s.lastSeenAt) - Date.now())).toBeLessThan(60_000);
      // Nothing in the list can act for a session.
      expect(laptop).not.toContain(s.id);
      expect(phone).not.toContain(s.id);
    }
    expect((await sessionsOf(laptop)).find((s: { current: boolean }) => s.current).userAgent).toBe(FIREFOX);
  });

  it('ends another device, which is signed out at once; this one stays', async () => {
    const ada = await buildUser(t.app.db);
    const laptop = await signInWith(ada.email!, FIREFOX);
    const phone = await signInWith(ada.email!, SAFARI);
    const other = (await sessionsOf(phone)).find((s: { current: boolean }) => !s.current);
    const res = await callerFor(t.app, phone).delete(`/api/auth/sessions/${other.id}`);
    expect(res.statusCode).toBe(204);
    expect((await callerFor(t.app, laptop).get('/api/auth/user')).statusCode).toBe(401);
    expect((await callerFor(t.app, phone).get('/api/auth/user')).statusCode).toBe(200);
    expect(await sessionsOf(phone)).toHaveLength(1);
    const again = await callerFor(t.app, phone).delete(`/api/auth/sessions/${other.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SESSION_NOT_FOUND });
  });

  it('ending this device signs it out and clears the cookie', async () => {
    const ada = await buildUser(t.app.db);
    const phone = await signInWith(ada.email!, SAFARI);
    const [mine] = await sessionsOf(phone);
    const res = await callerFor(t.app, phone).delete(`/api/auth/sessions/${mine.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'tl_session')?.value).toBe('');
    expect((await callerFor(t.app, phone).get('/api/auth/user')).statusCode).toBe(401);
  });

  it("visitors get 401; another user's session is unknown (404) and stays signed in", async () => {
    expect((await callerFor(t.app).get('/api/auth/sessions')).statusCode).toBe(401);
    expect((await callerFor(t.app).delete('/api/auth/sessions/abc')).statusCode).toBe(401);
    const ada = await buildUser(t.app.db);
    const bob = await buildUser(t.app.db);
    const adaCookie = await signInWith(ada.email!, FIREFOX);
    const bobCookie = await signInWith(bob.email!, SAFARI);
    const [bobs] = await sessionsOf(bobCookie);
    const res = await callerFor(t.app, adaCookie).delete(`/api/auth/sessions/${bobs.id}`);
    expect(res.statusCode).toBe(404);
    expect((await callerFor(t.app, bobCookie).get('/api/auth/user')).statusCode).toBe(200);
    expect(
      (await callerFor(t.app, adaCookie).delete(`/api/auth/sessions/${'x'.repeat(65)}`)).statusCode,
    ).toBe(400);
  });
});
