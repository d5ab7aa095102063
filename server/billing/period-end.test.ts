// The sandbox's period end (the hourly sweep) and the shared subscription writes W's Stripe provider uses.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../db/errors.ts';
import { subscriptions, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { buildUser } from '../test/factories.ts';
import { sweepPeriodEnds } from './period-end.ts';
import {
  addPeriod,
  applySubscriptionState,
  insertSubscription,
  liveSubscription,
  syncUserPlan,
} from './subscriptions.ts';

const t = setupTestApp({ BILLING_PROVIDER: 'sandbox' });
const HOUR = 60 * 60 * 1000;
const planOf = async (userId: string) =>
  (await t.app.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)))[0]!.plan;

async function activeUser(
  periodEnd: Date,
  cancelAtPeriodEnd: boolean,
  provider: 'sandbox' | 'stripe' = 'sandbox',
) {
  const user = await buildUser(t.app.db);
  await t.app.db.transaction(async (tx) => {
    await insertSubscription(tx, {
      userId: user.id,
      provider,
      plan: 'pro',
      billingPeriod: 'monthly',
      status: 'active',
      cancelAtPeriodEnd,
      currentPeriodEnd: periodEnd,
      externalId: provider === 'stripe' ? `sub_${user.id}` : null,
    });
    await syncUserPlan(tx, user.id);
  });
  return user;
}

describe('sweepPeriodEnds', () => {
  it('ends cancelled sandbox subscriptions whose period passed, renews the others, leaves the rest', async () => {
    const now = new Date(Date.now() + 1000 * HOUR);
    const ending = await activeUser(new Date(now.getTime() - HOUR), true);
    const renewing = await activeUser(new Date(now.getTime() - 40 * 24 * HOUR), false);
    const notYet = await activeUser(new Date(now.getTime() + HOUR), true);
    const stripe = await activeUser(new Date(now.getTime() - HOUR), true, 'stripe');
    expect(await planOf(ending.id)).toBe('pro');

    const result = await sweepPeriodEnds(t.app.db, now);
    expect(result.ended).toBeGreaterThanOrEqual(1);
    expect(result.renewed).toBeGreaterThanOrEqual(1);

    expect(await planOf(ending.id)).toBe('free');
    expect(await liveSubscription(t.app.db, ending.id)).toBeUndefined();
    const [ended] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, ending.id));
    expect(ended!.status).toBe('canceled');

    // Missed periods are skipped over: the new end is in the future, within one month of now.
    const renewed = await liveSubscription(t.app.db, renewing.id);
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(now.getTime());
    expect(renewed!.currentPeriodEnd!.getTime()).toBeLessThanOrEqual(now.getTime() + 31 * 24 * HOUR);
    expect(await planOf(renewing.id)).toBe('pro');

    expect(await planOf(notYet.id)).toBe('pro');
    // Stripe's subscriptions end by its webhook, never by the sweep.
    expect(await planOf(stripe.id)).toBe('pro');
    expect((await liveSubscription(t.app.db, stripe.id))!.status).toBe('active');

    expect(await sweepPeriodEnds(t.app.db, now)).toEqual({ ended: 0, renewed: 0 });
  });
});

describe('the shared writes', () => {
  it('addPeriod adds a calendar month or year, clamped to the month end', () => {
    expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-03-15T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-04-15T00:00:00.000Z',
    );
    expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-12-31T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-31T00:00:00.000Z',
    );
  });

  it('applySubscriptionState inserts, updates by external id and keeps users.plan in step', async () => {
    const user = await buildUser(t.app.db);
    const base = {
      externalId: `sub_${user.id}`,
      userId: user.id,
      plan: 'community' as const,
      billingPeriod: 'yearly' as const,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    };
    const apply = (state: Partial<Parameters<typeof applySubscriptionState>[1]>) =>
      t.app.db.transaction((tx) => applySubscriptionState(tx, { ...base, status: 'incomplete', ...state }));
    const created = await apply({ clientSecret: 'pi_secret' });
    expect(created).toMatchObject({ provider: 'stripe', status: 'incomplete', clientSecret: 'pi_secret' });
    expect(await planOf(user.id)).toBe('free');

    const end = new Date(Date.now() + 365 * 24 * HOUR);
    const active = await apply({ status: 'active', currentPeriodEnd: end });
    expect(active).toMatchObject({ id: created!.id, status: 'active', clientSecret: null });
    expect(await planOf(user.id)).toBe('community');
    // past_due keeps the plan while Stripe retries; unpaid and canceled do not.
    await apply({ status: 'past_due' });
    expect(await planOf(user.id)).toBe('community');
    await apply({ status: 'unpaid' });
    expect(await planOf(user.id)).toBe('free');
    await apply({ status: 'canceled' });
    expect(await planOf(user.id)).toBe('free');
    expect(await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(
      1,
    );

    // Unknown external id and no user: nothing to do.
    expect(
      await t.app.db.transaction((tx) =>
        applySubscriptionState(tx, {
          ...base,
          externalId: 'sub_unknown',
          userId: undefined,
          status: 'active',
        }),
      ),
    ).toBeNull();
  });

  it('a second live row for a user is refused by the unique index', async () => {
    const user = await activeUser(new Date(Date.now() + HOUR), false);
    const second = t.app.db.transaction((tx) =>
      insertSubscription(tx, {
        userId: user.id,
        provider: 'sandbox',
        plan: 'pro',
        billingPeriod: 'monthly',
        status: 'incomplete',
      }),
    );
    const err = await second.catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'subscriptions_user_live_unique')).toBe(true);
  });
});
