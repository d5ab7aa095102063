// Plans and billing through the sandbox provider (issue 13): every route signed out, the whole lifecycle
// from free to a paid plan and back, the refusals, parallel upgrades, and the other providers' 404s.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DECLINE_MESSAGE } from '../../common/schemas/billing.ts';
import {
  ALREADY_CANCELLING,
  ALREADY_ENDED,
  ALREADY_SUBSCRIBED,
  NOT_CANCELLING,
  NOTHING_TO_CANCEL,
  NOTHING_TO_RESUME,
  PAYMENT_NOT_FOUND,
  RESET_ACTIVE,
} from '../billing/sandbox.ts';
import { LIVE_STATUSES } from '../billing/subscriptions.ts';
import { subscriptions, timelineMembers, timelines, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildThreadline,
  buildUser,
  type Caller,
  callerFor,
  expectActiveSubscription,
  signedInUser,
} from '../test/factories.ts';
import { smokeProbe } from '../test/races.ts';
import { upgradeRaces } from './subscription.cases.ts';

// The races fire dozens of one user's billing calls at once: the per-user write limit (tested in
// write-limits.cases.ts) is raised out of their way.
const t = setupTestApp({ BILLING_PROVIDER: 'sandbox', WRITE_LIMIT_FACTOR: '20' });
const DAY = 24 * 60 * 60;

const rowsOf = (userId: string) =>
  t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const liveRowsOf = (userId: string) =>
  t.app.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
const planOf = async (userId: string) =>
  (await t.app.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)))[0]!.plan;

async function upgrade(as: Caller, plan: 'pro' | 'community', billingPeriod: 'monthly' | 'yearly') {
  const created = await as.post('/api/subscription/create', { plan, billingPeriod });
  expect(created.statusCode).toBe(200);
  const confirmed = await as.post('/api/subscription/sandbox/confirm', {
    clientSecret: created.json().clientSecret,
    outcome: 'succeed',
  });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json();
}

/** A user on Pro who cancelled, whose period ended a second ago (the sweep has not run). */
async function cancelledAndPassed() {
  const ada = await signedInUser(t.app);
  await upgrade(ada.as, 'pro', 'monthly');
  await ada.as.post('/api/subscription/cancel');
  await t.app.db
    .update(subscriptions)
    .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.userId, ada.user.id));
  return ada;
}

