// The inbox routes (issue 27; DECISIONS §10) on PGlite and PostgreSQL: GET /api/notifications (pages newest
// first, unread count, only what the user may still read), POST /api/notifications/read, the per-threadline
// level and the e-mail preferences, each as visitor, outsider, every role and a blocked user.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFS,
  NOTIFICATIONS,
  type NotificationType,
} from '../../common/notifications.ts';
import type { NotificationItem } from '../../common/schemas/notifications.ts';
import { notifications, timelineBlockedUsers, timelineJoinRequests, users } from '../db/schema/index.ts';
import { createNotifications, type NewNotification } from '../notifications/store.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, callerFor, signedInUser } from '../test/factories.ts';

const t = setupTestApp();
type Person = Awaited<ReturnType<typeof signedInUser>>;
const visitor = () => callerFor(t.app);

/** A threadline with one member of each role, an outsider and a blocked former member. */
async function club(fields: Parameters<typeof buildThreadline>[2] = {}) {
  const owner = await signedInUser(t.app, { displayName: 'Olga' });
  const timeline = await buildThreadline(t.app.db, owner.user, { name: 'Garden club', ...fields });
  const member = async (name: string, role: 'moderator' | 'participant' | 'viewer') => {
    const p = await signedInUser(t.app, { displayName: name });
    await addMember(t.app.db, timeline, p.user, role);
    return p;
  };
  const moderator = await member('Mo', 'moderator');
  const participant = await member('Pat', 'participant');
  const viewer = await member('Vi', 'viewer');
  const outsider = await signedInUser(t.app, { displayName: 'Otto' });
  const blocked = await signedInUser(t.app, { displayName: 'Bea' });
  await t.app.db
    .insert(timelineBlockedUsers)
    .values({ timelineId: timeline.id, userId: blocked.user.id, blockedBy: owner.user.id });
  return {
    owner,
    moderator,
    participant,
    viewer,
    outsider,
    blocked,
    timeline,
    members: [owner, moderator, participant, viewer],
    base: `/api/timelines/${timeline.id}`,
  };
}

const note = (who: Person, fields: Partial<NewNotification> = {}): NewNotification => ({
  userId: who.user.id,
  type: 'mention',
  text: 'Someone mentioned you',
  href: '/',
  ...fields,
});

/** Writes one notification at `at` (the inbox orders by it), answering its id. */
async function writeAt(row: NewNotification, at: Date): Promise<string> {
  const [created] = await createNotifications(t.app.db, [row], at);
  return created!.id;
}

