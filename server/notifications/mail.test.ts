// Notification mail (issue 27; DECISIONS §10) through a real SMTP peer, on a clock the test moves: only after
// 10 minutes unread, only to verified addresses of live accounts, per the user's preferences, batched, never
// about a threadline the user can no longer read, never twice, with RFC 8058 one-click unsubscribe.
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS, type NotificationPrefs } from '../../common/notifications.ts';
import type { UnsubscribeKind } from '../../common/unsubscribe.ts';
import { notifications, timelineMembers, timelines, type User, users } from '../db/schema/index.ts';
import {
  addMember,
  buildConversation,
  buildThreadline,
  buildUser,
  callerFor,
  cookieFor,
} from '../test/factories.ts';
import {
  type Clock,
  movableClock,
  oneClickToken,
  pageToken,
  queuedFor,
  rawHeader,
  workerFor,
} from '../test/notification-mail.ts';
import { MAIL_PUBLIC_URL, setupMailApp } from '../test/smtp.ts';
import { NotificationMailWorker } from './mail-worker.ts';
import { createNotifications, hrefs, type NewNotification } from './store.ts';

const { t, peer } = setupMailApp();
const MINUTE = 60_000;
const DELAY = NOTIFICATIONS.mailDelayMs;

/** A verified reader, a threadline they are a member of, and someone who writes there. */
async function scene(overrides: Partial<typeof users.$inferInsert> = {}) {
  const db = t.app.db;
  const ada = await buildUser(db, { firstName: 'Ada', lastName: 'Writer' });
  const reader = await buildUser(db, { firstName: 'Rea', emailVerifiedAt: new Date(), ...overrides });
  const timeline = await buildThreadline(db, ada, { name: 'Book club' });
  await addMember(db, timeline, reader);
  return { ada, reader, timeline };
}

const mention = (
  reader: User,
  ada: User,
  timelineId: string,
  text = 'Ada Writer mentioned you in Book club',
) =>
  ({
    userId: reader.id,
    type: 'mention',
    actorId: ada.id,
    timelineId,
    text,
    href: hrefs.timeline(timelineId),
  }) satisfies NewNotification;

const create = (rows: NewNotification[], clock: Clock) =>
  createNotifications(t.app.db, rows, new Date(clock.now));

const setPrefs = (user: User, email: Partial<NotificationPrefs['email']>) =>
  t.app.db
    .update(users)
    .set({ notificationPrefs: { email: { ...email } as NotificationPrefs['email'] } })
    .where(eq(users.id, user.id));

const pending = async (ids: string[]) =>
  (await t.app.db.select().from(notifications).where(inArray(notifications.id, ids))).filter(
    (n) => n.mailAfter !== null,
  );

describe('the 10-minute delay', () => {
  it('mails an unread notification once 10 minutes have passed, not before, and only once', async () => {
    const { ada, reader, timeline } = await scene();
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const [created] = await create([mention(reader, ada, timeline.id)], clock);

    clock.advance(DELAY - 1000);
    expect(await worker.mailDue()).toBe(0);
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(0);

    clock.advance(1000);
    expect(await worker.mailDue()).toBe(1);
    const [mail] = await peer.waitForMailTo(reader.email!);
    expect(mail!.subject).toBe('Ada Writer mentioned you in Book club');
    expect(mail!.text).toContain('Hello Rea,');
    expect(mail!.text).toContain(`${MAIL_PUBLIC_URL}/timeline/${timeline.id}`);
    expect(mail!.text).toContain(`Notification preferences: ${MAIL_PUBLIC_URL}/profile`);
    expect(mail!.html).toContain(`href="${MAIL_PUBLIC_URL}/profile"`);
    // RFC 8058: both headers, the one-click URL on the API, the visible link on the page; one token.
    const token = oneClickToken(mail!);
    expect(pageToken(mail!)).toBe(token);
    expect(t.app.notificationMail.tokens.verify(token)).toMatchObject({
      ok: true,
      userId: reader.id,
      kind: 'mentions',
    });
    expect(await pending([created!.id])).toHaveLength(0);

    // Handled: a later run (or another instance) finds nothing.
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(0);
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(1);
  });

  it('a notification read within the 10 minutes is never mailed', async () => {
    const { ada, reader, timeline } = await scene();
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    await create([mention(reader, ada, timeline.id, 'Read in time')], clock);
    clock.advance(5 * MINUTE);
    const as = callerFor(t.app, await cookieFor(t.app, reader));
    expect((await as.post('/api/notifications/read', {})).statusCode).toBe(200);
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(0);

    // The later event: a second one, left unread, is the first mail to arrive.
    await create([mention(reader, ada, timeline.id, 'Left unread')], clock);
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(1);
    const mails = await peer.waitForMailTo(reader.email!);
    expect(mails.map((m) => m.subject)).toEqual(['Left unread']);
  });
});

