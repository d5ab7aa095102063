// Web Push end to end but the network (issue 27): new notifications reach a local push service that checks the
// VAPID JWT and decrypts the aes128gcm payload with the device's own keys (server/test/push-service.ts).
// "Nothing was pushed" is read once the sender has settled (every queued look-up and push done), never
// after a sleep.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS, type NotificationType } from '../../common/notifications.ts';
import { pushSubscriptions, users } from '../db/schema/index.ts';
import { publishNotifications } from '../notifications/publish.ts';
import { createNotifications, hrefs } from '../notifications/store.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildConversation, buildThreadline, signedInUser } from '../test/factories.ts';
import { type PushService, startPushService, type TestSubscription } from '../test/push-service.ts';
import { openSocket } from '../test/ws.ts';
import { generateVapidKeys } from './keys.ts';
import { PushSender } from './sender.ts';

const KEYS = generateVapidKeys();
const PUSH_ENV = {
  PUSH_ENDPOINT_HOSTS: '127.0.0.1',
  PUSH_ALLOW_HTTP_LOOPBACK: 'true',
  VAPID_PUBLIC_KEY: KEYS.publicKey,
  VAPID_PRIVATE_KEY: KEYS.privateKey,
  MAIL_FROM: 'Threadline <ops@example.test>',
};

