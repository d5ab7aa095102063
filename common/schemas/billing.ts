// The API contract of plans and billing (spec 000 §3, §7; DECISIONS §4). GET /api/subscription/status's
// answer is `subscriptionStatus` in ./timeline.ts (it landed with the threadlines issue).
import { z } from 'zod';
import { BILLING_PERIODS, PAID_PLANS } from '../plans.ts';

/** Stripe's subscription statuses (the sandbox uses incomplete, active and canceled). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

/** POST /api/subscription/create (spec 000 §7). */
export const createSubscriptionBody = z
  .object({ plan: z.enum(PAID_PLANS), billingPeriod: z.enum(BILLING_PERIODS) })
  .strict();
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;

/** Its answer: the first payment's client secret (Stripe's PaymentIntent, or the sandbox's token). */
export const clientSecretAnswer = z.object({ clientSecret: z.string() });
export type ClientSecretAnswer = z.infer<typeof clientSecretAnswer>;

/**
 * POST /api/subscription/sandbox/confirm (DECISIONS §4, BILLING_PROVIDER=sandbox only): pays the
 * incomplete subscription of `clientSecret` with no money. `outcome: "decline"` simulates a declined card
 * (402 {message: "Your card was declined."}) so the failure path can be seen and tested.
 */
export const sandboxConfirmBody = z
  .object({
    clientSecret: z.string().min(1).max(255),
    outcome: z.enum(['succeed', 'decline']).default('succeed'),
  })
  .strict();
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBody>;

// POST /api/subscription/sandbox/advance (sandbox only, no body): the sandbox's test clock, like Stripe's.
// It moves the caller's live subscription to the end of its current period now: a cancelled one ends (back
// to free), an active one renews for another period. It answers GET /api/subscription/status's shape.

/** What the billing screens need to know about the installation (also in GET /api/meta). */
export const SANDBOX_TEST_MODE = 'Test mode: no card is charged';
export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
