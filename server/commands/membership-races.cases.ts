// Membership races (DECISIONS §3): joins, requests, approvals, retractions and blocks fired together. Each
// race is written once here and run twice: in full on PostgreSQL (membership-races.pg.test.ts), where the
// requests really interleave and each race must show that they did (server/test/races.ts), and as a
// one-round smoke on PGlite (membership-races.test.ts), which runs one query at a time.
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { timelineBlockedUsers, timelineJoinRequests, timelineMembers } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts `n` calls about half a millisecond apart, as a user hammering a button would. */
const staggered = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => sleep(i / 2).then(() => call(i))));

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);

export function membershipRaces(t: TestApp, race: RaceProbe) {
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

  async function cast(joinApprovalRequired: boolean) {
    const owner = await signedInUser(t.app);
    const timeline = await buildThreadline(t.app.db, owner.user, { joinApprovalRequired });
    const pat = await signedInUser(t.app);
    return { owner, timeline, pat };
  }

  return {
    /**
     * Remove and block while the member keeps joining: never a blocked user left in, or with a pending
     * request. `joins` stays below the unknown-code limit (20): attempts are reserved before the code is
     * looked up, so more joins in flight at once from one user would be refused with 429 before they race.
     */
    async blockWhileJoining(approval: boolean, { rounds: count, joins }: { rounds: number; joins: number }) {
      const rounds = race.rounds('block', 'join');
      for (let round = 0; round < count; round++) {
        const { owner, timeline, pat } = await cast(approval);
        await addMember(t.app.db, timeline, pat.user);
        const [removed, joined] = await rounds.run(() => {
          const remove = sleep(round % 5).then(() =>
            race.as('block', () =>
              owner.as.delete(`/api/timelines/${timeline.id}/members/${pat.user.id}`, { reason: 'spam' }),
            ),
          );
          const attempts = staggered(joins, () =>
            race.as('join', () => pat.as.post('/api/timelines/join', { joinCode: timeline.joinCode })),
          );
          return Promise.all([remove, attempts]);
        });
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
      rounds.expectOverlap();
    },

    /** Approve racing the requester retracting: ends approved or retracted, never both, never a 5xx. */
    async approveRacingRetract({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('approve', 'retract');
      for (let round = 0; round < count; round++) {
        const { owner, timeline, pat } = await cast(true);
        const asked = await pat.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
        expect(asked.json().status).toBe('pending');
        const [request] = await t.app.db
          .select()
          .from(timelineJoinRequests)
          .where(eq(timelineJoinRequests.timelineId, timeline.id));
        const approveUrl = `/api/timelines/${timeline.id}/join-requests/${request!.id}/approve`;
        const isApprove = (i: number) => i % 2 === round % 2;
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            isApprove(i)
              ? race.as('approve', () => owner.as.post(approveUrl, {}))
              : race.as('retract', () => pat.as.delete(`/api/join-requests/${request!.id}`)),
          ),
        );
        noServerErrors(answers);
        const approved = answers.filter((r, i) => isApprove(i) && r.statusCode === 200);
        const retracted = answers.filter((r, i) => !isApprove(i) && r.statusCode === 200);
        const after = await stateOf(timeline.id, pat.user.id);
        // Exactly one side won, and the data agrees with it.
        expect(approved.length + retracted.length).toBe(1);
        if (retracted.length === 1) {
          expect(after).toMatchObject({ member: false, requests: [] });
        } else {
          expect(after.member).toBe(true);
          expect(after.requests.map((r) => r.status)).toEqual(['approved']);
        }
        for (const r of answers.filter((c) => c.statusCode !== 200))
          expect([404, 409]).toContain(r.statusCode);
      }
      rounds.expectOverlap();
    },

    /** Approve racing remove and block of the same person: never approves a blocked user. */
    async approveRacingBlock({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('block', 'approve');
      for (let round = 0; round < count; round++) {
        // A member who also has a request pending (left from before they were let in by a moderator).
        const { owner, timeline, pat } = await cast(true);
        await t.app.db.insert(timelineJoinRequests).values({ timelineId: timeline.id, userId: pat.user.id });
        await addMember(t.app.db, timeline, pat.user);
        const [request] = await t.app.db
          .select()
          .from(timelineJoinRequests)
          .where(eq(timelineJoinRequests.timelineId, timeline.id));
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            i === round % calls
              ? race.as('block', () =>
                  owner.as.delete(`/api/timelines/${timeline.id}/members/${pat.user.id}`, {}),
                )
              : race.as('approve', () =>
                  owner.as.post(`/api/timelines/${timeline.id}/join-requests/${request!.id}/approve`, {}),
                ),
          ),
        );
        noServerErrors(answers);
        const after = await stateOf(timeline.id, pat.user.id);
        expect(after).toMatchObject({ member: false, blocked: true });
        expect(after.requests.filter((r) => r.status === 'pending')).toEqual([]);
      }
      rounds.expectOverlap();
    },

    /** Many people joining a threadline with `room` places left at once never pass the member limit. */
    async joinNearlyFull({ people: count, room }: { people: number; room: number }) {
      const rounds = race.rounds('join');
      const owner = await signedInUser(t.app);
      const timeline = await buildThreadline(t.app.db, owner.user);
      // The free plan's 10 members: the owner, the members added here, then the racing joiners.
      for (let i = 0; i < 9 - room; i++)
        await addMember(t.app.db, timeline, (await signedInUser(t.app)).user);
      const people = await Promise.all(Array.from({ length: count }, () => signedInUser(t.app)));
      const res = await rounds.run(() =>
        Promise.all(
          people.map((p) =>
            race.as('join', () => p.as.post('/api/timelines/join', { joinCode: timeline.joinCode })),
          ),
        ),
      );
      noServerErrors(res);
      const members = await t.app.db
        .select()
        .from(timelineMembers)
        .where(eq(timelineMembers.timelineId, timeline.id));
      expect(members).toHaveLength(10);
      expect(res.filter((r) => r.statusCode === 403).map((r) => r.json().message)).toEqual(
        Array(count - room).fill('Member limit reached'),
      );
      rounds.expectOverlap();
    },
  };
}
