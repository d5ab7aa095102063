// Digests (issue 27; DECISIONS §10) through a real SMTP peer: the most discussed new posts of one's
// threadlines with links, counts of the rest, unread notifications of kinds set to "in the digest"; no mail
// when there is nothing to say; only verified addresses; the next one a day or a week later; one-click
// unsubscribe from the digest.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs } from '../../common/notifications.ts';
import type { UnsubscribeKind } from '../../common/unsubscribe.ts';
import { markNotificationsRead } from '../commands/notifications.ts';
import { timelineMembers, users } from '../db/schema/index.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildReaction,
  buildThreadline,
  buildUser,
  EMOJI,
} from '../test/factories.ts';
import { movableClock, oneClickToken, pageToken, queuedFor, workerFor } from '../test/notification-mail.ts';
import { MAIL_PUBLIC_URL, setupMailApp } from '../test/smtp.ts';
import { nextDigestAt } from './digest.ts';
import { NotificationMailWorker } from './mail-worker.ts';
import { createNotifications, hrefs } from './store.ts';

const { t, peer } = setupMailApp();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const prefs = (
  over: { email?: Partial<NotificationPrefs['email']>; digest?: NotificationPrefs['digest'] } = {},
): NotificationPrefs => ({
  email: { ...DEFAULT_NOTIFICATION_PREFS.email, ...over.email },
  digest: over.digest ?? DEFAULT_NOTIFICATION_PREFS.digest,
});

/** A verified reader whose digest was due a minute ago, a member of "Book club" where Ada writes. */
async function scene(
  frequency: NotificationPrefs['digest'] = 'weekly',
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const db = t.app.db;
  const now = Date.now();
  const ada = await buildUser(db, { displayName: 'Ada' });
  const reader = await buildUser(db, {
    firstName: 'Rea',
    emailVerifiedAt: new Date(),
    notificationPrefs: prefs({ digest: frequency }),
    digestDueAt: new Date(now - MINUTE),
    ...overrides,
  });
  const club = await buildThreadline(db, ada, { name: 'Book club' });
  await addMember(db, club, reader);
  return { ada, reader, club, now, dueAt: now - MINUTE };
}

