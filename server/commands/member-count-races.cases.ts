// timelines.member_count under concurrency (issue 28): joins by code, approvals, leaves, removals and
// account deletions fired together on one threadline; afterwards the counter equals count(*) of its
// members, on every threadline they touched, and the dashboard list shows it. Written once, run in full on
// PostgreSQL (member-count-races.pg.test.ts) and as a one-round smoke on PGlite (member-count-races.test.ts).
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { timelineJoinRequests, timelineMembers, timelines } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser, TEST_PASSWORD } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Crowd {
  /** New people joining by code. */
  joins: number;
  /** People with a pending request, approved by the owner. */
  approvals: number;
  /** Members leaving. */
  leaves: number;
  /** Members removed and blocked by the owner. */
  removals: number;
  /** Members deleting their account (each also in a second threadline). */
  deletions: number;
}

export function memberCountRaces(t: TestApp, race: RaceProbe) {
  const people = (n: number) => Promise.all(Array.from({ length: n }, () => signedInUser(t.app)));

  /** member_count and count(*) of each threadline. */
  async function counts(ids: string[]) {
    return t.app.db
      .select({
        id: timelines.id,
        kept: timelines.memberCount,
        // Qualified by hand: drizzle writes a one-table select's columns bare, and a bare "id" is m's here.
        counted: sql<number>`(select count(*)::int from ${timelineMembers} m where m.timeline_id = "timelines"."id")`,
      })
      .from(timelines)
      .where(inArray(timelines.id, ids));
  }

  return {
    async crowd(crowd: Crowd, { rounds: count }: { rounds: number }) {
      const rounds = race.rounds('member');
      for (let round = 0; round < count; round++) {
        // The community plan: 150 members, so the limit never refuses anyone here.
        const owner = await signedInUser(t.app, { plan: 'community' });
        const timeline = await buildThreadline(t.app.db, owner.user);
        const other = await buildThreadline(t.app.db, owner.user);
        const [joiners, askers, leavers, removed, deleters] = await Promise.all([
          people(crowd.joins),
          people(crowd.approvals),
          people(crowd.leaves),
          people(crowd.removals),
          people(crowd.deletions),
        ]);
        for (const p of [...leavers, ...removed, ...deleters]) await addMember(t.app.db, timeline, p.user);
        for (const p of deleters) await addMember(t.app.db, other, p.user);
        const requests =
          askers.length === 0
            ? []
            : await t.app.db
                .insert(timelineJoinRequests)
                .values(askers.map((p) => ({ timelineId: timeline.id, userId: p.user.id })))
                .returning({ id: timelineJoinRequests.id });

        const base = `/api/timelines/${timeline.id}`;
        const calls: Array<() => Promise<LightMyRequestResponse>> = [
          ...joiners.map((p) => () => p.as.post('/api/timelines/join', { joinCode: timeline.joinCode })),
          ...requests.map((r) => () => owner.as.post(`${base}/join-requests/${r.id}/approve`, {})),
          ...leavers.map((p) => () => p.as.delete(`${base}/members/leave`)),
          ...removed.map((p) => () => owner.as.delete(`${base}/members/${p.user.id}`, {})),
          ...deleters.map(
            (p) => () => p.as.delete('/api/me', { confirmEmail: p.user.email, password: TEST_PASSWORD }),
          ),
        ];
        // Interleaved (join, leave, join, remove...) and about half a millisecond apart.
        const order = calls.map((_, i) => i).sort((a, b) => (a % 5) - (b % 5) || a - b);
        const answers = await rounds.run(() =>
          Promise.all(order.map((i, k) => sleep(k / 2).then(() => race.as('member', calls[i]!)))),
        );
        // 200, or 204 for a deleted account.
        expect(
          answers
            .filter((r) => r.statusCode !== 200 && r.statusCode !== 204)
            .map((r) => `${r.statusCode} ${r.body}`),
        ).toEqual([]);

        // The owner, the joiners and the approved are left.
        const expected = 1 + crowd.joins + crowd.approvals;
        expect(await counts([timeline.id, other.id])).toEqual(
          expect.arrayContaining([
            { id: timeline.id, kept: expected, counted: expected },
            { id: other.id, kept: 1, counted: 1 },
          ]),
        );
        const list = (await owner.as.get('/api/user/timelines')).json() as Array<{
          id: string;
          memberCount: number;
        }>;
        expect(list.find((l) => l.id === timeline.id)?.memberCount).toBe(expected);
        const [row] = await t.app.db
          .select({ n: timelines.memberCount })
          .from(timelines)
          .where(eq(timelines.id, other.id));
        expect(row?.n).toBe(1);
      }
      rounds.expectOverlap();
    },
  };
}
