// Two app instances on one PostgreSQL database (DECISIONS §1, §8), as two processes behind a proxy without
// sticky sessions: a notification written through one reaches the recipient's sockets on the other as
// `{type: 'notifications', unreadCount}`, marking read on one updates the other, and every membership kind is
// written once whichever instance does what, also when the two decide the same request at once. Runs in the
// PostgreSQL project only.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, timelineJoinRequests } from '../db/schema/index.ts';
import { addMember, buildThreadline, callerFor, cookieFor, signedInUser } from '../test/factories.ts';
import { setupInstances } from '../test/instances.ts';
import { raceProbe } from '../test/races.ts';
import { openSocket, type TestSocket } from '../test/ws.ts';

const instances = setupInstances(2, {}, 'tl_notify_instances');
const A = () => instances[0]!.app;
const B = () => instances[1]!.app;

const sockets: TestSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A caller for `who` on `app` (sessions live in the shared database). */
const on = async (app: FastifyInstance, who: Person) => callerFor(app, await cookieFor(app, who.user));

async function socketOn(app: FastifyInstance, who: Person) {
  const s = await openSocket(app, who.cookie);
  sockets.push(s);
  await s.authenticate(who.user.id);
  return s;
}

const count = (s: TestSocket, unreadCount: number) =>
  s.next('notifications', { where: (m) => m.unreadCount === unreadCount, timeoutMs: 5000 });

async function club(fields: Parameters<typeof buildThreadline>[2] = {}) {
  const owner = await signedInUser(A(), { displayName: 'Olga' });
  const timeline = await buildThreadline(A().db, owner.user, { name: 'Garden club', ...fields });
  const member = async (name: string, role: 'moderator' | 'participant') => {
    const p = await signedInUser(A(), { displayName: name });
    await addMember(A().db, timeline, p.user, role);
    return p;
  };
  return {
    owner,
    moderator: await member('Mo', 'moderator'),
    participant: await member('Pat', 'participant'),
    timeline,
    base: `/api/timelines/${timeline.id}`,
  };
}

const rowsOf = (who: Person) =>
  A()
    .db.select()
    .from(notifications)
    .where(eq(notifications.userId, who.user.id))
    .orderBy(notifications.createdAt);

async function pendingRequest(timelineId: string) {
  const [request] = await A()
    .db.select()
    .from(timelineJoinRequests)
    .where(and(eq(timelineJoinRequests.timelineId, timelineId), eq(timelineJoinRequests.status, 'pending')));
  return request!;
}

describe('notifications across two instances', () => {
  it('written through A, heard on B (and on A); read on A, B’s bell follows; the decision on B reaches A', async () => {
    const c = await club({ joinApprovalRequired: true });
    const ownerOnB = await socketOn(B(), c.owner);
    const ownerOnA = await socketOn(A(), c.owner);
    const moderatorOnB = await socketOn(B(), c.moderator);
    const rita = await signedInUser(A(), { displayName: 'Rita' });
    const ritaOnA = await socketOn(A(), rita);

    expect((await rita.as.post('/api/timelines/join', { joinCode: c.timeline.joinCode })).json().status).toBe(
      'pending',
    );
    await Promise.all([count(ownerOnB, 1), count(ownerOnA, 1), count(moderatorOnB, 1)]);

    // Read on A: the owner's other device, on B, drops to zero.
    expect((await c.owner.as.post('/api/notifications/read', {})).json()).toEqual({ unreadCount: 0 });
    await Promise.all([count(ownerOnB, 0), count(ownerOnA, 0)]);

    // Decided on B: the requester, on A, hears the outcome; the moderator's request is read.
    const request = await pendingRequest(c.timeline.id);
    const moderatorB = await on(B(), c.moderator);
    expect((await moderatorB.post(`${c.base}/join-requests/${request.id}/approve`, {})).statusCode).toBe(200);
    await Promise.all([count(ritaOnA, 1), count(moderatorOnB, 0)]);
    expect((await rowsOf(rita)).map((n) => n.text)).toEqual([
      'Your request to join Garden club was approved',
    ]);
  });

  it('every membership kind once, whichever instance writes it, heard on the other', async () => {
    const c = await club();
    const patOnB = await socketOn(B(), c.participant);
    const moderatorOnA = await socketOn(A(), c.moderator);
    const ownerA = await on(A(), c.owner);
    const ownerB = await on(B(), c.owner);

    expect(
      (await ownerA.patch(`${c.base}/members/${c.participant.user.id}`, { role: 'viewer' })).statusCode,
    ).toBe(200);
    await count(patOnB, 1);
    // Archived: the role change is hidden from a non-owner, the archive counts instead.
    expect((await ownerB.post(`${c.base}/archive`)).statusCode).toBe(200);
    await Promise.all([count(patOnB, 1), count(moderatorOnA, 1)]);
    // Restored: it shows again, and the bells say so.
    expect((await ownerA.post(`${c.base}/restore`)).statusCode).toBe(200);
    await Promise.all([count(patOnB, 2), count(moderatorOnA, 1)]);
    // Removed: the role change goes with access; the archive and the removal stay.
    expect((await ownerB.delete(`${c.base}/members/${c.participant.user.id}`)).statusCode).toBe(200);
    await count(patOnB, 2);
    expect((await ownerA.delete(c.base)).statusCode).toBe(200);
    await count(moderatorOnA, 2);

    expect((await rowsOf(c.participant)).map((n) => n.type)).toEqual([
      'role_changed',
      'timeline_archived',
      'removed',
    ]);
    expect((await rowsOf(c.moderator)).map((n) => n.type)).toEqual(['timeline_archived', 'timeline_deleted']);
    expect(await rowsOf(c.owner)).toEqual([]);
  });

  it('approvals on A and rejections on B of one request at once: one outcome', async () => {
    const race = raceProbe(...instances);
    const rounds = race.rounds('approve', 'reject');
    for (let round = 0; round < 4; round++) {
      const c = await club({ joinApprovalRequired: true });
      const rita = await signedInUser(A());
      await rita.as.post('/api/timelines/join', { joinCode: c.timeline.joinCode });
      const request = await pendingRequest(c.timeline.id);
      const ownerA = await on(A(), c.owner);
      const moderatorB = await on(B(), c.moderator);
      const answers = await rounds.run(() =>
        Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            i % 2 === 0
              ? race.as('approve', () => ownerA.post(`${c.base}/join-requests/${request.id}/approve`, {}))
              : race.as('reject', () => moderatorB.post(`${c.base}/join-requests/${request.id}/reject`, {})),
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array(23).fill(409)]);
      expect((await rowsOf(rita)).map((n) => n.type)).toEqual(['request_outcome']);
    }
    rounds.expectOverlap();
  });
});
