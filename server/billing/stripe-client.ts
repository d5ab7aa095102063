// The Stripe SDK set up from config, and the translations both the provider and the webhook need: plan and
// period <-> price id, Stripe's subscription -> our row's state, Stripe's errors -> clear HTTP answers.
import Stripe from 'stripe';
import type { BillingPeriod, PaidPlan } from '../../common/plans.ts';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatusName } from '../../common/schemas/billing.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

export type { Stripe };

/** The SDK for STRIPE_SECRET_KEY; STRIPE_API_URL (tests: the local stand-in) replaces api.stripe.com. */
export function stripeClient(config: Config): Stripe {
  const { stripeSecretKey, stripeApiUrl } = config.billing;
  if (!stripeSecretKey) throw new Error('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const base = stripeApiUrl ? new URL(stripeApiUrl) : undefined;
  return new Stripe(stripeSecretKey, {
    // Retries are safe: every call that creates or changes something carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Threadline' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

const PRICE_KEYS = {
  pro: { monthly: 'proMonthly', yearly: 'proYearly' },
  community: { monthly: 'communityMonthly', yearly: 'communityYearly' },
} as const;

export function priceFor(config: Config, plan: PaidPlan, period: BillingPeriod): string {
  const price = config.billing.prices[PRICE_KEYS[plan][period]];
  // config.ts refuses to start without them; this guards a hand-built config.
  if (!price) throw new HttpError(500, `No Stripe price is configured for ${plan} ${period}`);
  return price;
}

/** The plan and period a configured price id stands for (undefined for a price this server does not know). */
export function planForPrice(
  config: Config,
  priceId: string | undefined,
): { plan: PaidPlan; billingPeriod: BillingPeriod } | undefined {
  if (!priceId) return undefined;
  for (const plan of ['pro', 'community'] as const) {
    for (const billingPeriod of ['monthly', 'yearly'] as const) {
      if (config.billing.prices[PRICE_KEYS[plan][billingPeriod]] === priceId) return { plan, billingPeriod };
    }
  }
  return undefined;
}

export interface StripeSubscriptionState {
  plan: PaidPlan | undefined;
  billingPeriod: BillingPeriod | undefined;
  status: SubscriptionStatusName;
  cancelAtPeriodEnd: boolean;
  /** Since API 2025-03-31 the period end lives on each subscription item, not on the subscription. */
  currentPeriodEnd: Date | null;
}

export function stateOf(config: Config, sub: Stripe.Subscription): StripeSubscriptionState {
  const items = sub.items?.data ?? [];
  const price = items[0]?.price;
  const ends = items.map((i) => i.current_period_end).filter((s): s is number => typeof s === 'number');
  const status = (SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)
    ? (sub.status as SubscriptionStatusName)
    : // A status newer than this code knows grants nothing.
      'incomplete_expired';
  return {
    ...(planForPrice(config, typeof price === 'string' ? price : price?.id) ?? {
      plan: undefined,
      billingPeriod: undefined,
    }),
    status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: ends.length ? new Date(Math.max(...ends) * 1000) : null,
  };
}

/** The client secret of the first invoice's payment (`latest_invoice.confirmation_secret`, API 2025+). */
export function clientSecretOf(sub: Stripe.Subscription): string | undefined {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string') return undefined;
  return invoice.confirmation_secret?.client_secret ?? undefined;
}

const isStripeError = (err: unknown): err is Stripe.errors.StripeError =>
  err instanceof Stripe.errors.StripeError;

export const isMissing = (err: unknown) => isStripeError(err) && err.code === 'resource_missing';

export const STRIPE_REFUSED = 'The payment provider refused the request. Please try again later.';

/**
 * Stripe's failures as answers the client can show: a declined card is the user's (402 with Stripe's own
 * words); anything else is Stripe or this server's set-up (502 with a fixed sentence, Stripe's text logged),
 * never a bare 500.
 */
export function stripeFailure(err: unknown, log: { error: (o: object, m: string) => void }): HttpError {
  if (err instanceof HttpError) return err;
  if (!isStripeError(err)) {
    log.error({ err }, 'stripe call failed');
    return new HttpError(502, 'The payment provider could not be reached. Please try again.');
  }
  if (err.type === 'StripeCardError') return new HttpError(402, err.message);
  if (err.type === 'StripeIdempotencyError') {
    return new HttpError(409, 'This payment request is already being handled. Please try again in a moment.');
  }
  log.error({ err: { type: err.type, code: err.code, message: err.message } }, 'stripe refused a call');
  if (
    err.type === 'StripeConnectionError' ||
    err.type === 'StripeAPIError' ||
    err.type === 'StripeRateLimitError'
  ) {
    return new HttpError(502, 'The payment provider could not be reached. Please try again.');
  }
  // Stripe's own words name prices, keys and accounts: they stay in the log above.
  return new HttpError(502, STRIPE_REFUSED);
}
