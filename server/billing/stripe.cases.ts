// Parallel creates with BILLING_PROVIDER=stripe (issue 13): one customer, one Stripe subscription, one live
// row, whatever the interleaving. Written once here and run twice: in full on PostgreSQL
// (stripe.pg.test.ts), where the requests really interleave and must show that they did
// (server/test/races.ts), and as a smoke of two at once on PGlite (stripe.test.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { subscriptions } from '../db/schema/index.ts';
import { signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';
import { postWebhook, type setupStripeApp, stripeEventJson } from '../test/stripe-standin.ts';
import { ALREADY_CANCELLING, NOT_CANCELLING } from './sandbox.ts';
import { LIVE_STATUSES } from './subscriptions.ts';

export function stripeRaces(s: ReturnType<typeof setupStripeApp>, race: RaceProbe) {
  const liveRowsOf = (userId: string) =>
    s.app.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));

  /** A user whose first invoice Stripe has paid (the stand-in set active, the webhook told us). */
  const paidUser = async () => {
    const who = await signedInUser(s.app);
    const res = await who.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await liveRowsOf(who.user.id);
    s.standin.set(row!.externalId!, { status: 'active' });
    const event = stripeEventJson('customer.subscription.updated', {
      ...s.standin.subscriptionJson(s.standin.subscriptions.get(row!.externalId!)!),
    });
    expect((await postWebhook(s.app, event)).statusCode).toBe(200);
    return { ...who, externalId: row!.externalId! };
  };

  return {
    /**
     * Resumes and cancels at once on a cancelling subscription, Stripe answering slowly, `rounds` times:
     * every answer is 200 or a 409 that says why, and after each round the row says what Stripe says
     * (cancelling or not), whatever order the answers came back in.
     */
    async resumeAndCancel({ calls, rounds: count }: { calls: number; rounds: number }) {
      const rounds = race.rounds('resume', 'cancel');
      const hal = await paidUser();
      s.standin.delayMs = 30;
      for (let round = 0; round < count; round++) {
        const [before] = await liveRowsOf(hal.user.id);
        if (!before!.cancelAtPeriodEnd) {
          expect((await hal.as.post('/api/subscription/cancel')).statusCode).toBe(200);
        }
        const kinds = Array.from({ length: calls }, (_, i) => (i % 2 ? 'cancel' : 'resume'));
        // Staggered by a few ms: a later call may start after an earlier one was stored, so both kinds pass
        // their checks and reach Stripe and the database at once (all at the same instant, only resumes would).
        const stagger = 15 + (round % 4) * 12;
        const answers = await rounds.run(() =>
          Promise.all(
            kinds.map((kind, i) =>
              race.as(kind, async () => {
                await new Promise((resolve) => setTimeout(resolve, i * stagger));
                return hal.as.post(`/api/subscription/${kind}`);
              }),
            ),
          ),
        );
        answers.forEach((r, i) => {
          if (r.statusCode === 200) return;
          expect(r.statusCode, r.body).toBe(409);
          expect(r.json().message).toBe(kinds[i] === 'resume' ? NOT_CANCELLING : ALREADY_CANCELLING);
        });
        expect(answers.some((r, i) => kinds[i] === 'resume' && r.statusCode === 200)).toBe(true);
        const live = await liveRowsOf(hal.user.id);
        expect(live.map((r) => [r.status, r.plan])).toEqual([['active', 'pro']]);
        expect(live[0]!.cancelAtPeriodEnd).toBe(
          s.standin.subscriptions.get(hal.externalId)!.cancelAtPeriodEnd,
        );
      }
      rounds.expectOverlap();
    },

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
