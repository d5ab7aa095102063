// Membership notifications (issue 27; DECISIONS §10), end to end through the routes on PGlite and PostgreSQL:
// join_request to the owner and moderators, request_outcome, role_changed, removed, timeline_archived and
// timeline_deleted. Each is written once, to exactly its recipients (never to someone without access), with
// its text and link, and the recipients' sockets hear their new unread count.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../common/schemas/notifications.ts';
import { type NotificationRow, notifications, timelineJoinRequests } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import { openSocket, type TestSocket } from '../test/ws.ts';
import { createNotifications } from './store.ts';

const t = setupTestApp();
type Person = Awaited<ReturnType<typeof signedInUser>>;

/** Every notification row of `who`, readable or not, oldest first. */
const rowsOf = (who: Person): Promise<NotificationRow[]> =>
  t.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, who.user.id))
    .orderBy(notifications.createdAt);

const inbox = async (who: Person): Promise<{ items: NotificationItem[]; unreadCount: number }> => {
  const res = await who.as.get('/api/notifications');
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** "Garden club": Olga owns it, Mo moderates, Pat participates, Vi views; Otto is no member. */
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
  const base = `/api/timelines/${timeline.id}`;
  return {
    owner,
    moderator,
    participant,
    viewer,
    outsider,
    timeline,
    base,
    all: [owner, moderator, participant, viewer, outsider],
  };
}
type Club = Awaited<ReturnType<typeof club>>;

/** Rita asks to join (approval on); answers the request's id. */
async function ask(c: Club, name = 'Rita') {
  const rita = await signedInUser(t.app, { displayName: name });
  const res = await rita.as.post('/api/timelines/join', { joinCode: c.timeline.joinCode });
  expect(res.json().status).toBe('pending');
  const [request] = await t.app.db
    .select()
    .from(timelineJoinRequests)
    .where(
      and(eq(timelineJoinRequests.timelineId, c.timeline.id), eq(timelineJoinRequests.userId, rita.user.id)),
    );
  return { rita, requestId: request!.id };
}

/** The types each person holds, in the order given. */
const typesOf = async (people: Person[]) =>
  Promise.all(people.map(async (p) => (await rowsOf(p)).map((n) => n.type)));

const sockets: TestSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
async function socketOf(p: Person) {
  const s = await openSocket(t.app, p.cookie);
  sockets.push(s);
  await s.authenticate(p.user.id);
  return s;
}