describe('signed out', () => {
  it('every subscription route answers 401', async () => {
    const visitor = callerFor(t.app);
    const calls = [
      visitor.get('/api/subscription/status'),
      visitor.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' }),
      visitor.post('/api/subscription/cancel'),
      visitor.post('/api/subscription/resume'),
      visitor.post('/api/subscription/reset'),
      visitor.post('/api/subscription/sandbox/confirm', { clientSecret: 'x', outcome: 'succeed' }),
      visitor.post('/api/subscription/sandbox/advance'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});

describe('the sandbox lifecycle', () => {
  it('free -> pro yearly -> limits raised -> cancel -> period end -> free, what exists stays', async () => {
    const ada = await signedInUser(t.app);
    const before = (await ada.as.get('/api/subscription/status')).json();
    expect(before).toEqual({
      plan: 'free',
      limits: { maxTimelines: 10, maxMembersPerTimeline: 10, storageGB: 1 },
      usage: { timelines: 0, storageUsed: 0 },
      subscriptionStatus: { status: null, cancelAtPeriodEnd: false, currentPeriodEnd: null },
    });
    for (let i = 0; i < 10; i++) await buildThreadline(t.app.db, ada.user);
    expect((await ada.as.post('/api/timelines', { name: 'Eleventh' })).statusCode).toBe(403);

    // Create: an incomplete subscription, the plan still free.
    const created = await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'yearly' });
    expect(created.statusCode).toBe(200);
    const { clientSecret } = created.json();
    expect(clientSecret).toMatch(/^sandbox_seti_[\w-]{20,}_secret_[\w-]{20,}$/);
    const incomplete = (await ada.as.get('/api/subscription/status')).json();
    expect(incomplete.plan).toBe('free');
    expect(incomplete.subscriptionStatus).toEqual({
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    });

    // Confirm: active for a year from now.
    const now = Math.floor(Date.now() / 1000);
    const paid = await ada.as.post('/api/subscription/sandbox/confirm', { clientSecret, outcome: 'succeed' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      plan: 'pro',
      limits: { maxTimelines: 100, maxMembersPerTimeline: 50, storageGB: 25 },
      usage: { timelines: 10 },
      subscriptionStatus: { status: 'active', cancelAtPeriodEnd: false },
    });
    const end = paid.json().subscriptionStatus.currentPeriodEnd;
    expect(end).toBeGreaterThanOrEqual(now + 365 * DAY - 5);
    expect(end).toBeLessThanOrEqual(now + 366 * DAY + 5);
    expect((await ada.as.get('/api/subscription/status')).json()).toEqual(paid.json());
    // The secret was for one payment only.
    expect((await rowsOf(ada.user.id))[0]!.clientSecret).toBeNull();

    // Limits raised: the 11th and 12th threadlines.
    expect((await ada.as.post('/api/timelines', { name: 'Eleventh' })).statusCode).toBe(201);
    expect((await ada.as.post('/api/timelines', { name: 'Twelfth' })).statusCode).toBe(201);

    // Cancel at period end: the plan stays until then.
    const cancel = await ada.as.post('/api/subscription/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ success: true });
    await expectActiveSubscription(ada.as, { plan: 'pro', cancelAtPeriodEnd: true, currentPeriodEnd: end });
    const again = await ada.as.post('/api/subscription/cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_CANCELLING });

    // The test clock: the period ends now, the subscription ends, back to free.
    const advanced = await ada.as.post('/api/subscription/sandbox/advance');
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json()).toEqual({
      plan: 'free',
      limits: { maxTimelines: 10, maxMembersPerTimeline: 10, storageGB: 1 },
      usage: { timelines: 12, storageUsed: 0 },
      subscriptionStatus: { status: null, cancelAtPeriodEnd: false, currentPeriodEnd: null },
    });
    expect((await rowsOf(ada.user.id)).map((r) => r.status)).toEqual(['canceled']);
    expect(await planOf(ada.user.id)).toBe('free');

    // What exists stays; creating past the free limit is refused.
    const owned = await t.app.db.select().from(timelines).where(eq(timelines.ownerId, ada.user.id));
    expect(owned).toHaveLength(12);
    const refused = await ada.as.post('/api/timelines', { name: 'Thirteenth' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Timeline limit reached',
      planUpgradeRequired: true,
      limit: 10,
    });
    // Cancelling again has nothing to cancel; a new upgrade works.
    expect((await ada.as.post('/api/subscription/cancel')).json()).toEqual({ message: NOTHING_TO_CANCEL });
    expect((await upgrade(ada.as, 'community', 'monthly')).plan).toBe('community');
  });

  it('after a downgrade the members stay and joins past the free limit are refused', async () => {
    const owner = await signedInUser(t.app);
    await upgrade(owner.as, 'pro', 'monthly');
    const timeline = await buildThreadline(t.app.db, owner.user);
    // 11 members with the owner: past the free plan's 10.
    for (let i = 0; i < 10; i++) await addMember(t.app.db, timeline, await buildUser(t.app.db));
    const bob = await signedInUser(t.app);
    expect((await bob.as.post('/api/timelines/join', { joinCode: timeline.joinCode })).json().status).toBe(
      'joined',
    );

    await owner.as.post('/api/subscription/cancel');
    expect((await owner.as.post('/api/subscription/sandbox/advance')).json().plan).toBe('free');
    // Nobody is removed: the owner and 11 others stay.
    const members = await t.app.db
      .select()
      .from(timelineMembers)
      .where(eq(timelineMembers.timelineId, timeline.id));
    expect(members).toHaveLength(12);
    expect((await bob.as.get(`/api/timelines/${timeline.id}`)).statusCode).toBe(200);
    const carol = await signedInUser(t.app);
    const refused = await carol.as.post('/api/timelines/join', { joinCode: timeline.joinCode });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Member limit reached', planUpgradeRequired: true, limit: 10 });
  });

  it('advance renews an active subscription for one more period', async () => {
    const ada = await signedInUser(t.app);
    await upgrade(ada.as, 'pro', 'monthly');
    const now = Math.floor(Date.now() / 1000);
    const renewed = await ada.as.post('/api/subscription/sandbox/advance');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({
      plan: 'pro',
      subscriptionStatus: { status: 'active', cancelAtPeriodEnd: false },
    });
    const end = renewed.json().subscriptionStatus.currentPeriodEnd;
    expect(end).toBeGreaterThanOrEqual(now + 28 * DAY - 5);
    expect(end).toBeLessThanOrEqual(now + 31 * DAY + 5);
    expect(await liveRowsOf(ada.user.id)).toHaveLength(1);
  });

  it('a period that passed ends on the next status read, without waiting for the sweep', async () => {
    const ada = await cancelledAndPassed();
    expect((await ada.as.get('/api/subscription/status')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: { status: null },
    });
    expect(await planOf(ada.user.id)).toBe('free');
  });
});

describe('refusals and repeats', () => {
  it('a repeat of the same plan and period answers the same secret; another plan replaces it', async () => {
    const ada = await signedInUser(t.app);
    const first = (
      await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })
    ).json();
    const repeat = (
      await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })
    ).json();
    expect(repeat.clientSecret).toBe(first.clientSecret);
    const other = (
      await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'yearly' })
    ).json();
    expect(other.clientSecret).not.toBe(first.clientSecret);
    const rows = await rowsOf(ada.user.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['incomplete', 'incomplete_expired']);
    // The replaced secret can no longer be paid.
    const stale = await ada.as.post('/api/subscription/sandbox/confirm', {
      clientSecret: first.clientSecret,
    });
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ message: PAYMENT_NOT_FOUND });
    const paid = await ada.as.post('/api/subscription/sandbox/confirm', { clientSecret: other.clientSecret });
    expect(paid.json()).toMatchObject({ plan: 'pro', subscriptionStatus: { status: 'active' } });
    // Paid: the same secret cannot be used twice.
    expect(
      (await ada.as.post('/api/subscription/sandbox/confirm', { clientSecret: other.clientSecret }))
        .statusCode,
    ).toBe(404);
  });

  it('create while a paid plan is active is 409, for the same or another plan', async () => {
    const ada = await signedInUser(t.app);
    await upgrade(ada.as, 'pro', 'yearly');
    for (const plan of ['pro', 'community']) {
      const res = await ada.as.post('/api/subscription/create', { plan, billingPeriod: 'yearly' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: ALREADY_SUBSCRIBED });
    }
    // Still 409 while cancelling: the plan is in force until the period ends.
    await ada.as.post('/api/subscription/cancel');
    expect(
      (await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })).statusCode,
    ).toBe(409);
    // Reset does not throw a paid plan away.
    const reset = await ada.as.post('/api/subscription/reset');
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual({ message: RESET_ACTIVE });
    expect(await planOf(ada.user.id)).toBe('pro');
  });

  it('a plan granted by hand (no subscription) counts as active', async () => {
    const ada = await signedInUser(t.app, { plan: 'community' });
    await expectActiveSubscription(ada.as, { cancelAtPeriodEnd: false, currentPeriodEnd: null });
    expect(
      (await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })).statusCode,
    ).toBe(409);
    // Reset does not take it away either.
    expect((await ada.as.post('/api/subscription/reset')).statusCode).toBe(409);
    expect(await planOf(ada.user.id)).toBe('community');
  });

  it('cancel without a paid plan is 409, also while only incomplete', async () => {
    const ada = await signedInUser(t.app);
    expect((await ada.as.post('/api/subscription/cancel')).statusCode).toBe(409);
    await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' });
    const res = await ada.as.post('/api/subscription/cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: NOTHING_TO_CANCEL });
    expect((await ada.as.post('/api/subscription/sandbox/advance')).statusCode).toBe(409);
  });

  it('incomplete -> reset: abandoned, free, and its secret dead; a repeat reset is fine', async () => {
    const ada = await signedInUser(t.app);
    const { clientSecret } = (
      await ada.as.post('/api/subscription/create', { plan: 'community', billingPeriod: 'yearly' })
    ).json();
    const reset = await ada.as.post('/api/subscription/reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    expect((await rowsOf(ada.user.id)).map((r) => [r.status, r.clientSecret])).toEqual([
      ['incomplete_expired', null],
    ]);
    expect((await ada.as.get('/api/subscription/status')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: { status: null },
    });
    expect((await ada.as.post('/api/subscription/sandbox/confirm', { clientSecret })).statusCode).toBe(404);
    expect((await ada.as.post('/api/subscription/reset')).statusCode).toBe(200);
  });

  it('a declined payment answers 402 with the card message and leaves it incomplete, payable again', async () => {
    const ada = await signedInUser(t.app);
    const { clientSecret } = (
      await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })
    ).json();
    const declined = await ada.as.post('/api/subscription/sandbox/confirm', {
      clientSecret,
      outcome: 'decline',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: SANDBOX_DECLINE_MESSAGE });
    expect((await ada.as.get('/api/subscription/status')).json()).toMatchObject({
      plan: 'free',
      subscriptionStatus: { status: 'incomplete' },
    });
    const paid = await ada.as.post('/api/subscription/sandbox/confirm', { clientSecret, outcome: 'succeed' });
    expect(paid.json().plan).toBe('pro');
  });

  it("another user's secret or an unknown one is 404 and changes nothing", async () => {
    const ada = await signedInUser(t.app);
    const eve = await signedInUser(t.app);
    const { clientSecret } = (
      await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' })
    ).json();
    for (const secret of [clientSecret, 'sandbox_seti_guess_secret_guess']) {
      const res = await eve.as.post('/api/subscription/sandbox/confirm', { clientSecret: secret });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: PAYMENT_NOT_FOUND });
    }
    expect(await planOf(eve.user.id)).toBe('free');
    expect((await liveRowsOf(ada.user.id))[0]!.status).toBe('incomplete');
  });

  it('bad bodies are 400', async () => {
    const ada = await signedInUser(t.app);
    for (const body of [
      { plan: 'free', billingPeriod: 'monthly' },
      { plan: 'pro' },
      { plan: 'pro', billingPeriod: 'weekly' },
    ]) {
      expect((await ada.as.post('/api/subscription/create', body)).statusCode).toBe(400);
    }
    expect(
      (await ada.as.post('/api/subscription/sandbox/confirm', { clientSecret: 'x', outcome: 'maybe' }))
        .statusCode,
    ).toBe(400);
    expect((await ada.as.post('/api/subscription/sandbox/confirm', {})).statusCode).toBe(400);
  });
});