describe('who gets mail', () => {
  it('only a verified address: an unconfirmed one gets nothing, and the notification leaves the queue', async () => {
    const { ada, reader, timeline } = await scene({ emailVerifiedAt: null });
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const [first] = await create([mention(reader, ada, timeline.id, 'Before confirming')], clock);
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(0);
    expect(await pending([first!.id])).toHaveLength(0);

    await t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, reader.id));
    await create([mention(reader, ada, timeline.id, 'After confirming')], clock);
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(1);
    expect((await peer.waitForMailTo(reader.email!)).map((m) => m.subject)).toEqual(['After confirming']);
  });

  it('a deleted account gets nothing', async () => {
    const { ada, reader, timeline } = await scene();
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const address = reader.email!;
    const [created] = await create([mention(reader, ada, timeline.id)], clock);
    // As DELETE /api/me leaves the row: anonymised, the address kept nowhere.
    await t.app.db.update(users).set({ deletedAt: new Date(), email: null }).where(eq(users.id, reader.id));
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(0);
    expect(await pending([created!.id])).toHaveLength(0);
    expect(await queuedFor(t.app, address)).toHaveLength(0);
  });

  it('follows the preferences: immediately mails, digest and never do not', async () => {
    const { ada, reader, timeline } = await scene();
    await t.app.db
      .update(timelineMembers)
      .set({ role: 'moderator' })
      .where(eq(timelineMembers.userId, reader.id));
    await setPrefs(reader, { mentions: 'never', messages: 'digest', joinRequests: 'immediately' });
    const conversation = await buildConversation(t.app.db, timeline, ada, reader);
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const created = await create(
      [
        mention(reader, ada, timeline.id, 'A mention, never mailed'),
        {
          userId: reader.id,
          type: 'message',
          actorId: ada.id,
          timelineId: timeline.id,
          conversationId: conversation.id,
          text: 'A message, for the digest',
          href: hrefs.conversation(conversation.id),
        },
        {
          userId: reader.id,
          type: 'join_request',
          actorId: ada.id,
          timelineId: timeline.id,
          text: 'Someone asked to join Book club',
          href: hrefs.joinRequests(timeline.id),
        },
      ],
      clock,
    );
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(1);
    const [mail] = await peer.waitForMailTo(reader.email!);
    expect(mail!.subject).toBe('Someone asked to join Book club');
    expect(mail!.text).not.toContain('A mention');
    expect(mail!.text).not.toContain('A message');
    expect(t.app.notificationMail.tokens.verify(oneClickToken(mail!))).toMatchObject({
      kind: 'joinRequests',
    });
    // All three handled: the digest reads unread ones itself, mail_after is only the mail queue.
    expect(await pending(created.map((n) => n.id))).toHaveLength(0);
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.id, created[1]!.id));
    expect(row!.readAt).toBeNull();
  });
});

