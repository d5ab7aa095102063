// Plan limits as the server enforces them (DECISIONS §4). BILLING_PROVIDER=off means no limits.
import { and, count, eq, isNull } from 'drizzle-orm';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS, type Plan, type PlanLimits } from '../../common/plans.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { timelineMembers, timelines, users } from '../db/schema/index.ts';
import { forbidden } from '../http/errors.ts';

export const limitsFor = (config: Config, plan: string): PlanLimits | null =>
  config.billing.provider === 'off' ? null : (PLAN_LIMITS[plan as Plan] ?? PLAN_LIMITS.free);

/** Threadlines a user owns that count against the limit: archived ones do, deleted ones do not. */
export async function ownedTimelineCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(timelines)
    .where(and(eq(timelines.ownerId, userId), isNull(timelines.deletedAt)));
  return row?.n ?? 0;
}

export async function assertTimelineQuota(db: Db, config: Config, userId: string, plan: string) {
  const limits = limitsFor(config, plan);
  if (!limits) return;
  if ((await ownedTimelineCount(db, userId)) >= limits.maxTimelines) {
    throw forbidden(PLAN_LIMIT_MESSAGES.timelines, { planUpgradeRequired: true, limit: limits.maxTimelines });
  }
}

/** Refuses one more member when the owner's plan is full; the owner counts as a member. */
export async function assertMemberQuota(db: Db, config: Config, timelineId: string, ownerId: string) {
  if (config.billing.provider === 'off') return;
  const [owner] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, ownerId));
  const limits = limitsFor(config, owner?.plan ?? 'free')!;
  const [row] = await db
    .select({ n: count() })
    .from(timelineMembers)
    .where(eq(timelineMembers.timelineId, timelineId));
  if ((row?.n ?? 0) >= limits.maxMembersPerTimeline) {
    throw forbidden(PLAN_LIMIT_MESSAGES.members, {
      planUpgradeRequired: true,
      limit: limits.maxMembersPerTimeline,
    });
  }
}
