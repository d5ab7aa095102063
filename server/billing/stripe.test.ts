// BILLING_PROVIDER=stripe through the real routes and the real Stripe SDK. Stripe's network is mocked by the
// local stand-in (server/test/stripe-standin.ts), the only mock in these tests: it records what the SDK sends
// (method, path, form body, Idempotency-Key) and answers like Stripe, idempotent replays included.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../db/schema/index.ts';
import { callerFor, expectActiveSubscription, signedInUser } from '../test/factories.ts';
import { smokeProbe } from '../test/races.ts';
import { postWebhook, STANDIN_PRICES, setupStripeApp, stripeEventJson } from '../test/stripe-standin.ts';
import {
  ALREADY_CANCELLING,
  ALREADY_ENDED,
  ALREADY_SUBSCRIBED,
  NOT_CANCELLING,
  NOTHING_TO_CANCEL,
  NOTHING_TO_RESUME,
  RESET_ACTIVE,
} from './sandbox.ts';
import { stripeRaces } from './stripe.cases.ts';
import { STRIPE_REFUSED } from './stripe-client.ts';
import { LIVE_STATUSES } from './subscriptions.ts';

const s = setupStripeApp();

const rowsOf = (userId: string) =>
  s.app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const liveRowsOf = (userId: string) =>
  s.app.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
const userRow = async (id: string) => (await s.app.db.select().from(users).where(eq(users.id, id)))[0]!;
const create = (as: ReturnType<typeof callerFor>, plan = 'pro', billingPeriod = 'monthly') =>
  as.post('/api/subscription/create', { plan, billingPeriod });

