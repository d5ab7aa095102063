// Parallel upgrades through the sandbox provider (issue 13): creates and confirms fired at once still leave
// one live subscription row and activate once. Written once here and run twice: in full on PostgreSQL
// (subscription.pg.test.ts), where the requests really interleave and must show that they did
// (server/test/races.ts), and as a smoke of two at once on PGlite (subscription.test.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
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

  return {
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
