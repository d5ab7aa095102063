// Parallel creates with BILLING_PROVIDER=stripe (issue 13): one customer, one Stripe subscription, one live
// row, whatever the interleaving. Written once here and run twice: in full on PostgreSQL
// (stripe.pg.test.ts), where the requests really interleave and must show that they did
// (server/test/races.ts), and as a smoke of two at once on PGlite (stripe.test.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { subscriptions } from '../db/schema/index.ts';
import { signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';
import type { setupStripeApp } from '../test/stripe-standin.ts';
import { LIVE_STATUSES } from './subscriptions.ts';

export function stripeRaces(s: ReturnType<typeof setupStripeApp>, race: RaceProbe) {
  const liveRowsOf = (userId: string) =>
    s.app.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));

  return {
    /** `calls` creates at once, Stripe answering slowly: one customer, one subscription, one live row. */
    async parallelCreates({ calls }: { calls: number }) {
      const rounds = race.rounds('create');
      const cy = await signedInUser(s.app);
      s.standin.delayMs = 40;
      const answers = await rounds.run(() =>
        Promise.all(
          Array.from({ length: calls }, () =>
            race.as('create', () =>
              cy.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' }),
            ),
          ),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(new Set(answers.map((r) => r.json().clientSecret)).size).toBe(1);
      const mine = [...s.standin.subscriptions.values()].filter(
        (sub) => sub.metadata.threadlineUserId === cy.user.id,
      );
      expect(mine).toHaveLength(1);
      expect(
        [...s.standin.customers.values()].filter((c) => c.metadata.threadlineUserId === cy.user.id),
      ).toHaveLength(1);
      expect(await liveRowsOf(cy.user.id)).toHaveLength(1);
      // Any second call that did reach Stripe carried the same key and got the same subscription back.
      const keys = new Set(
        s.standin
          .writes()
          .filter((r) => r.path === '/v1/subscriptions')
          .map((r) => r.idempotencyKey),
      );
      expect(keys.size).toBe(1);
      rounds.expectOverlap();
    },
  };
}