/** Plays Stripe: the first invoice is paid, the subscription is active, and Stripe tells us so. */
async function payAtStripe(externalId: string) {
  s.standin.set(externalId, { status: 'active' });
  const res = await postWebhook(
    s.app,
    stripeEventJson('invoice.paid', {
      id: 'in_paid',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: externalId } },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

beforeEach(() => {
  s.standin.reset();
  s.standin.delayMs = 0;
});

describe('POST /api/subscription/create with stripe', () => {
  it('visitors get 401 and nothing reaches Stripe', async () => {
    const res = await create(callerFor(s.app));
    expect(res.statusCode).toBe(401);
    expect(s.standin.requests).toEqual([]);
  });

  it('creates the customer once and a default_incomplete subscription on the configured price', async () => {
    const ada = await signedInUser(s.app, { email: 'ada@example.test' });
    const res = await create(ada.as, 'community', 'yearly');
    expect(res.statusCode, res.body).toBe(200);

    const [customer, subscription, ...more] = s.standin.writes();
    expect(more).toEqual([]);
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: `threadline-customer-${ada.user.id}`,
      form: { email: 'ada@example.test', 'metadata[threadlineUserId]': ada.user.id },
    });
    const [row] = await rowsOf(ada.user.id);
    const me = await userRow(ada.user.id);
    expect(subscription).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions',
      idempotencyKey: `threadline-subscription-${ada.user.id}-${row!.id}`,
      form: {
        customer: me.stripeCustomerId,
        'items[0][price]': STANDIN_PRICES.communityYearly,
        payment_behavior: 'default_incomplete',
        'payment_settings[save_default_payment_method]': 'on_subscription',
        'expand[0]': 'latest_invoice.confirmation_secret',
        'metadata[threadlineUserId]': ada.user.id,
        'metadata[threadlineSubscriptionId]': row!.id,
      },
    });

    const atStripe = s.standin.subscriptions.get(row!.externalId!)!;
    expect(res.json()).toEqual({ clientSecret: atStripe.clientSecret });
    expect(row).toMatchObject({
      provider: 'stripe',
      plan: 'community',
      billingPeriod: 'yearly',
      status: 'incomplete',
      clientSecret: atStripe.clientSecret,
      cancelAtPeriodEnd: false,
    });
    expect(me.plan).toBe('free');
    expect(me.stripeCustomerId).toMatch(/^cus_/);

    const status = await ada.as.get('/api/subscription/status');
    expect(status.json().subscriptionStatus).toMatchObject({
      status: 'incomplete',
      cancelAtPeriodEnd: false,
    });
  });

  it('a repeat for the same plan and period answers the stored secret without calling Stripe', async () => {
    const bo = await signedInUser(s.app);
    const first = await create(bo.as);
    s.standin.reset();
    const again = await create(bo.as);
    expect(again.json()).toEqual(first.json());
    expect(s.standin.requests).toEqual([]);
    expect(await rowsOf(bo.user.id)).toHaveLength(1);
  });

  // The full race (which must show that the creates interleaved) is in stripe.pg.test.ts.
  it('two creates at once make one customer, one Stripe subscription and one live row (smoke)', () =>
    stripeRaces(s, smokeProbe).parallelCreates({ calls: 2 }));

  it('another plan or period replaces the incomplete one, which is cancelled at Stripe', async () => {
    const di = await signedInUser(s.app);
    const first = await create(di.as, 'pro', 'monthly');
    const [old] = await rowsOf(di.user.id);
    s.standin.reset();
    const second = await create(di.as, 'pro', 'yearly');
    expect(second.statusCode).toBe(200);
    expect(second.json().clientSecret).not.toBe(first.json().clientSecret);
    expect(s.standin.writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /v1/subscriptions/${old!.externalId}`,
      'POST /v1/subscriptions',
    ]);
    // The customer is reused, not created again.
    expect(s.standin.subscriptions.get(old!.externalId!)!.status).toBe('canceled');
    const live = await liveRowsOf(di.user.id);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ plan: 'pro', billingPeriod: 'yearly', status: 'incomplete' });
    const ended = (await rowsOf(di.user.id)).find((r) => r.id === old!.id);
    expect(ended).toMatchObject({ status: 'incomplete_expired', clientSecret: null });
  });

  it("a declined card is a 402 with Stripe's words; the next try starts over with a new key", async () => {
    const ed = await signedInUser(s.app);
    s.standin.failNext('POST /v1/subscriptions', 402, {
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    const declined = await create(ed.as);
    expect([declined.statusCode, declined.json()]).toEqual([402, { message: 'Your card was declined.' }]);
    expect(await liveRowsOf(ed.user.id)).toEqual([]);
    expect((await userRow(ed.user.id)).plan).toBe('free');

    const retry = await create(ed.as);
    expect(retry.statusCode, retry.body).toBe(200);
    const keys = s.standin
      .writes()
      .filter((r) => r.path === '/v1/subscriptions')
      .map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a refused or failing Stripe call is a clear 502, never a 500', async () => {
    const fi = await signedInUser(s.app);
    s.standin.failNext('POST /v1/subscriptions', 400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such price: 'price_pro_month'",
    });
    const refused = await create(fi.as);
    // Stripe's own text (it names the price) is logged, not shown.
    expect([refused.statusCode, refused.json()]).toEqual([502, { message: STRIPE_REFUSED }]);
    expect(refused.body).not.toContain('price_pro_month');
    s.standin.failNext('POST /v1/subscriptions', 500, { type: 'api_error', message: 'Something went wrong' });
    const down = await create(fi.as);
    expect([down.statusCode, down.json()]).toEqual([
      502,
      { message: 'The payment provider could not be reached. Please try again.' },
    ]);
    expect(await liveRowsOf(fi.user.id)).toEqual([]);
  });

  it('answers 409 once a paid plan is active', async () => {
    const gu = await signedInUser(s.app);
    await create(gu.as);
    const [row] = await rowsOf(gu.user.id);
    await payAtStripe(row!.externalId!);
    expect((await userRow(gu.user.id)).plan).toBe('pro');
    s.standin.reset();
    const again = await create(gu.as, 'community', 'monthly');
    expect([again.statusCode, again.json()]).toEqual([409, { message: ALREADY_SUBSCRIBED }]);
    expect(s.standin.requests).toEqual([]);
  });
});

describe('POST /api/subscription/cancel with stripe', () => {
  it('sets cancel_at_period_end at Stripe and mirrors it; the plan stays until the period ends', async () => {
    const hal = await signedInUser(s.app);
    expect((await hal.as.post('/api/subscription/cancel')).json()).toEqual({ message: NOTHING_TO_CANCEL });
    await create(hal.as);
    const [row] = await rowsOf(hal.user.id);
    await payAtStripe(row!.externalId!);
    s.standin.reset();

    const res = await hal.as.post('/api/subscription/cancel');
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    const [update] = s.standin.writes();
    expect(update).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${row!.externalId}`,
      form: { cancel_at_period_end: 'true' },
    });
    expect(update!.idempotencyKey).toMatch(new RegExp(`^threadline-cancel-${row!.id}-`));
    const periodEnd = s.standin.subscriptions.get(row!.externalId!)!.currentPeriodEnd;
    await expectActiveSubscription(hal.as, {
      plan: 'pro',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd,
    });
    const again = await hal.as.post('/api/subscription/cancel');
    expect([again.statusCode, again.json()]).toEqual([409, { message: ALREADY_CANCELLING }]);
  });
});

