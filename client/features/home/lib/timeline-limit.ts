// The "Timeline Limit Reached" toast (spec 000 §8), its numbers built from the plan table (DECISIONS §4).
import { PLAN_DISPLAY_NAMES, PLAN_LIMITS, PLANS, type Plan } from '../../../../common/plans.ts';
import { errorLimit, isPlanUpgradeRequired } from './plan-limit-error.ts';

export const TIMELINE_LIMIT_TITLE = 'Threadline Limit Reached';

export function isTimelineLimitError(error: unknown): boolean {
  return (
    (error instanceof Error && error.message.includes('Timeline limit reached')) ||
    isPlanUpgradeRequired(error)
  );
}

/** The first plan allowing more than `limit` threadlines; none past the largest plan. */
export function upgradePlanFor(limit: number): Plan | undefined {
  return PLANS.find((plan) => PLAN_LIMITS[plan].maxTimelines > limit);
}

export interface LimitToastCopy {
  title: string;
  description: string;
  /** Whether an Upgrade Plan button makes sense (there is a bigger plan). */
  canUpgrade: boolean;
}

export function timelineLimitCopy(limit: number): LimitToastCopy {
  const next = upgradePlanFor(limit);
  const base = `You've reached your plan limit of ${limit} threadlines.`;
  return {
    title: TIMELINE_LIMIT_TITLE,
    description: next
      ? `${base} Upgrade to ${PLAN_DISPLAY_NAMES[next]} for up to ${PLAN_LIMITS[next].maxTimelines} threadlines.`
      : base,
    canUpgrade: next !== undefined,
  };
}

/** The server's `limit`, else the limit of the plan the client believes the user has. */
export const limitFromError = (error: unknown, plan: Plan = 'free'): number =>
  errorLimit(error) ?? PLAN_LIMITS[plan].maxTimelines;
