// Web Push on PostgreSQL where it matters (issue 27): devices registered at once never pass the per-user cap
// (counted under the user's advisory lock), and with two instances a socket open on one keeps the other from
// pushing (the socket registry is shared in the database).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import { pushSubscriptions } from '../db/schema/index.ts';
import { publishNotifications } from '../notifications/publish.ts';
import { createNotifications } from '../notifications/store.ts';
import { setupTestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import { setupInstances } from '../test/instances.ts';
import { type PushService, startPushService } from '../test/push-service.ts';
import { raceProbe } from '../test/races.ts';
import { openSocket } from '../test/ws.ts';
import { generateVapidKeys } from './keys.ts';

const KEYS = generateVapidKeys();
const PUSH_ENV = {
  PUSH_ENDPOINT_HOSTS: '127.0.0.1',
  PUSH_ALLOW_HTTP_LOOPBACK: 'true',
  VAPID_PUBLIC_KEY: KEYS.publicKey,
  VAPID_PRIVATE_KEY: KEYS.privateKey,
  WRITE_LIMIT_FACTOR: '100',
};

let push: PushService;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await push?.close();
});

describe('the device cap under parallel registrations', () => {
  const t = setupTestApp(PUSH_ENV);
  const race = raceProbe(t);

  it(`holds at ${NOTIFICATIONS.maxPushDevices} when 30 devices register at once`, async () => {
    const rounds = race.rounds('register');
    for (let round = 0; round < 3; round++) {
      const ada = await signedInUser(t.app);
      const answers = await rounds.run(() =>
        Promise.all(
          Array.from({ length: 30 }, () =>
            race.as('register', () => ada.as.post('/api/push/subscriptions', push.subscribe())),
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
      const rows = await t.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, ada.user.id));
      expect(rows).toHaveLength(NOTIFICATIONS.maxPushDevices);
    }
    rounds.expectOverlap();
  });
});

describe('two instances', () => {
  const instances = setupInstances(2, PUSH_ENV, 'tl_push_instances');

  it('an open socket on one instance keeps the other from pushing; once closed, it pushes', async () => {
    const [{ app: one }, { app: two }] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const ada = await signedInUser(one);
    const sub = push.subscribe(KEYS.publicKey);
    expect((await ada.as.post('/api/push/subscriptions', sub)).statusCode).toBe(201);
    const socket = await openSocket(one, ada.cookie);
    const registered = async (want: number) => {
      const deadline = Date.now() + 5000;
      while ((await two.realtimeHub.registry.connectedUsers([ada.user.id])).size !== want) {
        if (Date.now() > deadline) throw new Error('the registry never saw the socket change');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await registered(1);

    const notify = async (text: string) => {
      const created = await createNotifications(two.db, [
        { userId: ada.user.id, type: 'message', text, href: '/messages' },
      ]);
      await publishNotifications(two, two.log, created);
      await two.push.settled();
    };
    await notify('while a tab is open on the other instance');
    expect(push.received.filter((p) => p.endpoint === sub.endpoint)).toHaveLength(0);

    await socket.close();
    await registered(0);
    await notify('after it closed');
    const got = await push.next({ where: (p) => p.endpoint === sub.endpoint });
    expect(got.payload).toEqual({ text: 'after it closed', href: '/messages' });
    // The same env keys on both instances: the device subscribed through one is pushed to by the other.
    expect(got.vapidKey).toBe(KEYS.publicKey);
  });
});