describe('POST /api/subscription/resume with stripe (issue 25)', () => {
  it('cancel -> cancelling with its date -> resume sets cancel_at_period_end false at Stripe -> active again', async () => {
    const hal = await signedInUser(s.app);
    const none = await hal.as.post('/api/subscription/resume');
    expect([none.statusCode, none.json()]).toEqual([409, { message: NOTHING_TO_RESUME }]);
    await create(hal.as);
    const [row] = await rowsOf(hal.user.id);
    await payAtStripe(row!.externalId!);
    const notCancelling = await hal.as.post('/api/subscription/resume');
    expect([notCancelling.statusCode, notCancelling.json()]).toEqual([409, { message: NOT_CANCELLING }]);
    expect((await hal.as.post('/api/subscription/cancel')).statusCode).toBe(200);
    const periodEnd = s.standin.subscriptions.get(row!.externalId!)!.currentPeriodEnd;
    await expectActiveSubscription(hal.as, { cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
    s.standin.reset();

    const res = await hal.as.post('/api/subscription/resume');
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    expect(s.standin.writes()).toHaveLength(1);
    const [update] = s.standin.writes();
    expect(update).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${row!.externalId}`,
      form: { cancel_at_period_end: 'false' },
    });
    expect(update!.idempotencyKey).toMatch(new RegExp(`^threadline-resume-${row!.id}-`));
    expect(s.standin.subscriptions.get(row!.externalId!)!.cancelAtPeriodEnd).toBe(false);
    await expectActiveSubscription(hal.as, {
      plan: 'pro',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd,
    });
    const again = await hal.as.post('/api/subscription/resume');
    expect([again.statusCode, again.json()]).toEqual([409, { message: NOT_CANCELLING }]);
    // Cancel, resume, cancel: each change is a new call at Stripe (a new key), never a stale replay.
    expect((await hal.as.post('/api/subscription/cancel')).statusCode).toBe(200);
    expect(s.standin.subscriptions.get(row!.externalId!)!.cancelAtPeriodEnd).toBe(true);
    expect((await liveRowsOf(hal.user.id))[0]!.cancelAtPeriodEnd).toBe(true);
  });

  it('ended at Stripe before the resume got there: 409 that says so, and the row ends too', async () => {
    const ivy = await signedInUser(s.app);
    await create(ivy.as);
    const [row] = await rowsOf(ivy.user.id);
    await payAtStripe(row!.externalId!);
    expect((await ivy.as.post('/api/subscription/cancel')).statusCode).toBe(200);
    // Stripe ended it at the period's end; its webhook has not arrived yet.
    s.standin.set(row!.externalId!, { status: 'canceled' });
    const late = await ivy.as.post('/api/subscription/resume');
    expect([late.statusCode, late.json()]).toEqual([409, { message: ALREADY_ENDED }]);
    expect((await rowsOf(ivy.user.id)).map((r) => r.status)).toEqual(['canceled']);
    expect((await userRow(ivy.user.id)).plan).toBe('free');
  });

  it('Stripe failing on the resume is a clear 502 and the row stays cancelling', async () => {
    const jo = await signedInUser(s.app);
    await create(jo.as);
    const [row] = await rowsOf(jo.user.id);
    await payAtStripe(row!.externalId!);
    expect((await jo.as.post('/api/subscription/cancel')).statusCode).toBe(200);
    s.standin.failNext(`POST /v1/subscriptions/${row!.externalId}`, 500, {
      type: 'api_error',
      message: 'Something went wrong on our end',
    });
    const res = await jo.as.post('/api/subscription/resume');
    expect(res.statusCode).toBe(502);
    expect((await liveRowsOf(jo.user.id))[0]!.cancelAtPeriodEnd).toBe(true);
    // Tried again: it goes through.
    expect((await jo.as.post('/api/subscription/resume')).statusCode).toBe(200);
    expect((await liveRowsOf(jo.user.id))[0]!.cancelAtPeriodEnd).toBe(false);
  });

  it('a resume and a cancel at once leave the row as Stripe has it (smoke)', () =>
    stripeRaces(s, smokeProbe).resumeAndCancel({ calls: 2, rounds: 2 }));
});

describe('POST /api/subscription/reset with stripe', () => {
  it('cancels the incomplete subscription at Stripe and leaves the user on free', async () => {
    const ivy = await signedInUser(s.app);
    await create(ivy.as);
    const [row] = await rowsOf(ivy.user.id);
    s.standin.reset();
    const res = await ivy.as.post('/api/subscription/reset');
    expect([res.statusCode, res.json()]).toEqual([200, { success: true }]);
    expect(s.standin.writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /v1/subscriptions/${row!.externalId}`,
    ]);
    expect(s.standin.subscriptions.get(row!.externalId!)!.status).toBe('canceled');
    expect(await liveRowsOf(ivy.user.id)).toEqual([]);
    expect((await userRow(ivy.user.id)).plan).toBe('free');
    const status = (await ivy.as.get('/api/subscription/status')).json();
    expect(status.subscriptionStatus.status).toBeNull();
    // A repeat is harmless, and a new upgrade starts afresh with the same customer.
    expect((await ivy.as.post('/api/subscription/reset')).statusCode).toBe(200);
    s.standin.reset();
    expect((await create(ivy.as)).statusCode).toBe(200);
    expect(s.standin.writes().map((r) => r.path)).toEqual(['/v1/subscriptions']);
  });

  it('already cancelled at Stripe still resets; an active plan is refused', async () => {
    const jo = await signedInUser(s.app);
    await create(jo.as);
    const [row] = await rowsOf(jo.user.id);
    s.standin.set(row!.externalId!, { status: 'incomplete_expired' });
    expect((await jo.as.post('/api/subscription/reset')).statusCode).toBe(200);
    expect((await userRow(jo.user.id)).plan).toBe('free');

    await create(jo.as);
    const live = (await liveRowsOf(jo.user.id))[0]!;
    await payAtStripe(live.externalId!);
    const refused = await jo.as.post('/api/subscription/reset');
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: RESET_ACTIVE }]);
    expect((await userRow(jo.user.id)).plan).toBe('pro');

    // A plan granted by hand (no subscription) is not thrown away either.
    const kay = await signedInUser(s.app, { plan: 'community' });
    s.standin.reset();
    const byHand = await kay.as.post('/api/subscription/reset');
    expect([byHand.statusCode, byHand.json()]).toEqual([409, { message: RESET_ACTIVE }]);
    expect((await userRow(kay.user.id)).plan).toBe('community');
    expect(s.standin.requests).toEqual([]);
  });
});