describe('resume after a cancel (issue 25)', () => {
  it('cancel -> cancelling with its date -> resume -> active and renewing again; cancel works once more', async () => {
    const ada = await signedInUser(t.app);
    const paid = await upgrade(ada.as, 'pro', 'monthly');
    const end = paid.subscriptionStatus.currentPeriodEnd;
    expect(typeof end).toBe('number');
    await ada.as.post('/api/subscription/cancel');
    await expectActiveSubscription(ada.as, { cancelAtPeriodEnd: true, currentPeriodEnd: end });

    const resumed = await ada.as.post('/api/subscription/resume');
    expect([resumed.statusCode, resumed.json()]).toEqual([200, { success: true }]);
    await expectActiveSubscription(ada.as, { plan: 'pro', cancelAtPeriodEnd: false, currentPeriodEnd: end });
    // A repeat has nothing left to resume.
    const again = await ada.as.post('/api/subscription/resume');
    expect([again.statusCode, again.json()]).toEqual([409, { message: NOT_CANCELLING }]);
    // Resumed, the period's end renews it instead of ending it.
    const renewed = (await ada.as.post('/api/subscription/sandbox/advance')).json();
    expect(renewed.plan).toBe('pro');
    expect(renewed.subscriptionStatus.currentPeriodEnd).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect((await ada.as.post('/api/subscription/cancel')).statusCode).toBe(200);
    expect((await ada.as.get('/api/subscription/status')).json().subscriptionStatus.cancelAtPeriodEnd).toBe(
      true,
    );
    expect(await liveRowsOf(ada.user.id)).toHaveLength(1);
  });

  it('resume without a cancel, without a paid subscription, or while only incomplete is 409', async () => {
    const ada = await signedInUser(t.app);
    const none = await ada.as.post('/api/subscription/resume');
    expect([none.statusCode, none.json()]).toEqual([409, { message: NOTHING_TO_RESUME }]);
    await ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' });
    const incomplete = await ada.as.post('/api/subscription/resume');
    expect([incomplete.statusCode, incomplete.json()]).toEqual([409, { message: NOTHING_TO_RESUME }]);

    const bob = await signedInUser(t.app);
    await upgrade(bob.as, 'community', 'yearly');
    const active = await bob.as.post('/api/subscription/resume');
    expect([active.statusCode, active.json()]).toEqual([409, { message: NOT_CANCELLING }]);
    // A plan granted by hand has no subscription to resume.
    const cy = await signedInUser(t.app, { plan: 'pro' });
    expect((await cy.as.post('/api/subscription/resume')).json()).toEqual({ message: NOTHING_TO_RESUME });
    expect(await planOf(cy.user.id)).toBe('pro');
  });

  it("one user's resume never touches another's cancelled subscription", async () => {
    const ada = await signedInUser(t.app);
    await upgrade(ada.as, 'pro', 'monthly');
    await ada.as.post('/api/subscription/cancel');
    const eve = await signedInUser(t.app);
    expect((await eve.as.post('/api/subscription/resume')).statusCode).toBe(409);
    expect((await liveRowsOf(ada.user.id))[0]!.cancelAtPeriodEnd).toBe(true);
  });

  it('a period that passed before the resume arrived ends, and the resume says so', async () => {
    const ada = await cancelledAndPassed();
    const late = await ada.as.post('/api/subscription/resume');
    expect([late.statusCode, late.json()]).toEqual([409, { message: ALREADY_ENDED }]);
    expect((await rowsOf(ada.user.id)).map((r) => r.status)).toEqual(['canceled']);
    expect(await planOf(ada.user.id)).toBe('free');
    expect((await ada.as.post('/api/subscription/resume')).json()).toEqual({ message: NOTHING_TO_RESUME });
  });
});

