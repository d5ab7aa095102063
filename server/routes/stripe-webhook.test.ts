// POST /api/stripe/webhook. Stripe's network is mocked by the local stand-in (server/test/stripe-standin.ts),
// the only mock here: events are signed with the SDK's generateTestHeaderString exactly as Stripe signs them,
// and the subscription they name is re-read from the stand-in, which plays Stripe's current state.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { billingEvents, subscriptions, users } from '../db/schema/index.ts';
import { buildTestApp, setupTestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import {
  postWebhook,
  STANDIN_PRICES,
  STANDIN_WEBHOOK_SECRET,
  setupStripeApp,
  stripeEventJson,
} from '../test/stripe-standin.ts';

const s = setupStripeApp();

const rowById = async (id: string) =>
  (await s.app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const planOf = async (userId: string) =>
  (await s.app.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)))[0]!.plan;
const eventRow = async (id: string) =>
  (await s.app.db.select().from(billingEvents).where(eq(billingEvents.id, id)))[0];

/** A user with an incomplete subscription made through the real create route. */
async function upgradingUser() {
  const who = await signedInUser(s.app);
  const res = await who.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await s.app.db.select().from(subscriptions).where(eq(subscriptions.userId, who.user.id));
  return { ...who, row: row!, externalId: row!.externalId! };
}

const invoiceEvent = (type: string, externalId: string, id?: string) =>
  stripeEventJson(
    type,
    {
      id: 'in_test',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: externalId } },
    },
    id,
  );

/** customer.subscription.* with the event's own (possibly stale) copy of the subscription. */
const subscriptionEvent = (
  type: string,
  externalId: string,
  snapshot: { status?: string } = {},
  id?: string,
) => {
  const sub = s.standin.subscriptions.get(externalId)!;
  return stripeEventJson(type, { ...s.standin.subscriptionJson(sub), ...snapshot }, id);
};

const retrieves = () => s.standin.requests.filter((r) => r.method === 'GET');

beforeEach(() => s.standin.reset());

