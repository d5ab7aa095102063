// The Content-Security-Policy sources Stripe.js and the Payment Element need (Stripe's integration security
// guide: the script and its frames from js.stripe.com, 3-D Secure frames from hooks.stripe.com, calls to
// api.stripe.com). Only with BILLING_PROVIDER=stripe; sandbox and off keep the policy at 'self'.
import type { Config } from '../config.ts';

export function stripeCspSources(config: Config) {
  const on = config.billing.provider === 'stripe';
  return {
    script: on ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [],
    frame: on ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : [],
    connect: on ? ['https://api.stripe.com'] : [],
  };
}