describe('batching', () => {
  it('several messages of one conversation make one line; other conversations are listed', async () => {
    const { ada, reader, timeline } = await scene();
    const bo = await buildUser(t.app.db, { displayName: 'Bo' });
    await addMember(t.app.db, timeline, bo);
    const withAda = await buildConversation(t.app.db, timeline, ada, reader);
    const withBo = await buildConversation(t.app.db, timeline, bo, reader);
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const message = (from: User, conversationId: string, text: string): NewNotification => ({
      userId: reader.id,
      type: 'message',
      actorId: from.id,
      timelineId: timeline.id,
      conversationId,
      text,
      href: hrefs.conversation(conversationId),
    });
    for (const text of ['first', 'second', 'third']) {
      await create(
        [message(ada, withAda.id, `Ada Writer sent you a message in Book club: “${text}”`)],
        clock,
      );
      clock.advance(1000);
    }
    await create([message(bo, withBo.id, 'Bo sent you a message in Book club: “hi”')], clock);
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(1);
    const [mail] = await peer.waitForMailTo(reader.email!);
    expect(mail!.subject).toBe('4 new messages in 2 conversations');
    expect(mail!.text).toContain('3 new messages from Ada Writer in one conversation');
    expect(mail!.text).toContain('Latest: Ada Writer sent you a message in Book club: “third”');
    expect(mail!.text).toContain(`${MAIL_PUBLIC_URL}/messages?conversation=${withAda.id}`);
    expect(mail!.text).toContain('Bo sent you a message in Book club: “hi”');
    expect(mail!.text).not.toContain('“first”');
  });

  it('one conversation alone: "3 new messages from Ada"', async () => {
    const { ada, reader, timeline } = await scene();
    const conversation = await buildConversation(t.app.db, timeline, ada, reader);
    const clock = movableClock();
    const rows = ['a', 'b', 'c'].map(
      (text): NewNotification => ({
        userId: reader.id,
        type: 'message',
        actorId: ada.id,
        timelineId: timeline.id,
        conversationId: conversation.id,
        text,
        href: hrefs.conversation(conversation.id),
      }),
    );
    await create(rows, clock);
    clock.advance(DELAY);
    expect(await workerFor(t.app, clock).mailDue()).toBe(1);
    expect((await peer.waitForMailTo(reader.email!)).map((m) => m.subject)).toEqual([
      '3 new messages from Ada Writer',
    ]);
  });

  it('waits for a quiet moment: a burst is mailed once its last is due, at most 10 minutes late', async () => {
    const { ada, reader, timeline } = await scene();
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const start = clock.now;
    const at = async (minute: number, text: string) => {
      clock.now = start + minute * MINUTE;
      await create([mention(reader, ada, timeline.id, text)], clock);
    };
    await at(0, 'zero');
    await at(5, 'five');
    clock.now = start + 10 * MINUTE;
    // "zero" is due, "five" is not yet: both wait.
    expect(await worker.mailDue()).toBe(0);
    clock.now = start + 15 * MINUTE;
    expect(await worker.mailDue()).toBe(1);
    const [both] = await peer.waitForMailTo(reader.email!);
    expect(both!.subject).toBe('2 new mentions and replies');
    expect(both!.text).toMatch(/- five[\s\S]*- zero/);

    // Ever new ones: the first due is mailed once it has waited another 10 minutes, with those due then.
    await at(16, 'sixteen');
    await at(25, 'twenty-five');
    await at(34, 'thirty-four');
    clock.now = start + 35 * MINUTE;
    expect(await worker.mailDue()).toBe(0);
    clock.now = start + 36 * MINUTE;
    expect(await worker.mailDue()).toBe(1);
    const mails = await peer.waitForMailTo(reader.email!, 2);
    expect(mails[1]!.subject).toBe('2 new mentions and replies');
    expect(mails[1]!.text).toContain('twenty-five');
    expect(mails[1]!.text).not.toContain('thirty-four');
  });

  it('different kinds go out as one mail each, each unsubscribing from its own kind', async () => {
    const { ada, reader, timeline } = await scene();
    const conversation = await buildConversation(t.app.db, timeline, ada, reader);
    const clock = movableClock();
    await create(
      [
        mention(reader, ada, timeline.id, 'A mention'),
        {
          userId: reader.id,
          type: 'message',
          actorId: ada.id,
          timelineId: timeline.id,
          conversationId: conversation.id,
          text: 'A message',
          href: hrefs.conversation(conversation.id),
        },
      ],
      clock,
    );
    clock.advance(DELAY);
    expect(await workerFor(t.app, clock).mailDue()).toBe(2);
    const mails = await peer.waitForMailTo(reader.email!, 2);
    const kinds = mails.map((m) => [m.subject, t.app.notificationMail.tokens.verify(oneClickToken(m))]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['A mention', expect.objectContaining({ kind: 'mentions' })],
        ['New message from Ada Writer', expect.objectContaining({ kind: 'messages' })],
      ]),
    );
  });

  it('lists the newest ten and counts the rest', async () => {
    const { ada, reader, timeline } = await scene();
    const clock = movableClock();
    for (let i = 1; i <= 12; i++) {
      await create([mention(reader, ada, timeline.id, `Mention number ${i}`)], clock);
      clock.advance(1000);
    }
    clock.advance(DELAY);
    expect(await workerFor(t.app, clock).mailDue()).toBe(1);
    const [mail] = await peer.waitForMailTo(reader.email!);
    expect(mail!.subject).toBe('12 new mentions and replies');
    expect(mail!.text).toContain('Mention number 12');
    expect(mail!.text).toContain('Mention number 3\n');
    expect(mail!.text).not.toContain('Mention number 2\n');
    expect(mail!.text).toContain(`And 2 more. Open Threadline to see everything: ${MAIL_PUBLIC_URL}`);
  });
});

