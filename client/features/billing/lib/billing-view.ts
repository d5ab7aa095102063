// Pure helpers of the Billing screen (spec 000 §2, §9; DECISIONS §4): every figure comes from the plan table
// or the status answer.
import { humanSize } from '../../../../common/media.ts';
import {
  type BillingPeriod,
  PAID_PLANS,
  type PaidPlan,
  PLAN_DISPLAY_NAMES,
  PLAN_PRICES,
  type Plan,
  type PlanCardLine,
  planCardLines,
} from '../../../../common/plans.ts';
import type { SubscriptionStatus } from '../../../../common/schemas/timeline.ts';

/** Cents → "$7.99" (dollars with 2 decimals, spec 000 §9). */
export const formatPrice = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** A yearly price's per-month equivalent in cents: 7999 → 667 ($6.67). */
export const monthlyEquivalent = (yearlyCents: number): number => Math.round(yearlyCents / 12);

export interface PriceView {
  /** "$7.99" or "$79.99". */
  amount: string;
  /** "/month" or "/year". */
  per: string;
  /** Yearly only: "$6.67/month billed yearly". */
  equivalent?: string;
}

export function priceView(plan: PaidPlan, period: BillingPeriod): PriceView {
  const cents = PLAN_PRICES[plan][period];
  if (period === 'monthly') return { amount: formatPrice(cents), per: '/month' };
  return {
    amount: formatPrice(cents),
    per: '/year',
    equivalent: `${formatPrice(monthlyEquivalent(cents))}/month billed yearly`,
  };
}

/** Storage in 1024-based units (spec 000 §9): "1.5 MB of 1 GB". */
export const storageText = (usedBytes: number, storageGB: number): string =>
  `${humanSize(usedBytes)} of ${storageGB} GB`;

export const threadlinesText = (used: number, max: number): string =>
  `${used} of ${max} ${max === 1 ? 'threadline' : 'threadlines'}`;

/** Share of a limit as a whole percentage, 0 to 100 (a downgrade can leave usage above the limit). */
export function usagePercent(used: number, max: number): number {
  if (max <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / max) * 100)));
}

/** The status answer's period end is in seconds since the epoch (spec 000 §2). */
export const periodEndDate = (seconds: number): Date => new Date(seconds * 1000);

export const longDate = (date: Date, locale?: string): string =>
  date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });

/** "Subscription will end on {date}" when cancelling at a known period end, else null. */
export function endDateLine(sub: SubscriptionStatus['subscriptionStatus'], locale?: string): string | null {
  if (!sub.cancelAtPeriodEnd || sub.currentPeriodEnd == null) return null;
  return `Subscription will end on ${longDate(periodEndDate(sub.currentPeriodEnd), locale)}`;
}

/**
 * The status badge (issue 25): "Cancels on {date}" while a cancelled plan runs to its period's end (the same
 * date format as the end-date line), else the status itself.
 */
export function statusBadgeText(
  sub: SubscriptionStatus['subscriptionStatus'],
  locale?: string,
): string | null {
  if (!sub.status) return null;
  if (sub.cancelAtPeriodEnd && sub.currentPeriodEnd != null && sub.status === 'active')
    return `Cancels on ${longDate(periodEndDate(sub.currentPeriodEnd), locale)}`;
  return statusLabel(sub.status);
}

/** "past_due" → "Past Due". */
export const statusLabel = (status: string): string =>
  status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

const isPaid = (plan: Plan): plan is PaidPlan => (PAID_PLANS as readonly string[]).includes(plan);

/** Spec 000 §2: Cancel Subscription for a paid plan that is active and not already cancelling. */
export const canCancel = (status: SubscriptionStatus): boolean =>
  isPaid(status.plan) &&
  status.subscriptionStatus.status === 'active' &&
  !status.subscriptionStatus.cancelAtPeriodEnd;

/** Resume subscription (issue 25): a cancelled paid plan whose period has not ended yet. */
export const canResume = (status: SubscriptionStatus, now = Date.now()): boolean =>
  isPaid(status.plan) &&
  status.subscriptionStatus.status === 'active' &&
  status.subscriptionStatus.cancelAtPeriodEnd &&
  (status.subscriptionStatus.currentPeriodEnd == null ||
    status.subscriptionStatus.currentPeriodEnd * 1000 > now);

export const isIncomplete = (status: SubscriptionStatus): boolean =>
  status.subscriptionStatus.status === 'incomplete';

/** A plan card's list (spec 000 §2): built from the plan table in common/plans.ts (DECISIONS §4, §9). */
export const planFeatures = (plan: Plan): PlanCardLine[] => planCardLines(plan);

/** The ribbon over a card (spec 000 §2). */
export const PLAN_HIGHLIGHT: Record<Plan, string | null> = {
  free: null,
  pro: 'Most Popular',
  community: 'Best Value',
};

export const upgradeLabel = (plan: PaidPlan): string => `Upgrade to ${PLAN_DISPLAY_NAMES[plan]}`;
