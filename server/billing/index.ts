// The payment provider BILLING_PROVIDER names, as `app.billing` (null with `off`: no plans, no limits).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BillingProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { createStripeProvider } from './stripe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingProvider | null;
  }
}

export const billingPlugin = fp(
  async (app: FastifyInstance) => {
    const { provider } = app.config.billing;
    const billing =
      provider === 'sandbox'
        ? new SandboxProvider(app.db)
        : provider === 'stripe'
          ? createStripeProvider(app.config, app.db, app.log)
          : null;
    app.decorate('billing', billing);
  },
  { name: 'billing' },
);