const page = async (who: Person, cursor?: string) => {
  const res = await who.as.get(`/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: NotificationItem[]; unreadCount: number; nextCursor: string | null };
};

describe('GET /api/notifications', () => {
  it('refuses visitors; an empty inbox for someone with none', async () => {
    const res = await visitor().get('/api/notifications');
    expect(res.statusCode).toBe(401);
    const ada = await signedInUser(t.app);
    expect(await page(ada)).toEqual({ items: [], unreadCount: 0, nextCursor: null });
  });

  it('pages newest first with a cursor, ties broken by id, nothing skipped or repeated; only the user’s own', async () => {
    const ada = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const start = Date.parse('2026-03-01T10:00:00.000Z');
    const ids: string[] = [];
    // 45 at 30 distinct instants: every third pair shares one, across a page boundary too.
    for (let i = 0; i < 45; i++) {
      const at = new Date(start + Math.floor((i * 2) / 3) * 1000);
      ids.push(await writeAt(note(ada, { text: `n${i}` }), at));
    }
    await writeAt(note(bob, { text: 'bob' }), new Date(start + 100_000));
    const seen: NotificationItem[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const p = await page(ada, cursor);
      expect(p.unreadCount).toBe(45);
      sizes.push(p.items.length);
      seen.push(...p.items);
      cursor = p.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([NOTIFICATIONS.pageSize, NOTIFICATIONS.pageSize, 5]);
    expect(new Set(seen.map((n) => n.id)).size).toBe(45);
    expect(seen.map((n) => n.id).sort()).toEqual([...ids].sort());
    const order = seen.map((n) => [n.createdAt, n.id]);
    const sorted = [...order].sort(([a, x], [b, y]) => (a! < b! ? 1 : a! > b! ? -1 : x! < y! ? 1 : -1));
    expect(order).toEqual(sorted);
    expect(seen[0]!.text).toBe('n44');
    expect(seen.some((n) => n.text === 'bob')).toBe(false);
  });

  it('refuses a malformed cursor with 400', async () => {
    const ada = await signedInUser(t.app);
    for (const cursor of ['nonsense', '2026-03-01T10:00:00.000Z', 'x'.repeat(201)]) {
      const res = await ada.as.get(`/api/notifications?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('presents the actor by current name and avatar, never an address', async () => {
    const ada = await signedInUser(t.app);
    const bob = await signedInUser(t.app, { displayName: 'Bob' });
    await writeAt(
      note(ada, { actorId: bob.user.id, type: 'message', text: 'Bob sent you a message' }),
      new Date(),
    );
    await t.app.db
      .update(users)
      .set({ displayName: 'Robert', profileImageUrl: '/api/objects/a.png' })
      .where(eq(users.id, bob.user.id));
    const { items } = await page(ada);
    expect(items[0]).toMatchObject({
      type: 'message',
      actor: { id: bob.user.id, name: 'Robert', profileImageUrl: '/api/objects/a.png' },
      readAt: null,
    });
    expect(JSON.stringify(items)).not.toContain('@example.test');
  });

  it('shows only what the user may still read: content goes with access, news of losing it stays', async () => {
    const c = await club();
    const kinds: NotificationType[] = ['mention', 'reply', 'new_post', 'role_changed'];
    const accessFree: NotificationType[] = [
      'removed',
      'timeline_archived',
      'timeline_deleted',
      'request_outcome',
    ];
    const seed = async (who: Person, timelineId = c.timeline.id) => {
      const start = Date.parse('2026-03-01T10:00:00.000Z');
      for (const [i, type] of [...kinds, ...accessFree].entries()) {
        await writeAt(note(who, { type, timelineId, text: type }), new Date(start + i * 1000));
      }
    };
    const typesSeen = async (who: Person) => {
      const p = await page(who);
      expect(p.unreadCount).toBe(p.items.length);
      return p.items.map((n) => n.type).sort();
    };
    const everything = [...kinds, ...accessFree].sort();
    const only = [...accessFree].sort();
    // Blocked (never a member now) and outsiders: only the access-free ones.
    for (const who of [c.blocked, c.outsider]) {
      await seed(who);
      expect(await typesSeen(who)).toEqual(only);
    }
    for (const who of c.members) await seed(who);
    for (const who of c.members) expect(await typesSeen(who)).toEqual(everything);

    // Left: content gone.
    expect((await c.viewer.as.delete(`${c.base}/members/leave`)).statusCode).toBe(200);
    expect(await typesSeen(c.viewer)).toEqual(only);
    // Removed and blocked: the new `removed` beside the old access-free ones.
    expect((await c.owner.as.delete(`${c.base}/members/${c.participant.user.id}`)).statusCode).toBe(200);
    expect(await typesSeen(c.participant)).toEqual([...only, 'removed'].sort());
    // Archived: the owner still reads it all; a moderator no longer.
    expect((await c.owner.as.post(`${c.base}/archive`)).statusCode).toBe(200);
    expect(await typesSeen(c.owner)).toEqual(everything);
    expect(await typesSeen(c.moderator)).toEqual([...only, 'timeline_archived'].sort());
    // Deleted: nobody reads its content, the owner neither.
    expect((await c.owner.as.delete(c.base)).statusCode).toBe(200);
    expect(await typesSeen(c.owner)).toEqual(only);
    expect(await typesSeen(c.moderator)).toEqual([...only, 'timeline_archived', 'timeline_deleted'].sort());
  });

  it('join requests to manage need the owner’s or a moderator’s role now; notifications without a threadline always show', async () => {
    const c = await club();
    for (const who of c.members) {
      await writeAt(note(who, { type: 'join_request', timelineId: c.timeline.id }), new Date());
      await writeAt(note(who, { type: 'message', timelineId: null }), new Date());
    }
    const typesOf = async (who: Person) => (await page(who)).items.map((n) => n.type).sort();
    expect(await typesOf(c.owner)).toEqual(['join_request', 'message']);
    expect(await typesOf(c.moderator)).toEqual(['join_request', 'message']);
    expect(await typesOf(c.participant)).toEqual(['message']);
    expect(await typesOf(c.viewer)).toEqual(['message']);
  });
});