describe('signature', () => {
  it('refuses a missing, wrong or tampered signature with 400, changing nothing', async () => {
    const { row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active' });
    const payload = invoiceEvent('invoice.paid', externalId, 'evt_sig_1');

    const none = await s.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect([none.statusCode, none.json()]).toEqual([400, { message: 'Missing Stripe-Signature header' }]);

    const wrong = await postWebhook(s.app, payload, { secret: 'whsec_not_ours' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^Webhook signature verification failed: /);

    // Signed, then the body changed on the way (a re-serialised body fails the same way).
    const signed = await postWebhook(s.app, payload, { signature: 'x' });
    expect(signed.statusCode).toBe(400);
    const tampered = await s.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': (await import('stripe')).default.webhooks.generateTestHeaderString({
          payload,
          secret: STANDIN_WEBHOOK_SECRET,
        }),
      },
      payload: JSON.stringify(JSON.parse(payload), null, 2),
    });
    expect(tampered.statusCode).toBe(400);

    expect(await eventRow('evt_sig_1')).toBeUndefined();
    expect((await rowById(row.id)).status).toBe('incomplete');
    expect(retrieves()).toEqual([]);
  });

  it('refuses a timestamp older than 300 s and accepts one within it', async () => {
    const { row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active' });
    const now = Math.floor(Date.now() / 1000);
    const stale = await postWebhook(s.app, invoiceEvent('invoice.paid', externalId, 'evt_old'), {
      timestamp: now - 301,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/tolerance/i);
    expect(await eventRow('evt_old')).toBeUndefined();

    const recent = await postWebhook(s.app, invoiceEvent('invoice.paid', externalId, 'evt_recent'), {
      timestamp: now - 200,
    });
    expect(recent.statusCode, recent.body).toBe(200);
    expect((await rowById(row.id)).status).toBe('active');
  });

  it('needs no session and passes the cross-site check (Stripe sends no Origin)', async () => {
    const res = await postWebhook(
      s.app,
      stripeEventJson('charge.succeeded', { id: 'ch_1', object: 'charge' }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('effects', () => {
  it('invoice.paid re-reads the subscription and activates the plan', async () => {
    const { user, row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active' });
    const res = await postWebhook(s.app, invoiceEvent('invoice.paid', externalId));
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    expect(retrieves().map((r) => r.path)).toEqual([`/v1/subscriptions/${externalId}`]);
    const after = await rowById(row.id);
    expect(after).toMatchObject({
      status: 'active',
      clientSecret: null,
      plan: 'pro',
      billingPeriod: 'monthly',
    });
    expect(after.currentPeriodEnd!.getTime() / 1000).toBe(
      s.standin.subscriptions.get(externalId)!.currentPeriodEnd,
    );
    expect(await planOf(user.id)).toBe('pro');
  });

  it('a duplicate event answers 200 and has its effect once', async () => {
    const { user, row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active' });
    const payload = invoiceEvent('invoice.paid', externalId, `evt_dup_${row.id}`);
    expect((await postWebhook(s.app, payload)).statusCode).toBe(200);
    expect(await eventRow(`evt_dup_${row.id}`)).toMatchObject({ type: 'invoice.paid' });

    // Stripe's state moves on; a redelivery of the old event must not apply anything (not even a re-read).
    s.standin.set(externalId, { status: 'past_due' });
    s.standin.reset();
    const again = await postWebhook(s.app, payload);
    expect([again.statusCode, again.json()]).toEqual([200, { received: true, ignored: true }]);
    expect(retrieves()).toEqual([]);
    expect((await rowById(row.id)).status).toBe('active');
    expect(await planOf(user.id)).toBe('pro');

    // Both deliveries at once: still one effect, one event row.
    const both = await Promise.all([
      postWebhook(s.app, invoiceEvent('invoice.paid', externalId, `evt_twin_${row.id}`)),
      postWebhook(s.app, invoiceEvent('invoice.paid', externalId, `evt_twin_${row.id}`)),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.filter((r) => r.json().ignored)).toHaveLength(1);
    expect(retrieves()).toHaveLength(1);
  });

  it('an old event arriving after a newer one leaves the newer state (the subscription is re-read)', async () => {
    const { user, row, externalId } = await upgradingUser();
    // Stripe sent "created (incomplete)" then "updated (active)"; they arrive in the other order.
    const oldEvent = subscriptionEvent('customer.subscription.created', externalId, { status: 'incomplete' });
    s.standin.set(externalId, { status: 'active' });
    const newEvent = subscriptionEvent('customer.subscription.updated', externalId);
    expect((await postWebhook(s.app, newEvent)).statusCode).toBe(200);
    expect((await rowById(row.id)).status).toBe('active');
    expect((await postWebhook(s.app, oldEvent)).statusCode).toBe(200);
    expect((await rowById(row.id)).status).toBe('active');
    expect(await planOf(user.id)).toBe('pro');
  });

  it('invoice.payment_failed on a renewal: past_due, the plan stays while Stripe retries', async () => {
    const { user, row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active' });
    await postWebhook(s.app, invoiceEvent('invoice.paid', externalId));
    s.standin.set(externalId, { status: 'past_due' });
    const res = await postWebhook(s.app, invoiceEvent('invoice.payment_failed', externalId));
    expect(res.statusCode).toBe(200);
    expect((await rowById(row.id)).status).toBe('past_due');
    expect(await planOf(user.id)).toBe('pro');
  });

  it('customer.subscription.deleted: the row ends and the user is back on free', async () => {
    const who = await upgradingUser();
    s.standin.set(who.externalId, { status: 'active' });
    await postWebhook(s.app, invoiceEvent('invoice.paid', who.externalId));
    s.standin.set(who.externalId, { status: 'canceled' });
    const res = await postWebhook(s.app, subscriptionEvent('customer.subscription.deleted', who.externalId));
    expect(res.statusCode).toBe(200);
    expect((await rowById(who.row.id)).status).toBe('canceled');
    expect(await planOf(who.user.id)).toBe('free');
    const status = (await who.as.get('/api/subscription/status')).json();
    expect(status.plan).toBe('free');
    expect(status.subscriptionStatus.status).toBeNull();
  });

  it('a renewal moves the period end; a price changed at Stripe changes the plan', async () => {
    const { user, row, externalId } = await upgradingUser();
    const later = Math.floor(Date.now() / 1000) + 400 * 86_400;
    s.standin.set(externalId, {
      status: 'active',
      currentPeriodEnd: later,
      price: STANDIN_PRICES.communityYearly,
    });
    await postWebhook(s.app, subscriptionEvent('customer.subscription.updated', externalId));
    const after = await rowById(row.id);
    expect(after).toMatchObject({ plan: 'community', billingPeriod: 'yearly', status: 'active' });
    expect(after.currentPeriodEnd!.getTime()).toBe(later * 1000);
    expect(await planOf(user.id)).toBe('community');
  });

  it('cancel_at_period_end set in Stripe (dashboard, portal) is mirrored', async () => {
    const { row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active', cancelAtPeriodEnd: true });
    await postWebhook(s.app, subscriptionEvent('customer.subscription.updated', externalId));
    expect(await rowById(row.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('a resume made in Stripe (cancel_at_period_end back to false) is mirrored (issue 25)', async () => {
    const { row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active', cancelAtPeriodEnd: true });
    await postWebhook(s.app, subscriptionEvent('customer.subscription.updated', externalId));
    expect(await rowById(row.id)).toMatchObject({ cancelAtPeriodEnd: true });
    s.standin.set(externalId, { cancelAtPeriodEnd: false });
    const res = await postWebhook(s.app, subscriptionEvent('customer.subscription.updated', externalId));
    expect(res.statusCode).toBe(200);
    expect(await rowById(row.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(await planOf(row.userId)).toBe('pro');
  });

  it('unknown event types are recorded and ignored with 200', async () => {
    const res = await postWebhook(
      s.app,
      stripeEventJson('payment_intent.created', { id: 'pi_1', object: 'payment_intent' }, 'evt_unknown'),
    );
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, ignored: true }]);
    expect(await eventRow('evt_unknown')).toMatchObject({ type: 'payment_intent.created' });
    expect(s.standin.requests).toEqual([]);
  });

  it('a subscription this server does not know is ignored with 200', async () => {
    const res = await postWebhook(s.app, invoiceEvent('invoice.paid', 'sub_unknown'));
    // Stripe answers 404 for it: nothing to re-read, nothing to apply, and no retry storm.
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, ignored: true }]);
    s.standin.subscriptions.set('sub_elsewhere', {
      ...[...s.standin.subscriptions.values()][0]!,
      id: 'sub_elsewhere',
      metadata: {},
    });
    const other = await postWebhook(s.app, invoiceEvent('invoice.paid', 'sub_elsewhere'));
    expect([other.statusCode, other.json()]).toEqual([200, { received: true }]);
  });

  it('links the row named in the metadata when the event beats the create to storing the id', async () => {
    const { user, row, externalId } = await upgradingUser();
    await s.app.db.update(subscriptions).set({ externalId: null }).where(eq(subscriptions.id, row.id));
    s.standin.set(externalId, { status: 'active' });
    await postWebhook(s.app, subscriptionEvent('customer.subscription.updated', externalId));
    expect(await rowById(row.id)).toMatchObject({ externalId, status: 'active' });
    expect(await planOf(user.id)).toBe('pro');
  });

  it('Stripe unreachable on the re-read: 502 and no event row, so the redelivery applies it', async () => {
    const { row, externalId } = await upgradingUser();
    s.standin.set(externalId, { status: 'active' });
    s.standin.failNext('GET /v1/subscriptions/*', 500, { type: 'api_error', message: 'Stripe is down' });
    const payload = invoiceEvent('invoice.paid', externalId, `evt_retry_${row.id}`);
    const failed = await postWebhook(s.app, payload);
    expect(failed.statusCode).toBe(502);
    expect(typeof failed.json().message).toBe('string');
    expect(await eventRow(`evt_retry_${row.id}`)).toBeUndefined();
    expect((await rowById(row.id)).status).toBe('incomplete');
    expect((await postWebhook(s.app, payload)).statusCode).toBe(200);
    expect((await rowById(row.id)).status).toBe('active');
  });

  it('junk bodies and content types never answer 500', async () => {
    for (const [type, body] of [
      ['application/json', '{'],
      ['application/json', ''],
      ['application/json', 'null'],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'a=b'],
    ] as const) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': type, 'stripe-signature': 't=1,v1=abc' },
        payload: body,
      });
      expect(res.statusCode, `${type} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${body}`).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('other providers', () => {
  const sandbox = setupTestApp({ BILLING_PROVIDER: 'sandbox' });

  it('answers 404 with sandbox and off', async () => {
    const off = await buildTestApp({ BILLING_PROVIDER: 'off' });
    try {
      for (const app of [sandbox.app, off.app]) {
        const res = await postWebhook(
          app,
          stripeEventJson('invoice.paid', { id: 'in_1', object: 'invoice' }),
        );
        expect([res.statusCode, res.json()]).toEqual([404, { message: 'Not found' }]);
      }
    } finally {
      await off.close();
    }
  });
});
