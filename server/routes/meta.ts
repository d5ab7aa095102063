import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const metaSchema = z.object({
  authProvider: z.enum(['local', 'oidc']),
  billingProvider: z.enum(['sandbox', 'stripe', 'off']),
  /** Stripe's publishable key for the Payment Element (BILLING_PROVIDER=stripe), else null. */
  stripePublishableKey: z.string().nullable(),
});

/** What the client needs to know about this installation before anyone signs in. */
export async function metaRoutes(app: FastifyInstance) {
  app.get(
    '/api/meta',
    {
      schema: {
        summary: 'What the client needs to know: sign-in and billing providers, limits',
        response: { 200: metaSchema },
      },
    },
    async () => ({
      authProvider: app.config.auth.provider,
      billingProvider: app.config.billing.provider,
      stripePublishableKey:
        app.config.billing.provider === 'stripe' ? (app.config.billing.stripePublishableKey ?? null) : null,
    }),
  );
}