const dueAtOf = async (id: string) =>
  (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!.digestDueAt;
const ago = (now: number, ms: number) => new Date(now - ms);

describe('the digest', () => {
  it('lists the most discussed new posts with links, counts the rest, and the unread notifications for it', async () => {
    const { ada, reader, club, now, dueAt } = await scene('weekly', {
      notificationPrefs: prefs({ email: { mentions: 'digest' } }),
    });
    const db = t.app.db;
    const fans = await Promise.all([1, 2, 3].map(() => buildUser(db)));
    const post = (content: string | null, hoursAgo: number, extra = {}) =>
      buildPost(db, club, ada, { content, createdAt: ago(now, hoursAgo * 60 * MINUTE), ...extra });
    const liked = await post('Most liked', 50);
    for (const [i, fan] of fans.entries()) await buildReaction(db, liked, fan, EMOJI[i]);
    const discussed = await post('Most discussed', 40);
    await buildComment(db, discussed, reader);
    await buildComment(db, discussed, fans[0]!);
    const third = await post('One reaction', 30);
    await buildReaction(db, third, fans[0]!);
    await post(null, 20, { type: 'image' });
    await post('Quiet', 10);
    await post('Quieter', 5);
    // Left out: the reader's own post, a deleted one, one before the period.
    await buildPost(db, club, reader, { content: 'My own', createdAt: ago(now, 60 * MINUTE) });
    await post('Deleted', 3, { deletedAt: new Date() });
    await post('Too old', 8 * 24);
    // Another threadline of the reader's; one set to "Nothing"; one they are not in.
    const garden = await buildThreadline(db, ada, { name: 'Garden' });
    await addMember(db, garden, reader);
    await buildPost(db, garden, ada, { content: 'Tomatoes', createdAt: ago(now, 2 * 60 * MINUTE) });
    const muted = await buildThreadline(db, ada, { name: 'Muted' });
    await addMember(db, muted, reader);
    await db
      .update(timelineMembers)
      .set({ notifyLevel: 'none' })
      .where(eq(timelineMembers.timelineId, muted.id));
    await buildPost(db, muted, ada, { content: 'Not in the digest', createdAt: ago(now, MINUTE) });
    const elsewhere = await buildThreadline(db, ada, { name: 'Elsewhere' });
    await buildPost(db, elsewhere, ada, { content: 'Not mine to read', createdAt: ago(now, MINUTE) });
    // Notifications: an unread mention (mentions go in the digest), a read one, one from before the period,
    // an unread message (mailed at once, so not in the digest).
    const mention = (text: string, at: number) =>
      createNotifications(
        db,
        [
          {
            userId: reader.id,
            type: 'mention',
            actorId: ada.id,
            timelineId: club.id,
            text,
            href: hrefs.post(club.id, liked.id),
          },
        ],
        new Date(at),
      );
    await mention('Ada mentioned you in Book club', now - 2 * 60 * MINUTE);
    const [read] = await mention('Already read', now - 3 * 60 * MINUTE);
    await markNotificationsRead(db, reader.id, [read!.id]);
    await mention('From before', now - 9 * DAY);

    const clock = movableClock(now);
    expect(await workerFor(t.app, clock).sendDigests()).toBeGreaterThanOrEqual(1);
    const [mail] = await peer.waitForMailTo(reader.email!);
    expect(mail!.subject).toBe('Your weekly Threadline digest');
    const text = mail!.text!;
    expect(text).toContain('Hello Rea,');
    expect(text).toContain('This week in your threadlines:');
    const link = (id: string) => `${MAIL_PUBLIC_URL}/timeline/${club.id}?post=${id}`;
    expect(text).toContain(
      [
        'Most discussed new posts',
        '- Ada in Book club: “Most liked”',
        '  3 reactions · 0 comments',
        `  ${link(liked.id)}`,
        '- Ada in Book club: “Most discussed”',
        '  0 reactions · 2 comments',
        `  ${link(discussed.id)}`,
        '- Ada in Book club: “One reaction”',
        '  1 reaction · 0 comments',
        `  ${link(third.id)}`,
      ].join('\n'),
    );
    expect(text).toContain(['Also new', '- 3 more posts in Book club', '- 1 more post in Garden'].join('\n'));
    expect(text).toContain(['Your unread notifications', '- Ada mentioned you in Book club'].join('\n'));
    for (const absent of [
      'My own',
      'Deleted',
      'Too old',
      'Not in the digest',
      'Not mine',
      'Already read',
      'From before',
    ])
      expect(text).not.toContain(absent);
    expect(t.app.notificationMail.tokens.verify(oneClickToken(mail!))).toMatchObject({
      ok: true,
      userId: reader.id,
      kind: 'digest',
    });
    expect(pageToken(mail!)).toBe(oneClickToken(mail!));
    expect(text).toContain(`Notification preferences: ${MAIL_PUBLIC_URL}/profile`);
    // The next one a week after this one was due; nothing more now.
    expect((await dueAtOf(reader.id))!.getTime()).toBe(dueAt + 7 * DAY);
    await workerFor(t.app, clock).sendDigests();
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(1);
  });

  it('nothing to say: no mail, and the next one (daily) a day later, which does come', async () => {
    const { ada, reader, club, now, dueAt } = await scene('daily');
    const clock = movableClock(now);
    const worker = workerFor(t.app, clock);
    await worker.sendDigests();
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(0);
    expect((await dueAtOf(reader.id))!.getTime()).toBe(dueAt + DAY);

    // The later event: a post, and a day on.
    const post = await buildPost(t.app.db, club, ada, {
      content: 'News',
      createdAt: new Date(now + 60 * MINUTE),
    });
    clock.advance(DAY);
    await worker.sendDigests();
    const [mail] = await peer.waitForMailTo(reader.email!);
    expect(mail!.subject).toBe('Your daily Threadline digest');
    expect(mail!.text).toContain('This day in your threadlines:');
    expect(mail!.text).toContain(`${MAIL_PUBLIC_URL}/timeline/${club.id}?post=${post.id}`);
    expect((await dueAtOf(reader.id))!.getTime()).toBe(dueAt + 2 * DAY);
  });

  it('only a verified address; a deleted account is not even looked at', async () => {
    const { ada, reader, club, now, dueAt } = await scene('weekly', { emailVerifiedAt: null });
    await buildPost(t.app.db, club, ada, { content: 'News', createdAt: ago(now, MINUTE * 5) });
    const gone = await buildUser(t.app.db, { digestDueAt: new Date(dueAt), deletedAt: new Date() });
    await workerFor(t.app, movableClock(now)).sendDigests();
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(0);
    expect((await dueAtOf(reader.id))!.getTime()).toBe(dueAt + 7 * DAY);
    expect((await dueAtOf(gone.id))!.getTime()).toBe(dueAt);
  });

  it('digest set to never: no mail and no next date', async () => {
    const { ada, reader, club, now } = await scene('never');
    await buildPost(t.app.db, club, ada, { content: 'News', createdAt: ago(now, MINUTE * 5) });
    await workerFor(t.app, movableClock(now)).sendDigests();
    expect(await queuedFor(t.app, reader.email!)).toHaveLength(0);
    expect(await dueAtOf(reader.id)).toBeNull();
  });

  it('one-click unsubscribe from the digest: never, and no next date', async () => {
    const { ada, reader, club, now } = await scene('weekly');
    await buildPost(t.app.db, club, ada, { content: 'News', createdAt: ago(now, MINUTE * 5) });
    await workerFor(t.app, movableClock(now)).sendDigests();
    const [mail] = await peer.waitForMailTo(reader.email!);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${oneClickToken(mail!)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, reader.id));
    expect(row!.notificationPrefs?.digest).toBe('never');
    expect(row!.digestDueAt).toBeNull();
  });
});

