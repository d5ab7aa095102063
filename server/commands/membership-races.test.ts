// Membership races (DECISIONS §3): joins, requests, approvals, retractions and blocks fired together.
// On PostgreSQL (CI) the requests really interleave; on PGlite they run one query at a time.
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { timelineBlockedUsers, timelineJoinRequests, timelineMembers } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';

const t = setupTestApp();
const ROUNDS = 8;
// Below the unknown-code limit (20): attempts are reserved before the code is looked up, so more joins in
// flight at once from one user would be refused with 429 before they could race anything.
const JOINS = 18;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts `n` calls about half a millisecond apart, as a user hammering a button would. */
const staggered = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => sleep(i / 2).then(() => call(i))));

async function stateOf(timelineId: string, userId: string) {
  const where = <
    T extends typeof timelineMembers | typeof timelineBlockedUsers | typeof timelineJoinRequests,
  >(
    table: T,
  ) => and(eq(table.timelineId, timelineId), eq(table.userId, userId));
  const db = t.app.db;
  const [member] = await db.select().from(timelineMembers).where(where(timelineMembers));
  const [blocked] = await db.select().from(timelineBlockedUsers).where(where(timelineBlockedUsers));
  const requests = await db.select().from(timelineJoinRequests).where(where(timelineJoinRequests));
  return { member: !!member, blocked: !!blocked, requests };
}

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);

async function cast(joinApprovalRequired: boolean) {
  const owner = await signedInUser(t.app);
  const timeline = await buildThreadline(t.app.db, owner.user, { joinApprovalRequired });
  const pat = await signedInUser(t.app);
  return { owner, timeline, pat };
}

describe('remove and block while the member keeps joining', () => {
  for (const approval of [false, true]) {
    it(`never leaves a blocked user in, or with a pending request (approval ${approval ? 'on' : 'off'})`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, timeline, pat } = await cast(approval);
        await addMember(t.app.db, timeline, pat.user);
        const remove = sleep(round % 5).then(() =>
          owner.as.delete(`/api/timelines/${timeline.id}/members/${pat.user.id}`, { reason: 'spam' }),
        );
        const joins = staggered(JOINS, () =>
          pat.as.post('/api/timelines/join', { joinCode: timeline.joinCode }),
        );
        const [removed, joined] = await Promise.all([remove, joins]);
        noServerErrors([removed, ...joined]);
        expect(removed.statusCode).toBe(200);
        for (const r of joined) {
          // Before the block: already a member; after it: refused. Never joined or pending again.
          expect([r.statusCode, r.json().status ?? r.json().message]).toSatisfy(
            ([status, what]: [number, string]) =>
              (status === 200 && what === 'already_member') ||
              (status === 403 && what === 'You are blocked from this timeline'),
          );
        }
        const after = await stateOf(timeline.id, pat.user.id);
        expect(after).toMatchObject({ member: false, blocked: true });
        expect(after.requests.filter((r) => r.status === 'pending')).toEqual([]);
        expect((await pat.as.get(`/api/timelines/${timeline.id}`)).statusCode).toBe(404);
      }
    });
  }
});

describe('approve racing the requester retracting', () => {
  it('ends approved or retracted, never both, never a 5xx', async () => {
    for (let round = 0; round < ROUNDS * 2; round++) {
      const { owner, timeline, pat } = await cast(true);
      const asked = await pat.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
      expect(asked.json().status).toBe('pending');
      const [request] = await t.app.db
        .select()
        .from(timelineJoinRequests)
        .where(eq(timelineJoinRequests.timelineId, timeline.id));
      const approveUrl = `/api/timelines/${timeline.id}/join-requests/${request!.id}/approve`;
      const isApprove = (i: number) => i % 2 === round % 2;
      const calls = await staggered(12, (i) =>
        isApprove(i) ? owner.as.post(approveUrl, {}) : pat.as.delete(`/api/join-requests/${request!.id}`),
      );
      noServerErrors(calls);
      const approved = calls.filter((r, i) => isApprove(i) && r.statusCode === 200);
      const retracted = calls.filter((r, i) => !isApprove(i) && r.statusCode === 200);
      const after = await stateOf(timeline.id, pat.user.id);
      // Exactly one side won, and the data agrees with it.
      expect(approved.length + retracted.length).toBe(1);
      if (retracted.length === 1) {
        expect(after).toMatchObject({ member: false, requests: [] });
      } else {
        expect(after.member).toBe(true);
        expect(after.requests.map((r) => r.status)).toEqual(['approved']);
      }
      for (const r of calls.filter((c) => c.statusCode !== 200)) expect([404, 409]).toContain(r.statusCode);
    }
  });
});

describe('approve racing remove and block of the same person', () => {
  it('never approves a blocked user', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // A member who also has a request pending (left from before they were let in by a moderator).
      const { owner, timeline, pat } = await cast(true);
      await t.app.db.insert(timelineJoinRequests).values({ timelineId: timeline.id, userId: pat.user.id });
      await addMember(t.app.db, timeline, pat.user);
      const [request] = await t.app.db
        .select()
        .from(timelineJoinRequests)
        .where(eq(timelineJoinRequests.timelineId, timeline.id));
      const calls = await staggered(10, (i) =>
        i === round % 10
          ? owner.as.delete(`/api/timelines/${timeline.id}/members/${pat.user.id}`, {})
          : owner.as.post(`/api/timelines/${timeline.id}/join-requests/${request!.id}/approve`, {}),
      );
      noServerErrors(calls);
      const after = await stateOf(timeline.id, pat.user.id);
      expect(after).toMatchObject({ member: false, blocked: true });
      expect(after.requests.filter((r) => r.status === 'pending')).toEqual([]);
    }
  });
});

describe('many people joining a nearly full threadline at once', () => {
  it('never passes the member limit', async () => {
    const owner = await signedInUser(t.app);
    const timeline = await buildThreadline(t.app.db, owner.user);
    const people = await Promise.all(Array.from({ length: 24 }, () => signedInUser(t.app)));
    const res = await Promise.all(
      people.map((p) => p.as.post('/api/timelines/join', { joinCode: timeline.joinCode })),
    );
    noServerErrors(res);
    const members = await t.app.db
      .select()
      .from(timelineMembers)
      .where(eq(timelineMembers.timelineId, timeline.id));
    expect(members).toHaveLength(10);
    expect(res.filter((r) => r.statusCode === 403).map((r) => r.json().message)).toEqual(
      Array(24 - 9).fill('Member limit reached'),
    );
  });
});