describe('Web Push of new notifications', () => {
  const t = setupTestApp(PUSH_ENV);
  let push: PushService;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => {
    await push?.close();
  });

  /** A signed-in user with `n` devices registered through the API. */
  async function withDevices(n = 1) {
    const person = await signedInUser(t.app);
    const devices: TestSubscription[] = [];
    for (let i = 0; i < n; i++) {
      // As a browser does: with the key GET /api/push/key gives.
      const sub = push.subscribe((await person.as.get('/api/push/key')).json().publicKey);
      expect((await person.as.post('/api/push/subscriptions', sub)).statusCode).toBe(201);
      devices.push(sub);
    }
    return { ...person, devices };
  }

  /** Writes a notification for `userId` and publishes it as a route does after its commit. */
  async function notify(userId: string, type: NotificationType = 'mention', text = 'Ada mentioned you') {
    const created = await createNotifications(t.app.db, [
      { userId, type, text, href: `/timeline/${crypto.randomUUID()}?post=${crypto.randomUUID()}` },
    ]);
    await publishNotifications(t.app, t.app.log, created);
    return created[0]!;
  }

  const pushesTo = (sub: TestSubscription) => push.received.filter((p) => p.endpoint === sub.endpoint);

  async function until(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 5000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('pushes {text, href} only, signed with the VAPID key (aud = the push service, exp ahead, sub)', async () => {
    const ada = await withDevices();
    const n = await notify(ada.user.id, 'mention', 'Bob mentioned you in Garden club: "@Ada look"');
    const got = await push.next({ where: (p) => p.endpoint === ada.devices[0]!.endpoint });
    expect(got.payload).toEqual({ text: n.text, href: n.href });
    expect(Object.keys(got.payload as object).sort()).toEqual(['href', 'text']);
    expect(got.vapidKey).toBe(KEYS.publicKey);
    expect(got.claims.aud).toBe(push.origin);
    expect(got.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(got.claims.sub).toBe('mailto:ops@example.test');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    expect(push.rejected).toEqual([]);
  });

  it('pushes to each device of the user, and to nobody else', async () => {
    const ada = await withDevices(2);
    const bob = await withDevices(1);
    await notify(ada.user.id);
    await t.app.push.settled();
    expect(pushesTo(ada.devices[0]!)).toHaveLength(1);
    expect(pushesTo(ada.devices[1]!)).toHaveLength(1);
    expect(pushesTo(bob.devices[0]!)).toHaveLength(0);
  });

  it('never delays the caller: the push goes out in the background', async () => {
    const ada = await withDevices();
    const release = push.hold(ada.devices[0]!);
    await notify(ada.user.id);
    // publishNotifications has returned while the push service still holds the request.
    expect(pushesTo(ada.devices[0]!)).toHaveLength(0);
    release();
    await t.app.push.settled();
    expect(pushesTo(ada.devices[0]!)).toHaveLength(1);
  });

  it('pushes only to users with no socket open', async () => {
    const ada = await withDevices();
    const socket = await openSocket(t.app, ada.cookie);
    await until(
      async () => (await t.app.realtimeHub.registry.connectedUsers([ada.user.id])).size === 1,
      'the socket',
    );
    await notify(ada.user.id, 'mention', 'while connected');
    await t.app.push.settled();
    expect(pushesTo(ada.devices[0]!)).toHaveLength(0);

    await socket.close();
    await until(
      async () => (await t.app.realtimeHub.registry.connectedUsers([ada.user.id])).size === 0,
      'the close',
    );
    await notify(ada.user.id, 'mention', 'after closing');
    const got = await push.next({ where: (p) => p.endpoint === ada.devices[0]!.endpoint });
    expect((got.payload as { text: string }).text).toBe('after closing');
  });

  it('pushes the kinds set to "immediately" only, never those on digest or never, nor plain new posts', async () => {
    const ada = await withDevices();
    await t.app.db
      .update(users)
      .set({
        notificationPrefs: {
          ...DEFAULT_NOTIFICATION_PREFS,
          email: { ...DEFAULT_NOTIFICATION_PREFS.email, mentions: 'digest', messages: 'never' },
        },
      })
      .where(eq(users.id, ada.user.id));
    await notify(ada.user.id, 'mention', 'digest kind');
    await notify(ada.user.id, 'reply', 'digest kind too');
    await notify(ada.user.id, 'message', 'never kind');
    await notify(ada.user.id, 'new_post', 'no mail kind');
    await notify(ada.user.id, 'role_changed', 'no mail kind either');
    await notify(ada.user.id, 'join_request', 'immediately');
    await t.app.push.settled();
    expect(pushesTo(ada.devices[0]!).map((p) => (p.payload as { text: string }).text)).toEqual([
      'immediately',
    ]);
  });

  it('removes a device the push service says is gone (410, 404) and keeps one that failed otherwise', async () => {
    const ada = await withDevices(3);
    const [gone, unknown, failing] = ada.devices as [TestSubscription, TestSubscription, TestSubscription];
    push.answer(gone, 410);
    push.answer(unknown, 404);
    push.answer(failing, 500);
    await notify(ada.user.id);
    await t.app.push.settled();
    expect(pushesTo(gone)).toHaveLength(1);
    const left = await t.app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ada.user.id));
    expect(left.map((r) => r.endpoint)).toEqual([failing.endpoint]);
  });

  it('a direct message sent through the API is pushed to its recipient, with a link to the conversation', async () => {
    const owner = await signedInUser(t.app);
    const ada = await withDevices();
    const timeline = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, timeline, ada.user);
    const conversation = await buildConversation(t.app.db, timeline, owner.user, ada.user);
    const res = await owner.as.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'Lunch at noon?',
    });
    expect(res.statusCode).toBe(201);
    const got = await push.next({ where: (p) => p.endpoint === ada.devices[0]!.endpoint });
    expect((got.payload as { href: string }).href).toBe(hrefs.conversation(conversation.id));
    expect(Object.keys(got.payload as object).sort()).toEqual(['href', 'text']);
  });

  it('sends to endpoints the allowlist still allows, and gives up on a silent push service', async () => {
    const ada = await withDevices();
    const [row] = await t.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ada.user.id));
    const strict = new PushSender({
      db: t.app.db,
      log: t.app.log,
      keys: KEYS,
      subject: 'mailto:ops@example.test',
      rules: { hosts: ['fcm.googleapis.com'], allowHttpLoopback: true },
    });
    expect(await strict.send(row!, { text: 'x', href: '/' })).toBe('failed');
    expect(pushesTo(ada.devices[0]!)).toHaveLength(0);

    const impatient = new PushSender({
      db: t.app.db,
      log: t.app.log,
      keys: KEYS,
      subject: 'mailto:ops@example.test',
      rules: { hosts: ['127.0.0.1'], allowHttpLoopback: true },
      timeoutMs: 200,
    });
    const release = push.hold(ada.devices[0]!);
    expect(await impatient.send(row!, { text: 'x', href: '/' })).toBe('failed');
    release();
    // Still registered: a slow push service is not a gone device.
    expect(
      await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row!.id)),
    ).toHaveLength(1);
  });
});
