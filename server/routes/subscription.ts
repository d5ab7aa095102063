// Plans and billing (spec 000 §7; DECISIONS §4): the status, and create/cancel/resume/reset through whichever
// provider BILLING_PROVIDER names (`app.billing`; 404 with off). The sandbox adds confirm (pay with no money)
// and advance (its test clock); under other providers those are 404.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  clientSecretAnswer,
  createSubscriptionBody,
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
    { schema: { summary: "The caller's plan and subscription", response: { 200: subscriptionStatus } } },
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
      schema: {
        summary: 'Start a subscription (answers the payment client secret)',
        errors: { 409: 'Already subscribed, or a request is being handled' },
        body: createSubscriptionBody,
        response: { 200: clientSecretAnswer },
      },
    },
    async (request) => {
      const { plan, billingPeriod } = request.body;
      return provider().createSubscription(request.user!, plan, billingPeriod);
    },
  );

  const billingWrite = (summary: string, conflict: string) => ({
    config: { writeLimit: 'billing' as const },
    schema: { summary, errors: { 409: conflict }, response: { 200: successAnswer } },
  });
  const cancel = billingWrite('Cancel at the end of the period', 'Nothing to cancel, or already cancelling');
  app.post('/api/subscription/cancel', cancel, async (request) => {
    await provider().cancelAtPeriodEnd(request.user!);
    return { success: true as const };
  });

  // Undoes a cancel while the period lasts (issue 25): the plan renews as if never cancelled.
  const resume = billingWrite('Undo a cancel while the period lasts', 'Nothing to resume, or not cancelling');
  app.post('/api/subscription/resume', resume, async (request) => {
    await provider().resume(request.user!);
    return { success: true as const };
  });

  app.post(
    '/api/subscription/reset',
    {
      schema: {
        summary: 'Forget an unfinished subscription (back to free)',
        errors: { 409: 'A subscription is active' },
        response: { 200: successAnswer },
      },
    },
    async (request) => {
      await provider().reset(request.user!);
      return { success: true as const };
    },
  );

  app.post(
    '/api/subscription/sandbox/confirm',
    {
      // 402 {message: SANDBOX_DECLINE_MESSAGE} for outcome "decline" (the subscription stays incomplete).
      schema: {
        summary: 'Sandbox billing: confirm a payment (outcome success or decline)',
        body: sandboxConfirmBody,
        response: { 200: subscriptionStatus },
      },
    },
    async (request) => {
      const { clientSecret, outcome } = request.body;
      await sandbox().confirm(request.user!, clientSecret, outcome ?? 'succeed');
      return subscriptionStatusOf(db, request.user!.id);
    },
  );

  app.post(
    '/api/subscription/sandbox/advance',
    {
      schema: {
        summary: "Sandbox billing: move the subscription's period to its end",
        errors: { 409: 'Nothing to advance' },
        response: { 200: subscriptionStatus },
      },
    },
    async (request) => {
      await sandbox().advance(request.user!);
      return subscriptionStatusOf(db, request.user!.id);
    },
  );
}
