// One interface for the payment providers (BILLING_PROVIDER: sandbox | stripe; `off` has none). The routes
// in routes/subscription.ts call it; the provider talks to the money side and writes the `subscriptions`
// row and `users.plan` through server/billing/subscriptions.ts, so both providers keep them alike.
import type { BillingPeriod, PaidPlan } from '../../common/plans.ts';
import type { User } from '../db/schema/index.ts';

export interface BillingProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * POST /api/subscription/create: a new incomplete subscription for `plan`/`period` and the client secret
   * of its first payment. Calling it again while one is incomplete for the same plan and period returns the
   * same secret (no second subscription); a different plan or period replaces the incomplete one. 409 when
   * the user already has an active paid plan.
   */
  createSubscription(user: User, plan: PaidPlan, period: BillingPeriod): Promise<{ clientSecret: string }>;
  /** POST /api/subscription/cancel: cancel at period end (the plan stays until then). 409 with none active. */
  cancelAtPeriodEnd(user: User): Promise<void>;
  /**
   * POST /api/subscription/resume: undoes a cancel before the period ends (cancel_at_period_end: false), so
   * the plan renews as before. 409 with no subscription, one not cancelling, or one whose period has ended.
   */
  resume(user: User): Promise<void>;
  /** POST /api/subscription/reset: an incomplete subscription is abandoned and the user is on free. */
  reset(user: User): Promise<void>;
}