describe('join_request', () => {
  it('a new request tells the owner and moderators once (a repeat is the same request), nobody else', async () => {
    const c = await club({ joinApprovalRequired: true });
    const ownerSocket = await socketOf(c.owner);
    const { rita, requestId } = await ask(c);
    expect((await ownerSocket.next('notifications')).unreadCount).toBe(1);
    await rita.as.post('/api/timelines/join', { joinCode: c.timeline.joinCode });

    expect(await typesOf([...c.all, rita])).toEqual([['join_request'], ['join_request'], [], [], [], []]);
    const [row] = await rowsOf(c.moderator);
    expect(row).toMatchObject({
      actorId: rita.user.id,
      timelineId: c.timeline.id,
      text: 'Rita asked to join Garden club',
      href: `/timeline/${c.timeline.id}?requests=1`,
      dedupeKey: `join_request:${requestId}`,
      readAt: null,
    });
    // A mailable kind: due for mail ten minutes on, if still unread.
    expect(row!.mailAfter!.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
    const seen = await inbox(c.owner);
    expect(seen.unreadCount).toBe(1);
    expect(seen.items[0]).toMatchObject({
      type: 'join_request',
      text: 'Rita asked to join Garden club',
      actor: { id: rita.user.id, name: 'Rita', profileImageUrl: null },
    });
    expect(JSON.stringify(seen)).not.toContain('@example.test');
  });

  it('a manager who chose "Nothing" for the threadline is not told (the owner still is)', async () => {
    const c = await club({ joinApprovalRequired: true });
    expect((await c.moderator.as.put(`${c.base}/notify-level`, { level: 'none' })).statusCode).toBe(200);
    await ask(c);
    expect(await typesOf([c.owner, c.moderator])).toEqual([['join_request'], []]);
  });

  it('approved: the requester hears it once, linked to the threadline; every manager’s is marked read', async () => {
    const c = await club({ joinApprovalRequired: true });
    const { rita, requestId } = await ask(c);
    const ownerSocket = await socketOf(c.owner);
    const ritaSocket = await socketOf(rita);
    const url = `${c.base}/join-requests/${requestId}/approve`;
    expect((await c.moderator.as.post(url, {})).statusCode).toBe(200);
    expect((await ritaSocket.next('notifications')).unreadCount).toBe(1);
    // The owner did not answer it, yet it is done: their bell drops to zero.
    expect((await ownerSocket.next('notifications')).unreadCount).toBe(0);
    expect((await c.owner.as.post(url, {})).statusCode).toBe(409);

    const [outcome, ...more] = await rowsOf(rita);
    expect(more).toEqual([]);
    expect(outcome).toMatchObject({
      type: 'request_outcome',
      actorId: c.moderator.user.id,
      timelineId: c.timeline.id,
      text: 'Your request to join Garden club was approved',
      href: `/timeline/${c.timeline.id}`,
    });
    for (const manager of [c.owner, c.moderator]) {
      expect((await rowsOf(manager)).map((n) => [n.type, n.readAt !== null, n.mailAfter])).toEqual([
        ['join_request', true, null],
      ]);
      expect((await inbox(manager)).unreadCount).toBe(0);
    }
  });

  it('rejected: linked to the requester’s requests, naming nobody, and still in their inbox as a non-member', async () => {
    const c = await club({ joinApprovalRequired: true });
    const { rita, requestId } = await ask(c);
    const res = await c.owner.as.post(`${c.base}/join-requests/${requestId}/reject`, {
      responseMessage: 'Full',
    });
    expect(res.statusCode).toBe(200);
    const seen = await inbox(rita);
    expect(seen.unreadCount).toBe(1);
    expect(seen.items).toHaveLength(1);
    expect(seen.items[0]).toMatchObject({
      type: 'request_outcome',
      text: 'Your request to join Garden club was rejected',
      href: '/my-requests',
      timelineId: c.timeline.id,
    });
    expect(seen.items[0]!.actor).toBeUndefined();
    expect((await rowsOf(c.moderator))[0]!.readAt).not.toBeNull();
  });

  it('retracted, or settled by a direct join once approval is off: the managers’ are read, no outcome', async () => {
    const c = await club({ joinApprovalRequired: true });
    const first = await ask(c, 'Rita');
    const second = await ask(c, 'Rex');
    expect((await first.rita.as.delete(`/api/join-requests/${first.requestId}`)).statusCode).toBe(200);
    const keyed = async (p: Person, requestId: string) =>
      (await rowsOf(p)).find((n) => n.dedupeKey === `join_request:${requestId}`)!;
    expect((await keyed(c.owner, first.requestId)).readAt).not.toBeNull();
    expect((await keyed(c.owner, second.requestId)).readAt).toBeNull();

    await c.owner.as.patch(`${c.base}/approval-settings`, { joinApprovalRequired: false });
    const joined = await second.rita.as.post('/api/timelines/join', { joinCode: c.timeline.joinCode });
    expect(joined.json().status).toBe('joined');
    expect((await keyed(c.moderator, second.requestId)).readAt).not.toBeNull();
    expect(await typesOf([first.rita, second.rita])).toEqual([[], []]);
    expect((await inbox(c.owner)).unreadCount).toBe(0);
  });

  it('a request cancelled by a block is read too', async () => {
    const c = await club({ joinApprovalRequired: true });
    const { rita } = await ask(c);
    // A member with a pending request: what a join racing an approval could leave behind.
    await addMember(t.app.db, c.timeline, rita.user);
    expect(
      (await c.owner.as.delete(`${c.base}/members/${rita.user.id}`, { reason: 'spam' })).statusCode,
    ).toBe(200);
    expect((await rowsOf(c.moderator)).map((n) => n.readAt !== null)).toEqual([true]);
  });

  it('follows the role: a demoted moderator no longer sees it, promoted again sees it again', async () => {
    const c = await club({ joinApprovalRequired: true });
    await ask(c);
    const setRole = (role: string) => c.owner.as.patch(`${c.base}/members/${c.moderator.user.id}`, { role });
    await setRole('participant');
    const demoted = await inbox(c.moderator);
    expect(demoted.items.map((n) => n.type)).toEqual(['role_changed']);
    expect(demoted.unreadCount).toBe(1);
    await setRole('moderator');
    const promoted = await inbox(c.moderator);
    expect(promoted.items.map((n) => n.type)).toEqual(['role_changed', 'role_changed', 'join_request']);
    expect(promoted.unreadCount).toBe(3);
  });
});

describe('role_changed', () => {
  it('tells the member their new role, once per change, whatever their level; nobody else', async () => {
    const c = await club();
    await c.participant.as.put(`${c.base}/notify-level`, { level: 'none' });
    const patSocket = await socketOf(c.participant);
    const setRole = (role: string) =>
      c.owner.as.patch(`${c.base}/members/${c.participant.user.id}`, { role });
    expect((await setRole('moderator')).statusCode).toBe(200);
    expect((await patSocket.next('notifications')).unreadCount).toBe(1);
    expect((await setRole('moderator')).statusCode).toBe(200);
    expect((await setRole('viewer')).statusCode).toBe(200);
    const rows = await rowsOf(c.participant);
    expect(rows.map((n) => [n.text, n.actorId, n.href, n.mailAfter])).toEqual([
      ['You are now a moderator of Garden club', c.owner.user.id, `/timeline/${c.timeline.id}`, null],
      ['You are now a viewer of Garden club', c.owner.user.id, `/timeline/${c.timeline.id}`, null],
    ]);
    expect(await typesOf([c.owner, c.moderator, c.viewer, c.outsider])).toEqual([[], [], [], []]);
  });

  it('an accepted ownership transfer tells the previous owner they are now a moderator', async () => {
    const c = await club();
    expect((await c.owner.as.post(`${c.base}/transfer`, { userId: c.participant.user.id })).statusCode).toBe(
      200,
    );
    expect(await typesOf(c.all)).toEqual([[], [], [], [], []]);
    expect((await c.participant.as.post(`${c.base}/transfer/accept`)).statusCode).toBe(200);
    const rows = await rowsOf(c.owner);
    expect(rows.map((n) => [n.type, n.text, n.actorId])).toEqual([
      ['role_changed', 'You are now a moderator of Garden club', c.participant.user.id],
    ]);
    expect(await typesOf([c.moderator, c.participant, c.viewer, c.outsider])).toEqual([[], [], [], []]);
  });
});

describe('removed', () => {
  it('names the threadline and nothing more, links home, stays while the rest of that threadline goes', async () => {
    const c = await club();
    // Something about the threadline's content, written earlier.
    await createNotifications(t.app.db, [
      {
        userId: c.participant.user.id,
        type: 'mention',
        actorId: c.viewer.user.id,
        timelineId: c.timeline.id,
        text: 'Vi mentioned you',
        href: `/timeline/${c.timeline.id}`,
      },
    ]);
    await c.participant.as.put(`${c.base}/notify-level`, { level: 'none' });
    const patSocket = await socketOf(c.participant);
    const res = await c.owner.as.delete(`${c.base}/members/${c.participant.user.id}`, {
      reason: 'Rude to Vi',
    });
    expect(res.statusCode).toBe(200);
    // The mention went with access: only the removal counts.
    expect((await patSocket.next('notifications')).unreadCount).toBe(1);
    const seen = await inbox(c.participant);
    expect(seen.items).toEqual([
      {
        id: expect.any(String),
        type: 'removed',
        text: 'You were removed from Garden club',
        href: '/',
        timelineId: c.timeline.id,
        createdAt: expect.any(String),
        readAt: null,
      },
    ]);
    expect(JSON.stringify(seen)).not.toMatch(/Rude|Mo|Olga/);
    expect(await typesOf([c.owner, c.moderator, c.viewer, c.outsider])).toEqual([[], [], [], []]);
  });
});

describe('timeline_archived and timeline_deleted', () => {
  it('archiving tells every member but the owner, once; those gone or outside hear nothing', async () => {
    const c = await club();
    const gone = await signedInUser(t.app, { displayName: 'Gus' });
    await addMember(t.app.db, c.timeline, gone.user);
    await gone.as.delete(`${c.base}/members/leave`);
    await c.viewer.as.put(`${c.base}/notify-level`, { level: 'none' });
    const socket = await socketOf(c.viewer);
    const archived = await Promise.all([
      c.owner.as.post(`${c.base}/archive`),
      c.owner.as.post(`${c.base}/archive`),
    ]);
    expect(archived.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await socket.next('notifications')).unreadCount).toBe(1);
    expect(await typesOf([...c.all, gone])).toEqual([
      [],
      ['timeline_archived'],
      ['timeline_archived'],
      ['timeline_archived'],
      [],
      [],
    ]);
    const [row] = await rowsOf(c.participant);
    expect(row).toMatchObject({
      text: 'Garden club was archived',
      href: '/',
      actorId: c.owner.user.id,
      mailAfter: null,
    });
    expect((await inbox(c.participant)).items.map((n) => n.type)).toEqual(['timeline_archived']);

    // Restored and archived again: told again.
    await c.owner.as.post(`${c.base}/restore`);
    await c.owner.as.post(`${c.base}/archive`);
    expect((await rowsOf(c.participant)).map((n) => n.type)).toEqual([
      'timeline_archived',
      'timeline_archived',
    ]);
  });

  it('an archive hides the members’ other notifications of it, not the owner’s', async () => {
    const c = await club();
    const mention = (p: Person) => ({
      userId: p.user.id,
      type: 'mention' as const,
      timelineId: c.timeline.id,
      text: 'x',
      href: '/',
    });
    await createNotifications(t.app.db, [mention(c.owner), mention(c.participant)]);
    await c.owner.as.post(`${c.base}/archive`);
    expect((await inbox(c.owner)).items.map((n) => n.type)).toEqual(['mention']);
    expect((await inbox(c.participant)).items.map((n) => n.type)).toEqual(['timeline_archived']);
    await c.owner.as.post(`${c.base}/restore`);
    expect((await inbox(c.participant)).items.map((n) => n.type)).toEqual(['timeline_archived', 'mention']);
  });

  it('deleting (active or archived) tells every member but the owner once; it stays in their inbox', async () => {
    for (const archivedFirst of [false, true]) {
      const c = await club();
      await createNotifications(t.app.db, [
        { userId: c.owner.user.id, type: 'mention', timelineId: c.timeline.id, text: 'x', href: '/' },
      ]);
      if (archivedFirst) await c.owner.as.post(`${c.base}/archive`);
      const socket = await socketOf(c.moderator);
      expect((await c.owner.as.delete(c.base)).statusCode).toBe(200);
      expect(
        (await socket.next('notifications', { where: (m) => m.unreadCount === (archivedFirst ? 2 : 1) }))
          .type,
      ).toBe('notifications');
      const expected = archivedFirst ? ['timeline_deleted', 'timeline_archived'] : ['timeline_deleted'];
      for (const p of [c.moderator, c.participant, c.viewer]) {
        const seen = await inbox(p);
        expect(seen.items.map((n) => n.type)).toEqual(expected);
        expect(seen.items[0]).toMatchObject({ text: 'Garden club was deleted', href: '/' });
      }
      // The owner's own notifications about it are gone with it; they get none about their own act.
      expect(await inbox(c.owner)).toMatchObject({ items: [], unreadCount: 0 });
      expect(await typesOf([c.outsider])).toEqual([[]]);
      expect((await c.owner.as.delete(c.base)).statusCode).toBe(404);
    }
  });
});
