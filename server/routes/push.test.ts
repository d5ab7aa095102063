// Web Push device routes (issue 27): the key, registering this browser against the user and the session,
// the SSRF guard on endpoints, the device cap, and removal (by the user, by signing out on that device).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import { pushSubscriptions, sessions } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { callerFor, signedInUser } from '../test/factories.ts';

const PUSH_ENV = {
  PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,*.push.apple.com,127.0.0.1',
  PUSH_ALLOW_HTTP_LOOPBACK: 'true',
};

/** A browser's PushSubscription.toJSON() for a fresh device on FCM (keys: a real P-256 point, 16 auth bytes). */
async function device(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const raw = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey));
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: raw.toString('base64url'),
      auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url'),
    },
  };
}

/** The session key (sessions.sid) behind a test cookie. */
function keyOfCookie(t: ReturnType<typeof setupTestApp>, cookie: string) {
  const token = cookie.split('=').slice(1).join('=');
  return t.app.sessions.keyOf(token);
}

const stored = (t: ReturnType<typeof setupTestApp>, userId: string) =>
  t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('push device routes', () => {
  const t = setupTestApp(PUSH_ENV);

  it('refuses visitors on every route', async () => {
    const visitor = callerFor(t.app);
    expect((await visitor.get('/api/push/key')).statusCode).toBe(401);
    expect((await visitor.get('/api/push/subscriptions')).statusCode).toBe(401);
    expect((await visitor.post('/api/push/subscriptions', await device())).statusCode).toBe(401);
    expect(
      (await visitor.delete('/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/x' }))
        .statusCode,
    ).toBe(401);
  });

  it('gives the VAPID public key browsers subscribe with', async () => {
    const ada = await signedInUser(t.app);
    const res = await ada.as.get('/api/push/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: t.app.push.publicKey });
    const raw = Buffer.from(res.json().publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
  });

  it('stores the device against the user and this session, once per endpoint', async () => {
    const ada = await signedInUser(t.app);
    const sub = await device();
    const res = await ada.as.post('/api/push/subscriptions', sub);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ endpoint: sub.endpoint, current: true });
    const [row] = await stored(t, ada.user.id);
    expect(row).toMatchObject({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
    expect(row!.sessionKey).toBe(keyOfCookie(t, ada.cookie));

    // The same browser again (new keys after a resubscribe): updated, never twice.
    const again = { ...(await device(sub.endpoint)) };
    expect((await ada.as.post('/api/push/subscriptions', again)).statusCode).toBe(201);
    const rows = await stored(t, ada.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.p256dh).toBe(again.keys.p256dh);

    // Listed with "current" for this session only.
    const list = (await ada.as.get('/api/push/subscriptions')).json();
    expect(list).toEqual([{ endpoint: sub.endpoint, createdAt: expect.any(String), current: true }]);
    const elsewhere = callerFor(t.app, `tl_session=${await t.app.sessions.create(ada.user.id)}`);
    expect((await elsewhere.get('/api/push/subscriptions')).json()[0].current).toBe(false);
  });

  it('sends only to known push services over https (an SSRF guard), with usable keys', async () => {
    const ada = await signedInUser(t.app);
    const refused = async (body: unknown, message: RegExp) => {
      const res = await ada.as.post('/api/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await refused(await device('http://fcm.googleapis.com/fcm/send/abc'), /https/);
    await refused(await device('https://evil.example/fcm/send/abc'), /not a known push service/);
    await refused(await device('https://169.254.169.254/latest/meta-data'), /not a known push service/);
    await refused(await device('https://fcm.googleapis.com.evil.example/x'), /not a known push service/);
    await refused(await device('https://fcm.googleapis.com:8443/fcm/send/abc'), /default https port/);
    await refused(await device('https://user:pw@fcm.googleapis.com/fcm/send/abc'), /user name or password/);
    // http on loopback is a test run's allowance (PUSH_ALLOW_HTTP_LOOPBACK); another loopback host is not listed.
    await refused(await device('http://localhost:9/push/x'), /not a known push service/);
    const bad = await device();
    await refused(
      { ...bad, keys: { ...bad.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      /p256dh/,
    );
    await refused({ ...bad, keys: { ...bad.keys, auth: 'c2hvcnQ' } }, /auth must be 16 bytes/);
    await refused({ ...bad, endpoint: 'not a url' }, /./);
    await refused({ endpoint: bad.endpoint }, /./);
    expect(await stored(t, ada.user.id)).toHaveLength(0);

    // Subdomains where the list says so; loopback http in this test run.
    expect(
      (await ada.as.post('/api/push/subscriptions', await device('https://web.push.apple.com/QGx')))
        .statusCode,
    ).toBe(201);
    expect(
      (await ada.as.post('/api/push/subscriptions', await device('http://127.0.0.1:9/push/x'))).statusCode,
    ).toBe(201);
  });

  it(`keeps a user's newest ${NOTIFICATIONS.maxPushDevices} devices: the oldest goes`, async () => {
    const ada = await signedInUser(t.app);
    const endpoints: string[] = [];
    for (let i = 0; i <= NOTIFICATIONS.maxPushDevices; i++) {
      const sub = await device();
      endpoints.push(sub.endpoint);
      expect((await ada.as.post('/api/push/subscriptions', sub)).statusCode).toBe(201);
    }
    const rows = await stored(t, ada.user.id);
    expect(rows).toHaveLength(NOTIFICATIONS.maxPushDevices);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(endpoints.slice(1).sort());
  });

  it("removes one's own device; another user's endpoint is not found and stays", async () => {
    const ada = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const adas = await device();
    await ada.as.post('/api/push/subscriptions', adas);

    const asBob = await bob.as.delete('/api/push/subscriptions', { endpoint: adas.endpoint });
    expect(asBob.statusCode).toBe(404);
    expect(asBob.json().message).toBe('This device is not registered for notifications');
    expect(await stored(t, ada.user.id)).toHaveLength(1);
    expect((await bob.as.get('/api/push/subscriptions')).json()).toEqual([]);

    expect((await ada.as.delete('/api/push/subscriptions', { endpoint: adas.endpoint })).statusCode).toBe(
      204,
    );
    expect(await stored(t, ada.user.id)).toHaveLength(0);
    expect((await ada.as.delete('/api/push/subscriptions', { endpoint: adas.endpoint })).statusCode).toBe(
      404,
    );
    expect((await ada.as.delete('/api/push/subscriptions', {})).statusCode).toBe(400);
  });

  it('signing out on that device deletes its session and, with it, its push device', async () => {
    const ada = await signedInUser(t.app);
    const phone = callerFor(t.app, `tl_session=${await t.app.sessions.create(ada.user.id)}`);
    const here = await device();
    const there = await device();
    await ada.as.post('/api/push/subscriptions', here);
    await phone.post('/api/push/subscriptions', there);
    const key = keyOfCookie(t, ada.cookie);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: ada.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.sid, key))).toEqual([]);
    const left = await stored(t, ada.user.id);
    expect(left.map((r) => r.endpoint)).toEqual([there.endpoint]);
    expect((await phone.get('/api/push/subscriptions')).json()).toEqual([
      { endpoint: there.endpoint, createdAt: expect.any(String), current: true },
    ]);
  });

  it('ending a device from the signed-in devices list removes its push device too', async () => {
    const ada = await signedInUser(t.app);
    const phoneCookie = `tl_session=${await t.app.sessions.create(ada.user.id)}`;
    await callerFor(t.app, phoneCookie).post('/api/push/subscriptions', await device());
    const [phoneSession] = (
      (await ada.as.get('/api/auth/sessions')).json() as { id: string; current: boolean }[]
    ).filter((s) => !s.current);
    expect((await ada.as.delete(`/api/auth/sessions/${phoneSession!.id}`)).statusCode).toBe(204);
    expect(await stored(t, ada.user.id)).toEqual([]);
  });
});
