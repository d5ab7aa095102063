// GET /api/subscription/status's answer (spec 000 §3): the plan in force, its limits, the usage against them
// and the live subscription's state. currentPeriodEnd is in seconds, as the spec and Stripe read it.
import { eq } from 'drizzle-orm';
import { PLAN_LIMITS, type Plan } from '../../common/plans.ts';
import type { SubscriptionStatus } from '../../common/schemas/timeline.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ownedTimelineCount } from './limits.ts';
import { liveSubscription } from './subscriptions.ts';

export async function subscriptionStatusOf(db: Db, userId: string): Promise<SubscriptionStatus> {
  // Read fresh: the request's user may predate a change made in this request (confirm, advance).
  const [me] = await db
    .select({ plan: users.plan, storageUsedBytes: users.storageUsedBytes })
    .from(users)
    .where(eq(users.id, userId));
  const plan = (me?.plan ?? 'free') as Plan;
  const limits = PLAN_LIMITS[plan] ?? PLAN_LIMITS.free;
  const live = await liveSubscription(db, userId);
  return {
    plan,
    limits: {
      maxTimelines: limits.maxTimelines,
      maxMembersPerTimeline: limits.maxMembersPerTimeline,
      storageGB: limits.storageGB,
    },
    usage: { timelines: await ownedTimelineCount(db, userId), storageUsed: me?.storageUsedBytes ?? 0 },
    subscriptionStatus: live
      ? {
          status: live.status,
          cancelAtPeriodEnd: live.cancelAtPeriodEnd,
          currentPeriodEnd: live.currentPeriodEnd ? Math.floor(live.currentPeriodEnd.getTime() / 1000) : null,
        }
      : // No subscription: free, or a paid plan granted outside billing (set by hand), which is simply active.
        { status: plan === 'free' ? null : 'active', cancelAtPeriodEnd: false, currentPeriodEnd: null },
  };
}
