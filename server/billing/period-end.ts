// The end of a sandbox billing period (issue 13). Stripe ends and renews its own subscriptions and tells us by
// webhook; the sandbox has no one to do that, so this does: a cancelled subscription whose period passed ends
// (back to free; what the user made stays, new things past the free limits are refused), an active one renews.
// Runs hourly from scheduleMaintenance, on the user's own status read, and from the sandbox test clock.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { subscriptions } from '../db/schema/index.ts';
import {
  addPeriod,
  endSubscription,
  grantsPlan,
  liveSubscription,
  lockBillingUser,
  type SubscriptionRow,
  syncUserPlan,
  updateSubscription,
} from './subscriptions.ts';

export type PeriodEndOutcome = 'ended' | 'renewed' | 'unchanged';

const periodPassed = (row: SubscriptionRow | undefined, now: Date): row is SubscriptionRow =>
  !!row &&
  row.provider === 'sandbox' &&
  grantsPlan(row) &&
  row.currentPeriodEnd !== null &&
  row.currentPeriodEnd.getTime() <= now.getTime();

/** Ends or renews `row` (locked by the caller, user lock held) if its period is over at `now`. */
export async function settlePeriod(tx: Db, row: SubscriptionRow, now: Date): Promise<PeriodEndOutcome> {
  if (!periodPassed(row, now)) return 'unchanged';
  if (row.cancelAtPeriodEnd) {
    await endSubscription(tx, row, 'canceled');
    return 'ended';
  }
  // Renew (the sandbox's payment always succeeds); periods missed while the server was down are skipped over.
  let end = row.currentPeriodEnd!;
  const period = row.billingPeriod === 'yearly' ? 'yearly' : 'monthly';
  while (end.getTime() <= now.getTime()) end = addPeriod(end, period);
  await updateSubscription(tx, row.id, { currentPeriodEnd: end });
  await syncUserPlan(tx, row.userId);
  return 'renewed';
}

/** One user's check: cheap when nothing is due (one read, no transaction). */
export async function settleUserPeriod(db: Db, userId: string, now = new Date()): Promise<PeriodEndOutcome> {
  if (!periodPassed(await liveSubscription(db, userId), now)) return 'unchanged';
  return db.transaction(async (tx) => {
    await lockBillingUser(tx, userId);
    const row = await liveSubscription(tx, userId);
    return row ? settlePeriod(tx, row, now) : 'unchanged';
  });
}

const BATCH = 100;

export interface PeriodSweepResult {
  ended: number;
  renewed: number;
}

/** Every sandbox subscription whose period passed, in batches, one transaction per user. */
export async function sweepPeriodEnds(db: Db, now = new Date()): Promise<PeriodSweepResult> {
  const result: PeriodSweepResult = { ended: 0, renewed: 0 };
  for (;;) {
    const due = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'sandbox'),
          inArray(subscriptions.status, ['active', 'trialing', 'past_due']),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(BATCH);
    let changed = 0;
    for (const { userId } of due) {
      const outcome = await settleUserPeriod(db, userId, now);
      if (outcome !== 'unchanged') {
        result[outcome]++;
        changed++;
      }
    }
    // Every settled row leaves the due set; stop when a batch changed nothing (or was the last).
    if (changed === 0 || due.length < BATCH) break;
  }
  return result;
}