describe('nextDigestAt', () => {
  it('a period after the due date, or a period from now when that has passed too', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(nextDigestAt(new Date('2026-03-10T11:00:00Z'), 7 * DAY, now).toISOString()).toBe(
      '2026-03-17T11:00:00.000Z',
    );
    // The worker was down for more than a week: not a string of digests to catch up.
    expect(nextDigestAt(new Date('2026-03-01T11:00:00Z'), 7 * DAY, now).toISOString()).toBe(
      '2026-03-17T12:00:00.000Z',
    );
  });
});

describe('a digest that fails', () => {
  it('is logged and tried again an hour later; the others go out', async () => {
    const { ada, reader, club, now } = await scene('weekly');
    const unlucky = await buildUser(t.app.db, {
      emailVerifiedAt: new Date(),
      digestDueAt: new Date(now - MINUTE),
    });
    await addMember(t.app.db, club, unlucky);
    await buildPost(t.app.db, club, ada, { content: 'News', createdAt: ago(now, MINUTE * 5) });
    const real = t.app.notificationMail.tokens;
    const errors: Record<string, unknown>[] = [];
    const worker = new NotificationMailWorker({
      db: t.app.db,
      tokens: Object.assign(Object.create(real), {
        sign: (userId: string, ...rest: [UnsubscribeKind, number?]) => {
          if (userId === unlucky.id) throw new Error('signing failed');
          return real.sign(userId, ...rest);
        },
      }),
      log: pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line)) }),
      linkBase: MAIL_PUBLIC_URL,
      mailQueued: () => t.app.mail.wake(),
      now: () => now,
    });
    await worker.sendDigests();
    await peer.waitForMailTo(reader.email!);
    expect(errors).toEqual([
      expect.objectContaining({ msg: 'digest failed; tried again in an hour', userId: unlucky.id }),
    ]);
    expect(await queuedFor(t.app, unlucky.email!)).toHaveLength(0);
    expect((await dueAtOf(unlucky.id))!.getTime()).toBe(now + 60 * MINUTE);
  });
});