describe('parallel resumes and cancels (smoke; the full races are in subscription.pg.test.ts)', () => {
  const races = upgradeRaces(t, smokeProbe);
  it('a resume and a cancel at once alternate', () => races.resumeAndCancel({ calls: 2, rounds: 2 }));
  it('a resume and the period end at once: renewed or ended', () => races.resumeAtPeriodEnd({ rounds: 1 }));
});

describe('parallel upgrades (smoke: two at once; the full races are in subscription.pg.test.ts)', () => {
  const races = upgradeRaces(t, smokeProbe);
  it('two creates at once: one live row, one secret', () => races.samePlan({ calls: 2 }));
  it('two creates of different plans at once: one live row', () => races.mixedPlans({ calls: 2 }));
  it('two confirms of one secret at once: activated once', () => races.confirms({ calls: 2 }));
});

describe('BILLING_PROVIDER=off', () => {
  const off = setupTestApp({ BILLING_PROVIDER: 'off' });
  it('every subscription route is 404 (after sign-in)', async () => {
    const ada = await signedInUser(off.app);
    const calls = [
      ada.as.get('/api/subscription/status'),
      ada.as.post('/api/subscription/create', { plan: 'pro', billingPeriod: 'monthly' }),
      ada.as.post('/api/subscription/cancel'),
      ada.as.post('/api/subscription/resume'),
      ada.as.post('/api/subscription/reset'),
      ada.as.post('/api/subscription/sandbox/confirm', { clientSecret: 'x', outcome: 'succeed' }),
      ada.as.post('/api/subscription/sandbox/advance'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await off.app.db.select().from(subscriptions)).toEqual([]);
  });
});