describe('POST /api/notifications/read', () => {
  async function three(who: Person): Promise<[string, string, string]> {
    const at = Date.now();
    return [
      await writeAt(note(who, { text: 'a' }), new Date(at)),
      await writeAt(note(who, { text: 'b', type: 'reply' }), new Date(at + 1)),
      await writeAt(note(who, { text: 'c', type: 'message' }), new Date(at + 2)),
    ];
  }
  const rowsOf = (who: Person) =>
    t.app.db.select().from(notifications).where(eq(notifications.userId, who.user.id));

  it('refuses visitors', async () => {
    expect((await visitor().post('/api/notifications/read', {})).statusCode).toBe(401);
  });

  it('marks the ids given read (off the mail queue too), answering the new count; others stay', async () => {
    const ada = await signedInUser(t.app);
    const [a, b, c] = await three(ada);
    const res = await ada.as.post('/api/notifications/read', { ids: [a, c] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 1 });
    const rows = await rowsOf(ada);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a)!.readAt).not.toBeNull();
    expect(byId.get(a)!.mailAfter).toBeNull();
    expect(byId.get(b)!.readAt).toBeNull();
    expect(byId.get(b)!.mailAfter).not.toBeNull();
    const { items } = await page(ada);
    expect(items.map((n) => [n.text, n.readAt !== null])).toEqual([
      ['c', true],
      ['b', false],
      ['a', true],
    ]);
    // Again: nothing changes, a read one keeps its first read time.
    const firstRead = byId.get(a)!.readAt;
    expect((await ada.as.post('/api/notifications/read', { ids: [a] })).json()).toEqual({ unreadCount: 1 });
    expect((await rowsOf(ada)).find((r) => r.id === a)!.readAt).toEqual(firstRead);
  });

  it('without ids (or an empty body) marks every one read', async () => {
    const ada = await signedInUser(t.app);
    await three(ada);
    expect((await ada.as.post('/api/notifications/read', {})).json()).toEqual({ unreadCount: 0 });
    expect((await rowsOf(ada)).every((r) => r.readAt !== null)).toBe(true);
    await three(ada);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: ada.cookie },
    });
    expect([bare.statusCode, bare.json()]).toEqual([200, { unreadCount: 0 }]);
  });

  it('ignores ids of someone else’s notifications (and unknown ones)', async () => {
    const ada = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const [bobs] = await three(bob);
    const [adas] = await three(ada);
    const res = await ada.as.post('/api/notifications/read', { ids: [bobs, adas, randomUUID()] });
    expect(res.json()).toEqual({ unreadCount: 2 });
    expect((await rowsOf(bob)).every((r) => r.readAt === null)).toBe(true);
    expect((await page(bob)).unreadCount).toBe(3);
  });

  it('refuses bad ids, an empty or too long list, and unknown fields with 400', async () => {
    const ada = await signedInUser(t.app);
    const [id] = await three(ada);
    const tooMany = Array.from({ length: NOTIFICATIONS.maxReadIds + 1 }, () => randomUUID());
    for (const body of [
      { ids: ['nope'] },
      { ids: [id, 42] },
      { ids: [] },
      { ids: tooMany },
      { ids: id },
      { ids: [id], all: true },
    ]) {
      const res = await ada.as.post('/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const justEnough = Array.from({ length: NOTIFICATIONS.maxReadIds }, (_, i) =>
      i === 0 ? id! : randomUUID(),
    );
    expect((await ada.as.post('/api/notifications/read', { ids: justEnough })).json()).toEqual({
      unreadCount: 2,
    });
  });
});

describe('GET/PUT /api/timelines/:id/notify-level', () => {
  it('refuses visitors, outsiders, blocked users (404) and bad levels (400)', async () => {
    const c = await club();
    const url = `${c.base}/notify-level`;
    expect((await visitor().get(url)).statusCode).toBe(401);
    expect((await visitor().put(url, { level: 'all' })).statusCode).toBe(401);
    for (const who of [c.outsider, c.blocked]) {
      expect((await who.as.get(url)).statusCode).toBe(404);
      expect((await who.as.put(url, { level: 'all' })).statusCode).toBe(404);
    }
    expect((await c.owner.as.get(`/api/timelines/${randomUUID()}/notify-level`)).statusCode).toBe(404);
    expect((await c.owner.as.get('/api/timelines/nope/notify-level')).statusCode).toBe(404);
    for (const body of [{ level: 'loud' }, {}, { level: 'all', extra: 1 }, { level: null }]) {
      expect((await c.participant.as.put(url, body)).statusCode).toBe(400);
    }
    expect((await c.participant.as.get(url)).json()).toEqual({ level: 'mentions' });
  });

  it('every role reads its own level (default mentions) and sets it for itself alone', async () => {
    const c = await club();
    const url = `${c.base}/notify-level`;
    const levels = ['all', 'none', 'mentions', 'all'] as const;
    for (const [i, who] of c.members.entries()) {
      expect((await who.as.get(url)).json()).toEqual({ level: 'mentions' });
      const res = await who.as.put(url, { level: levels[i] });
      expect([res.statusCode, res.json()]).toEqual([200, { level: levels[i] }]);
    }
    for (const [i, who] of c.members.entries())
      expect((await who.as.get(url)).json()).toEqual({ level: levels[i] });
  });

  it('an archived threadline: its owner may still choose, other members are refused (403); deleted: 404', async () => {
    const c = await club();
    const url = `${c.base}/notify-level`;
    await c.owner.as.post(`${c.base}/archive`);
    expect((await c.owner.as.put(url, { level: 'none' })).json()).toEqual({ level: 'none' });
    expect((await c.owner.as.get(url)).json()).toEqual({ level: 'none' });
    for (const who of [c.moderator, c.participant, c.viewer]) {
      expect((await who.as.get(url)).statusCode).toBe(403);
      expect((await who.as.put(url, { level: 'all' })).statusCode).toBe(403);
    }
    await c.owner.as.delete(c.base);
    expect((await c.owner.as.get(url)).statusCode).toBe(404);
    expect((await c.owner.as.put(url, { level: 'all' })).statusCode).toBe(404);
  });
});

