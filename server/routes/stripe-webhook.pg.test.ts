// POST /api/stripe/webhook with one event delivered several times at once, on PostgreSQL: one effect, one
// event row, every delivery answered 200 (the billing_events row is written in the effect's transaction),
// and the race must show that the deliveries were on the database at the same time (server/test/races.ts).
// The two-at-once smoke is in stripe-webhook.test.ts ("a duplicate event answers 200 and has its effect once").
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { billingEvents, subscriptions, users } from '../db/schema/index.ts';
import { signedInUser } from '../test/factories.ts';
import { raceProbe } from '../test/races.ts';
import { postWebhook, setupStripeApp, stripeEventJson } from '../test/stripe-standin.ts';

const s = setupStripeApp();
const race = raceProbe({
  get database() {
    return s.t.database;
  },
});

beforeEach(() => s.standin.reset());

describe('one event delivered several times at once', () => {
  it('has its effect once: one event row, one re-read, one delivery not ignored', async () => {
    const rounds = race.rounds('delivery');
    for (let round = 0; round < 3; round++) {
      const who = await signedInUser(s.app);
      const created = await who.as.post('/api/subscription/create', {
        plan: 'pro',
        billingPeriod: 'monthly',
      });
      expect(created.statusCode, created.body).toBe(200);
      const [row] = await s.app.db.select().from(subscriptions).where(eq(subscriptions.userId, who.user.id));
      const externalId = row!.externalId!;
      s.standin.set(externalId, { status: 'active' });
      s.standin.reset();
      const eventId = `evt_burst_${row!.id}`;
      const payload = stripeEventJson(
        'invoice.paid',
        {
          id: 'in_test',
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: externalId } },
        },
        eventId,
      );
      const answers = await rounds.run(() =>
        Promise.all(Array.from({ length: 6 }, () => race.as('delivery', () => postWebhook(s.app, payload)))),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(answers.filter((r) => !r.json().ignored)).toHaveLength(1);
      expect(s.standin.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
      expect(await s.app.db.select().from(billingEvents).where(eq(billingEvents.id, eventId))).toHaveLength(
        1,
      );
      const [user] = await s.app.db.select({ plan: users.plan }).from(users).where(eq(users.id, who.user.id));
      expect(user!.plan).toBe('pro');
    }
    rounds.expectOverlap();
  });
});
