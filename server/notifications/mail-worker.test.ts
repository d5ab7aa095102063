// The notification mail worker as the app runs it (issue 27): started with the app, it mails what is due
// through the outbox and the real SMTP peer; and its hourly prune of read notifications older than 90 days,
// in batches.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import { notifications } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { buildUser } from '../test/factories.ts';
import { movableClock, workerFor } from '../test/notification-mail.ts';
import { MAIL_PUBLIC_URL, type SmtpPeer, startSmtpPeer } from '../test/smtp.ts';
import { pruneReadNotifications } from './prune.ts';
import { createNotifications, hrefs } from './store.ts';

let t: TestApp;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp(
    { SMTP_URL: peer.url, PUBLIC_URL: MAIL_PUBLIC_URL },
    { mailWorker: true, notificationWorker: true },
  );
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const DAY = 24 * 60 * 60_000;

describe('the running app', () => {
  it('mails a notification that has been unread for 10 minutes, on its own clock', async () => {
    const reader = await buildUser(t.app.db, { firstName: 'Rea', emailVerifiedAt: new Date() });
    await createNotifications(
      t.app.db,
      [
        {
          userId: reader.id,
          type: 'request_outcome',
          text: 'Your request was approved',
          href: hrefs.myRequests(),
        },
      ],
      new Date(Date.now() - NOTIFICATIONS.mailDelayMs - 1000),
    );
    t.app.notificationMail.worker.wake();
    const [mail] = await peer.waitForMailTo(reader.email!);
    expect(mail!.subject).toBe('Your request was approved');
  });
});

describe('pruning', () => {
  /** Notifications of one user, read (or not) that many days before `now`. */
  async function seed(now: number, readDaysAgo: (number | null)[]) {
    const user = await buildUser(t.app.db);
    const rows = readDaysAgo.map((days, i) => ({
      userId: user.id,
      type: 'role_changed',
      text: `n${i}`,
      href: '/',
      createdAt: new Date(now - 100 * DAY),
      readAt: days === null ? null : new Date(now - days * DAY),
    }));
    return t.app.db
      .insert(notifications)
      .values(rows)
      .returning({ id: notifications.id, text: notifications.text });
  }
  const left = async (ids: string[]) =>
    (
      await t.app.db
        .select({ text: notifications.text })
        .from(notifications)
        .where(inArray(notifications.id, ids))
    )
      .map((r) => r.text)
      .sort();

  it('deletes read notifications older than 90 days, in batches; keeps newer read ones and unread ones', async () => {
    const now = Date.now();
    const rows = await seed(now, [91, 120, 95, 200, 90.5, 89, null, 1]);
    const pruned = await pruneReadNotifications(t.app.db, new Date(now), 2);
    expect(pruned).toBeGreaterThanOrEqual(5);
    expect(await left(rows.map((r) => r.id))).toEqual(['n5', 'n6', 'n7']);
  });

  it('the worker prunes on its first run, then once an hour', async () => {
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const first = await seed(clock.now, [100]);
    expect((await worker.drain()).pruned).toBeGreaterThanOrEqual(1);
    expect(await left(first.map((r) => r.id))).toEqual([]);

    const second = await seed(clock.now, [100]);
    clock.advance(59 * 60_000);
    expect((await worker.drain()).pruned).toBe(0);
    expect(await left(second.map((r) => r.id))).toEqual(['n0']);
    clock.advance(60_000);
    expect((await worker.drain()).pruned).toBe(1);
    expect(await left(second.map((r) => r.id))).toEqual([]);
  });

  it('a notification read 89 days ago is pruned once it is past 90', async () => {
    const clock = movableClock();
    const [row] = await seed(clock.now, [89]);
    await pruneReadNotifications(t.app.db, new Date(clock.now));
    expect(await left([row!.id])).toEqual(['n0']);
    clock.advance(DAY + 1000);
    await pruneReadNotifications(t.app.db, new Date(clock.now));
    const [gone] = await t.app.db.select().from(notifications).where(eq(notifications.id, row!.id));
    expect(gone).toBeUndefined();
  });
});