describe('GET/PUT /api/me/notification-preferences', () => {
  const url = '/api/me/notification-preferences';
  const dueOf = async (who: Person) =>
    (await t.app.db.select({ due: users.digestDueAt }).from(users).where(eq(users.id, who.user.id)))[0]!.due;

  it('refuses visitors; answers the defaults for a user who chose nothing', async () => {
    expect((await visitor().get(url)).statusCode).toBe(401);
    expect((await visitor().put(url, DEFAULT_NOTIFICATION_PREFS)).statusCode).toBe(401);
    const ada = await signedInUser(t.app);
    expect((await ada.as.get(url)).json()).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });

  it('stores a whole choice per user; a blocked user has their preferences like anyone', async () => {
    const c = await club();
    const chosen = {
      email: {
        mentions: 'digest',
        messages: 'never',
        joinRequests: 'immediately',
        requestOutcomes: 'digest',
      },
      digest: 'weekly',
    };
    for (const who of [c.blocked, c.viewer]) {
      const res = await who.as.put(url, chosen);
      expect([res.statusCode, res.json()]).toEqual([200, chosen]);
      expect((await who.as.get(url)).json()).toEqual(chosen);
    }
    expect((await c.owner.as.get(url)).json()).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });

  it('refuses partial, unknown or extra values with 400 and keeps what was stored', async () => {
    const ada = await signedInUser(t.app);
    const email = DEFAULT_NOTIFICATION_PREFS.email;
    for (const body of [
      {},
      { email },
      { digest: 'daily' },
      { email: { ...email, mentions: 'hourly' }, digest: 'weekly' },
      { email: { mentions: 'never' }, digest: 'weekly' },
      { email: { ...email, push: 'never' }, digest: 'weekly' },
      { email, digest: 'monthly' },
      { email, digest: 'weekly', extra: true },
      { email: 'never', digest: 'weekly' },
    ]) {
      const res = await ada.as.put(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await ada.as.get(url)).json()).toEqual(DEFAULT_NOTIFICATION_PREFS);
  });

  it('a change of digest reschedules it (daily: a day on, weekly: a week on, never: none); other changes keep it', async () => {
    const ada = await signedInUser(t.app);
    const initial = await dueOf(ada);
    const email = DEFAULT_NOTIFICATION_PREFS.email;
    const put = async (digest: string, e = email) => {
      const before = Date.now();
      expect((await ada.as.put(url, { email: e, digest })).statusCode).toBe(200);
      return { before, after: Date.now(), due: await dueOf(ada) };
    };
    const day = 24 * 60 * 60_000;
    // Same digest (weekly by default), another e-mail choice: the schedule stays.
    expect((await put('weekly', { ...email, messages: 'never' })).due).toEqual(initial);
    const daily = await put('daily');
    expect(daily.due!.getTime()).toBeGreaterThanOrEqual(daily.before + day - 1000);
    expect(daily.due!.getTime()).toBeLessThanOrEqual(daily.after + day + 1000);
    expect((await put('never')).due).toBeNull();
    expect((await put('never', { ...email, mentions: 'digest' })).due).toBeNull();
    const weekly = await put('weekly');
    expect(weekly.due!.getTime()).toBeGreaterThanOrEqual(weekly.before + 7 * day - 1000);
    expect(weekly.due!.getTime()).toBeLessThanOrEqual(weekly.after + 7 * day + 1000);
  });
});

describe('a rejected requester', () => {
  it('keeps the outcome in their inbox, though no member', async () => {
    const c = await club({ joinApprovalRequired: true });
    const rita = await signedInUser(t.app, { displayName: 'Rita' });
    await rita.as.post('/api/timelines/join', { joinCode: c.timeline.joinCode });
    const [request] = await t.app.db
      .select()
      .from(timelineJoinRequests)
      .where(eq(timelineJoinRequests.userId, rita.user.id));
    await c.moderator.as.post(`${c.base}/join-requests/${request!.id}/reject`, {});
    const p = await page(rita);
    expect([p.unreadCount, p.items.map((n) => n.type)]).toEqual([1, ['request_outcome']]);
    expect((await rita.as.post('/api/notifications/read', {})).json()).toEqual({ unreadCount: 0 });
  });
});
