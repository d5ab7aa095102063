// Plans and billing (spec 000 §7; DECISIONS §4): the status, and create/cancel/resume/reset through whichever
// provider BILLING_PROVIDER names (`app.billing`; 404 with off). The sandbox adds confirm (pay with no money)
// and advance (its test clock); under other providers those are 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type CreateSubscriptionBody,
  clientSecretAnswer,
  createSubscriptionBody,
  type SandboxConfirmBody,
  sandboxConfirmBody,
} from '../../common/schemas/billing.ts';
import { subscriptionStatus } from '../../common/schemas/timeline.ts';
import { settleUserPeriod } from '../billing/period-end.ts';
import { SandboxProvider } from '../billing/sandbox.ts';
import { subscriptionStatusOf } from '../billing/status.ts';
import { notFound } from '../http/errors.ts';

const successAnswer = z.object({ success: z.literal(true) });

export async function subscriptionRoutes(app: FastifyInstance) {
  const { db } = app;

  const provider = () => {
    if (!app.billing) throw notFound('Billing is turned off on this server');
    return app.billing;
  };
  const sandbox = () => {
    const billing = provider();
    if (!(billing instanceof SandboxProvider)) throw notFound('Only with BILLING_PROVIDER=sandbox');
    return billing;
  };

  app.get(
    '/api/subscription/status',
    { schema: { response: { 200: subscriptionStatus } } },
    async (request) => {
      const billing = provider();
      const me = request.user!;
      // A sandbox period that passed ends (or renews) now rather than at the next hourly sweep.
      if (billing instanceof SandboxProvider) await settleUserPeriod(db, me.id);
      return subscriptionStatusOf(db, me.id);
    },
  );

  app.post(
    '/api/subscription/create',
    {
      config: { writeLimit: 'billing' },
      schema: { body: createSubscriptionBody, response: { 200: clientSecretAnswer } },
    },
    async (request) => {
      const { plan, billingPeriod } = request.body as CreateSubscriptionBody;
      return provider().createSubscription(request.user!, plan, billingPeriod);
    },
  );

  const billingWrite = {
    config: { writeLimit: 'billing' as const },
    schema: { response: { 200: successAnswer } },
  };
  app.post('/api/subscription/cancel', billingWrite, async (request) => {
    await provider().cancelAtPeriodEnd(request.user!);
    return { success: true as const };
  });

  // Undoes a cancel while the period lasts (issue 25): the plan renews as if never cancelled.
  app.post('/api/subscription/resume', billingWrite, async (request) => {
    await provider().resume(request.user!);
    return { success: true as const };
  });

  app.post('/api/subscription/reset', { schema: { response: { 200: successAnswer } } }, async (request) => {
    await provider().reset(request.user!);
    return { success: true as const };
  });

  app.post(
    '/api/subscription/sandbox/confirm',
    {
      // 402 {message: SANDBOX_DECLINE_MESSAGE} for outcome "decline" (the subscription stays incomplete).
      schema: { body: sandboxConfirmBody, response: { 200: subscriptionStatus } },
    },
    async (request) => {
      const { clientSecret, outcome } = request.body as SandboxConfirmBody;
      await sandbox().confirm(request.user!, clientSecret, outcome ?? 'succeed');
      return subscriptionStatusOf(db, request.user!.id);
    },
  );

  app.post(
    '/api/subscription/sandbox/advance',
    { schema: { response: { 200: subscriptionStatus } } },
    async (request) => {
      await sandbox().advance(request.user!);
      return subscriptionStatusOf(db, request.user!.id);
    },
  );
}
