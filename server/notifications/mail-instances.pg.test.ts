// Notification mail and digests on two app instances sharing one PostgreSQL database (issue 27): their
// workers running at once claim users with FOR UPDATE SKIP LOCKED, so each user's due notifications are
// mailed once and each digest sent once, and the mail that arrives at the real SMTP peer is one per user.
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import { loadConfig } from '../config.ts';
import { mailOutbox, notifications, type User } from '../db/schema/index.ts';
import { createMailTransport } from '../mail/transport.ts';
import { MailWorker } from '../mail/worker.ts';
import { addMember, buildPost, buildThreadline, buildUser } from '../test/factories.ts';
import { setupInstances } from '../test/instances.ts';
import { movableClock, workerFor } from '../test/notification-mail.ts';
import { raceProbe } from '../test/races.ts';
import { recipientOf, type SmtpPeer, startSmtpPeer } from '../test/smtp.ts';
import { createNotifications, hrefs } from './store.ts';

const instances = setupInstances(2, { PUBLIC_URL: 'http://app.example.test' }, 'tl_notification_mail');
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.close();
});

const USERS = 30;

/** Sends what the outbox holds for `addresses` to the peer; answers what arrived for them. */
async function deliver(addresses: string[]) {
  const log = pino({ level: 'silent' });
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: peer.url, PUBLIC_URL: 'http://app.example.test' });
  const worker = new MailWorker(instances[0]!.app.db, createMailTransport(config, log), log, 60_000);
  const before = peer.received.length;
  await worker.drain();
  await worker.stop();
  return peer.received.slice(before).filter((m) => addresses.includes(recipientOf(m)!));
}

const outboxFor = (addresses: string[]) =>
  instances[0]!.app.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));

describe('two instances', () => {
  it('mail each user’s due notifications once, while both workers run at once', async () => {
    const db = instances[0]!.app.db;
    const ada = await buildUser(db, { displayName: 'Ada' });
    const timeline = await buildThreadline(db, ada, { name: 'Book club' });
    const readers: User[] = [];
    for (let i = 0; i < USERS; i++) {
      const reader = await buildUser(db, { emailVerifiedAt: new Date() });
      await addMember(db, timeline, reader);
      readers.push(reader);
    }
    const clock = movableClock();
    await createNotifications(
      db,
      readers.flatMap((r) =>
        [1, 2].map((n) => ({
          userId: r.id,
          type: 'mention' as const,
          actorId: ada.id,
          timelineId: timeline.id,
          text: `Mention ${n}`,
          href: hrefs.timeline(timeline.id),
        })),
      ),
      new Date(clock.now),
    );
    clock.advance(NOTIFICATIONS.mailDelayMs);
    const workers = instances.map(({ app }) => workerFor(app, clock));
    const race = raceProbe(...instances);
    const rounds = race.rounds('mail');
    const queued = await rounds.run(() =>
      Promise.all(workers.map((w) => race.as('mail', () => w.mailDue()))),
    );
    rounds.expectOverlap();
    expect(queued[0]! + queued[1]!).toBe(USERS);

    const addresses = readers.map((r) => r.email!);
    expect(await outboxFor(addresses)).toHaveLength(USERS);
    const left = await db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          readers.map((r) => r.id),
        ),
      );
    expect(left.every((n) => n.mailAfter === null)).toBe(true);
    const arrived = await deliver(addresses);
    expect(arrived.map(recipientOf).sort()).toEqual([...addresses].sort());
    expect(arrived.every((m) => m.subject === '2 new mentions and replies')).toBe(true);
  });

  it('send each due digest once, while both workers run at once', async () => {
    const db = instances[0]!.app.db;
    const ada = await buildUser(db, { displayName: 'Ada' });
    const timeline = await buildThreadline(db, ada, { name: 'Garden' });
    const now = Date.now();
    await buildPost(db, timeline, ada, { content: 'Tomatoes', createdAt: new Date(now - 60_000) });
    const readers: User[] = [];
    for (let i = 0; i < USERS; i++) {
      const reader = await buildUser(db, { emailVerifiedAt: new Date(), digestDueAt: new Date(now - 1000) });
      await addMember(db, timeline, reader);
      readers.push(reader);
    }
    const clock = movableClock(now);
    const workers = instances.map(({ app }) => workerFor(app, clock));
    const race = raceProbe(...instances);
    const rounds = race.rounds('digest');
    await rounds.run(() => Promise.all(workers.map((w) => race.as('digest', () => w.sendDigests()))));
    rounds.expectOverlap();

    const addresses = readers.map((r) => r.email!);
    expect(await outboxFor(addresses)).toHaveLength(USERS);
    const arrived = await deliver(addresses);
    expect(arrived.map(recipientOf).sort()).toEqual([...addresses].sort());
    expect(arrived.every((m) => m.subject === 'Your weekly Threadline digest')).toBe(true);
  });
});
