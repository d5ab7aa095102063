// The paid plans' features (DECISIONS §9): advanced search follows the searcher's plan, version history and
// customization the threadline owner's. BILLING_PROVIDER=off turns every feature on for everyone.
import { PLAN_FEATURE_MESSAGES, PLAN_LIMITS, type Plan, type PlanFeature } from '../../common/plans.ts';
import type { Config } from '../config.ts';
import { forbidden } from '../http/errors.ts';

export function hasFeature(config: Config, plan: string | null | undefined, feature: PlanFeature): boolean {
  if (config.billing.provider === 'off') return true;
  return (PLAN_LIMITS[plan as Plan] ?? PLAN_LIMITS.free)[feature];
}

/** 403 `{message, planUpgradeRequired: true}` unless `plan` has `feature`. */
export function assertFeature(config: Config, plan: string | null | undefined, feature: PlanFeature): void {
  if (!hasFeature(config, plan, feature)) {
    throw forbidden(PLAN_FEATURE_MESSAGES[feature], { planUpgradeRequired: true });
  }
}