describe('access at send time', () => {
  it('never mails about a threadline the user left, or one deleted, in the meantime', async () => {
    const { ada, reader, timeline } = await scene();
    const other = await buildThreadline(t.app.db, ada, { name: 'Garden' });
    await addMember(t.app.db, other, reader);
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    const created = await create(
      [mention(reader, ada, timeline.id, 'In Book club'), mention(reader, ada, other.id, 'In Garden')],
      clock,
    );
    await t.app.db
      .delete(timelineMembers)
      .where(and(eq(timelineMembers.userId, reader.id), eq(timelineMembers.timelineId, timeline.id)));
    await t.app.db.update(timelines).set({ deletedAt: new Date() }).where(eq(timelines.id, other.id));
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(0);
    expect(await pending(created.map((n) => n.id))).toHaveLength(0);
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(0);
  });

  it('a request outcome is mailed even though the requester is not a member', async () => {
    const { ada, timeline } = await scene();
    const requester = await buildUser(t.app.db, { emailVerifiedAt: new Date() });
    const clock = movableClock();
    await create(
      [
        {
          userId: requester.id,
          type: 'request_outcome',
          timelineId: timeline.id,
          actorId: ada.id,
          text: 'Your request to join Book club was rejected',
          href: hrefs.myRequests(),
        },
      ],
      clock,
    );
    clock.advance(DELAY);
    expect(await workerFor(t.app, clock).mailDue()).toBe(1);
    const [mail] = await peer.waitForMailTo(requester.email!);
    expect(mail!.subject).toBe('Your request to join Book club was rejected');
    expect(mail!.text).toContain(`${MAIL_PUBLIC_URL}/my-requests`);
  });
});

describe('one-click unsubscribe from a mail', () => {
  it('the header link, posted by a mail program with no cookie, turns that kind off', async () => {
    const { ada, reader, timeline } = await scene();
    const clock = movableClock();
    const worker = workerFor(t.app, clock);
    await create([mention(reader, ada, timeline.id, 'Before unsubscribing')], clock);
    clock.advance(DELAY);
    await worker.mailDue();
    const [mail] = await peer.waitForMailTo(reader.email!);
    const url = /^<(.+)>$/.exec(rawHeader(mail!, 'List-Unsubscribe')!)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: url.replace(MAIL_PUBLIC_URL, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'mentions',
      message: 'Done: you will no longer get e-mail about mentions and replies.',
    });
    const [after] = await t.app.db.select().from(users).where(eq(users.id, reader.id));
    expect(after!.notificationPrefs?.email?.mentions).toBe('never');

    await create([mention(reader, ada, timeline.id, 'After unsubscribing')], clock);
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(0);
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(1);
  });
});

describe('a failure for one user', () => {
  it('is logged, leaves the others mailed, and is tried again at the next run', async () => {
    const { ada, reader, timeline } = await scene();
    const unlucky = await buildUser(t.app.db, { emailVerifiedAt: new Date() });
    await addMember(t.app.db, timeline, unlucky);
    const clock = movableClock();
    const real = t.app.notificationMail.tokens;
    let broken = true;
    const errors: unknown[] = [];
    const worker = new NotificationMailWorker({
      db: t.app.db,
      // Signing this user's link fails, once: the user's transaction rolls back, the others go on.
      tokens: Object.assign(Object.create(real), {
        sign: (userId: string, ...rest: [UnsubscribeKind, number?]) => {
          if (userId === unlucky.id && broken) throw new Error('signing failed');
          return real.sign(userId, ...rest);
        },
      }),
      log: pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line)) }),
      linkBase: MAIL_PUBLIC_URL,
      mailQueued: () => t.app.mail.wake(),
      now: () => clock.now,
    });
    await create(
      [mention(unlucky, ada, timeline.id, 'For the unlucky one'), mention(reader, ada, timeline.id)],
      clock,
    );
    clock.advance(DELAY);
    expect(await worker.mailDue()).toBe(1);
    await peer.waitForMailTo(reader.email!);
    expect(errors).toEqual([
      expect.objectContaining({ msg: 'notification mail failed', userId: unlucky.id }),
    ]);
    expect(await queuedFor(t.app, unlucky.email!)).toHaveLength(0);

    broken = false;
    clock.advance(30_000);
    expect(await worker.mailDue()).toBe(1);
    expect((await peer.waitForMailTo(unlucky.email!)).map((m) => m.subject)).toEqual(['For the unlucky one']);
  });
});
