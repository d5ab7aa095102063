// One decision, one outcome (issue 27): dozens of approvals and rejections of the same join request fired
// together leave exactly one decision, exactly one request_outcome for the requester, and every manager's
// join_request read. Written once here, run in full on PostgreSQL (outcome-races.pg.test.ts), where the
// requests really interleave and must be shown to (server/test/races.ts), and as a smoke on PGlite
// (outcome-races.test.ts).
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { notifications, timelineJoinRequests } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function outcomeRaces(t: TestApp, race: RaceProbe) {
  return {
    async approveAndRejectAtOnce({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('approve', 'reject');
      for (let round = 0; round < count; round++) {
        const owner = await signedInUser(t.app);
        const moderator = await signedInUser(t.app);
        const timeline = await buildThreadline(t.app.db, owner.user, { joinApprovalRequired: true });
        await addMember(t.app.db, timeline, moderator.user, 'moderator');
        const rita = await signedInUser(t.app);
        expect(
          (await rita.as.post('/api/timelines/join', { joinCode: timeline.joinCode })).json().status,
        ).toBe('pending');
        const [request] = await t.app.db
          .select()
          .from(timelineJoinRequests)
          .where(eq(timelineJoinRequests.timelineId, timeline.id));
        const url = (d: string) => `/api/timelines/${timeline.id}/join-requests/${request!.id}/${d}`;
        const approves = (i: number) => i % 2 === round % 2;
        const answers: LightMyRequestResponse[] = await rounds.run(() =>
          Promise.all(
            Array.from({ length: calls }, (_, i) =>
              sleep(i / 2).then(() => {
                const by = i % 3 === 0 ? moderator : owner;
                return approves(i)
                  ? race.as('approve', () => by.as.post(url('approve'), {}))
                  : race.as('reject', () => by.as.post(url('reject'), {}));
              }),
            ),
          ),
        );
        expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
        const won = answers.flatMap((r, i) =>
          r.statusCode === 200 ? [approves(i) ? 'approved' : 'rejected'] : [],
        );
        expect(won).toHaveLength(1);
        for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.statusCode).toBe(409);

        const outcomes = await t.app.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, rita.user.id), eq(notifications.type, 'request_outcome')));
        expect(outcomes.map((n) => n.text)).toEqual([`Your request to join ${timeline.name} was ${won[0]}`]);
        const managers = await t.app.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.timelineId, timeline.id), eq(notifications.type, 'join_request')));
        expect(managers.map((n) => n.readAt !== null)).toEqual([true, true]);
      }
      rounds.expectOverlap();
    },
  };
}
