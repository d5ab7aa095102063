// The writes both payment providers share (issue 13): the `subscriptions` row of a user and `users.plan`, the
// plan in force that the limits read. Every change to a row goes through here and ends with syncUserPlan in
// the same transaction, so the plan can never disagree with the live subscription.
import { and, eq, inArray } from 'drizzle-orm';
import type { BillingPeriod, PaidPlan, Plan } from '../../common/plans.ts';
import type { SubscriptionStatusName } from '../../common/schemas/billing.ts';
import type { Db } from '../db/client.ts';
import { subscriptions, users } from '../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The statuses of the partial unique index `subscriptions_user_live_unique`: at most one per user. */
export const LIVE_STATUSES = ['incomplete', 'active', 'past_due', 'unpaid', 'trialing'] as const;
/** Live statuses that grant the paid plan (past_due: Stripe is still retrying, the plan stays meanwhile). */
export const PLAN_GRANTING_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

export const grantsPlan = (row: Pick<SubscriptionRow, 'status'> | undefined | null): boolean =>
  !!row && PLAN_GRANTING_STATUSES.includes(row.status);

/** The user's live subscription (incomplete, active, past_due, unpaid or trialing), if any. */
export async function liveSubscription(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Serialises one user's billing changes: take it first in every transaction that reads then writes their
 * subscription (two creates at once then see each other's row instead of both inserting).
 */
export async function lockBillingUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** users.plan = the live subscription's plan when it grants one (active/trialing/past_due), else free. */
export async function syncUserPlan(tx: Db, userId: string): Promise<Plan> {
  const live = await liveSubscription(tx, userId);
  const plan: Plan = grantsPlan(live) ? (live!.plan as PaidPlan) : 'free';
  await tx.update(users).set({ plan, updatedAt: new Date() }).where(eq(users.id, userId));
  return plan;
}

export interface NewSubscription {
  userId: string;
  provider: 'sandbox' | 'stripe';
  plan: PaidPlan;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatusName;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: Date | null;
  externalId?: string | null;
  clientSecret?: string | null;
}

/**
 * Inserts a row (no plan sync: call syncUserPlan after if it may grant a plan). A live status throws a unique
 * violation on `subscriptions_user_live_unique` when the user already has a live row: end that one first.
 */
export async function insertSubscription(tx: Db, values: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      ...values,
      cancelAtPeriodEnd: values.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: values.currentPeriodEnd ?? null,
      externalId: values.externalId ?? null,
      clientSecret: values.clientSecret ?? null,
    })
    .returning();
  return row!;
}

export type SubscriptionPatch = Partial<
  Pick<
    NewSubscription,
    | 'plan'
    | 'billingPeriod'
    | 'status'
    | 'cancelAtPeriodEnd'
    | 'currentPeriodEnd'
    | 'externalId'
    | 'clientSecret'
  >
>;

/** Updates one row by id (no plan sync). */
export async function updateSubscription(
  tx: Db,
  id: string,
  patch: SubscriptionPatch,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

/** Ends a row for good (canceled, or incomplete_expired for one never paid), drops its secret, syncs the plan. */
export async function endSubscription(
  tx: Db,
  row: Pick<SubscriptionRow, 'id' | 'userId'>,
  status: 'canceled' | 'incomplete_expired',
): Promise<Plan> {
  await updateSubscription(tx, row.id, { status, clientSecret: null, cancelAtPeriodEnd: false });
  return syncUserPlan(tx, row.userId);
}

export interface SubscriptionState {
  /** Find the row by the provider's id (Stripe's subscription id) ... */
  externalId?: string;
  /** ... or, without one, the user's live row. With both, userId is used to insert when no row has externalId. */
  userId?: string;
  provider?: 'sandbox' | 'stripe';
  plan: PaidPlan;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatusName;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** Left as it is when undefined; set null once paid. */
  clientSecret?: string | null;
}

/**
 * Makes the stored row match the provider's current state (for Stripe: the subscription re-read from the API,
 * so replaying or reordering events converges) and syncs users.plan, in the caller's transaction. Returns the
 * row, or null when there is no row to update and not enough to insert one (no userId).
 * Locks the user first. A live status on a row while the user has another live row throws the unique
 * violation (`subscriptions_user_live_unique`): the caller decides which one ends.
 */
export async function applySubscriptionState(
  tx: Db,
  state: SubscriptionState,
): Promise<SubscriptionRow | null> {
  const find = async () =>
    state.externalId
      ? (await tx.select().from(subscriptions).where(eq(subscriptions.externalId, state.externalId)))[0]
      : state.userId
        ? await liveSubscription(tx, state.userId)
        : undefined;
  const userId = (await find())?.userId ?? state.userId;
  if (!userId) return null;
  await lockBillingUser(tx, userId);
  // Read again under the lock: a concurrent writer may have changed or inserted it meanwhile.
  const row = await find();
  const patch: SubscriptionPatch = {
    plan: state.plan,
    billingPeriod: state.billingPeriod,
    status: state.status,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd,
  };
  if (state.clientSecret !== undefined) patch.clientSecret = state.clientSecret;
  // A subscription that is no longer incomplete has no payment left to confirm.
  if (state.status !== 'incomplete') patch.clientSecret = null;
  const result = row
    ? await updateSubscription(tx, row.id, patch)
    : await insertSubscription(tx, {
        ...patch,
        userId,
        provider: state.provider ?? 'stripe',
        plan: state.plan,
        billingPeriod: state.billingPeriod,
        status: state.status,
        externalId: state.externalId ?? null,
      });
  await syncUserPlan(tx, userId);
  return result;
}

/** Adds one billing period to `from`: a calendar month or year, clamped to the month's end as Stripe does. */
export function addPeriod(from: Date, period: BillingPeriod): Date {
  const months = period === 'yearly' ? 12 : 1;
  const next = new Date(from);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return next;
}
