// Parallel upgrades through the sandbox provider (issue 13): creates and confirms fired at once still leave
// one live subscription row and activate once. Written once here and run twice: in full on PostgreSQL
// (subscription.pg.test.ts), where the requests really interleave and must show that they did
// (server/test/races.ts), and as a smoke of two at once on PGlite (subscription.test.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { ALREADY_CANCELLING, ALREADY_ENDED, NOT_CANCELLING, NOTHING_TO_RESUME } from '../billing/sandbox.ts';
import { LIVE_STATUSES } from '../billing/subscriptions.ts';
import { subscriptions } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

/** The app must run with BILLING_PROVIDER=sandbox. */
export function upgradeRaces(t: TestApp, race: RaceProbe) {
  const rowsOf = (userId: string) =>
    t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const liveRowsOf = (userId: string) =>
    t.app.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  const times = <T>(n: number, make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => race.as('upgrade', () => make(i))));

  /** A user on pro monthly, paid through the sandbox. */
  const paidUser = async () => {
    const who = await signedInUser(t.app);
    const { clientSecret } = (
      await who.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })
    ).json();
    expect((await who.as.post('/api/subscription/sandbox/confirm', { clientSecret })).statusCode).toBe(200);
    return who;
  };

  return {
    /**
     * Resumes and cancels fired at once on a cancelling subscription, `rounds` times: every answer is 200 or
     * a 409 that says why, and the successes alternate (resume, cancel, resume...), so the row ends cancelling
     * exactly when as many cancels as resumes went through. One live row, the plan kept, throughout.
     */
    async resumeAndCancel({ calls, rounds: count }: { calls: number; rounds: number }) {
      const rounds = race.rounds('resume', 'cancel');
      const ada = await paidUser();
      for (let round = 0; round < count; round++) {
        const [before] = await liveRowsOf(ada.user.id);
        if (!before!.cancelAtPeriodEnd) await ada.as.post('/api/subscription/cancel');
        const kinds = Array.from({ length: calls }, (_, i) => (i % 2 ? 'cancel' : 'resume'));
        const answers = await rounds.run(() =>
          Promise.all(kinds.map((kind) => race.as(kind, () => ada.as.post(`/api/subscription/${kind}`)))),
        );
        const ok = (kind: string) =>
          answers.filter((r, i) => kinds[i] === kind && r.statusCode === 200).length;
        answers.forEach((r, i) => {
          if (r.statusCode === 200) return;
          expect(r.statusCode, r.body).toBe(409);
          expect(r.json().message).toBe(kinds[i] === 'resume' ? NOT_CANCELLING : ALREADY_CANCELLING);
        });
        const live = await liveRowsOf(ada.user.id);
        expect(live.map((r) => [r.status, r.plan])).toEqual([['active', 'pro']]);
        expect(ok('resume')).toBeGreaterThanOrEqual(1);
        expect(ok('resume') - ok('cancel')).toBe(live[0]!.cancelAtPeriodEnd ? 0 : 1);
      }
      rounds.expectOverlap();
    },

    /**
     * A resume racing the period's end (the sandbox's test clock): either the resume is first and the
     * period renews, or the end is first and the resume is refused; never a resumed row that ended.
     */
    async resumeAtPeriodEnd({ rounds: count }: { rounds: number }) {
      const rounds = race.rounds('resume', 'end');
      for (let round = 0; round < count; round++) {
        const ada = await paidUser();
        await ada.as.post('/api/subscription/cancel');
        const [resumed, ended] = await rounds.run(() =>
          Promise.all([
            race.as('resume', () => ada.as.post('/api/subscription/resume')),
            race.as('end', () => ada.as.post('/api/subscription/sandbox/advance')),
          ]),
        );
        expect(ended!.statusCode, ended!.body).toBe(200);
        const live = await liveRowsOf(ada.user.id);
        if (resumed!.statusCode === 200) {
          expect(live.map((r) => [r.status, r.cancelAtPeriodEnd])).toEqual([['active', false]]);
          expect(ended!.json().plan).toBe('pro');
        } else {
          expect(resumed!.statusCode).toBe(409);
          expect([NOTHING_TO_RESUME, ALREADY_ENDED]).toContain(resumed!.json().message);
          expect(live).toEqual([]);
          expect(ended!.json().plan).toBe('free');
        }
      }
      rounds.expectOverlap();
    },

    /** `calls` creates of one plan at once: one live row, and all answer the same secret. */
    async samePlan({ calls }: { calls: number }) {
      const rounds = race.rounds('upgrade');
      const ada = await signedInUser(t.app);
      const answers = await rounds.run(() =>
        times(calls, () => ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'yearly' })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((r) => r.json().clientSecret)).size).toBe(1);
      expect(await rowsOf(ada.user.id)).toHaveLength(1);
      rounds.expectOverlap();
    },

    /** `calls` creates of two plans at once: still exactly one live row. */
    async mixedPlans({ calls }: { calls: number }) {
      const rounds = race.rounds('upgrade');
      const ada = await signedInUser(t.app);
      const answers = await rounds.run(() =>
        times(calls, (i) =>
          ada.as.post('/api/subscription/create', {
            plan: i % 2 ? 'pro' : 'community',
            billingPeriod: 'monthly',
          }),
        ),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      expect(await liveRowsOf(ada.user.id)).toHaveLength(1);
      rounds.expectOverlap();
    },

    /** `calls` confirms of one secret at once: one activates, the others are 404. */
    async confirms({ calls }: { calls: number }) {
      const rounds = race.rounds('upgrade');
      const ada = await signedInUser(t.app);
      const { clientSecret } = (
        await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })
      ).json();
      const answers = await rounds.run(() =>
        times(calls, () => ada.as.post('/api/subscription/sandbox/confirm', { clientSecret })),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(calls - 1);
      expect((await liveRowsOf(ada.user.id)).map((r) => r.status)).toEqual(['active']);
      rounds.expectOverlap();
    },
  };
}
