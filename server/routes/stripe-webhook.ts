// POST /api/stripe/webhook (BILLING_PROVIDER=stripe only; other providers answer 404): Stripe's signed
// events keep plan and status in step (DECISIONS §4). Registered outside the signed-in scope (Stripe has no
// session) and sends no Origin, so the cross-site check lets it through; the signature is the authentication.
//
// - The signature is checked on the raw bytes (a re-serialised body would not match), 300 s tolerance.
// - Idempotent by event id: the billing_events row is written in the same transaction as the effect, so a
//   redelivery answers 200 and does nothing, and a failed effect leaves no row (Stripe delivers it again).
// - Out-of-order safe: subscription and invoice events only name the subscription; we re-read it from Stripe
//   under the user's lock and apply its current state, so an old event can never roll a newer state back.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isMissing, type Stripe, stripeClient, stripeFailure } from '../billing/stripe-client.ts';
import { mirrorStripeSubscription, rowForStripeSubscription } from '../billing/stripe-sync.ts';
import { lockBillingUser } from '../billing/subscriptions.ts';
import { billingEvents } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

/** Stripe's default: a signature older than five minutes is refused (replayed requests). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const answer = z.object({ received: z.literal(true), ignored: z.boolean().optional() });

/** The subscription an event is about, for the events that can change one; undefined for the rest. */
export function subscriptionIdOf(event: Stripe.Event): string | undefined {
  if (event.type.startsWith('customer.subscription.')) {
    return (event.data.object as Stripe.Subscription).id;
  }
  if (['invoice.paid', 'invoice.payment_failed', 'invoice.payment_succeeded'].includes(event.type)) {
    const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
    // API 2025+: invoice.parent.subscription_details.subscription; older versions: invoice.subscription.
    const sub = invoice.parent?.subscription_details?.subscription ?? invoice.subscription;
    return typeof sub === 'string' ? sub : (sub?.id ?? undefined);
  }
  return undefined;
}

export async function stripeWebhookRoutes(app: FastifyInstance) {
  const { config, db, log } = app;
  if (config.billing.provider !== 'stripe') return;
  const stripe = stripeClient(config);
  const secret = config.billing.stripeWebhookSecret!;

  // Scoped to this plugin: the rest of the API keeps parsing JSON.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  const schema = {
    summary: "Stripe's events (BILLING_PROVIDER=stripe only): the raw body, verified by its Stripe-Signature",
    tags: ['subscription'],
    response: { 200: answer },
  };
  app.post('/api/stripe/webhook', { schema }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature) throw badRequest('Missing Stripe-Signature header');
    if (!Buffer.isBuffer(request.body)) throw badRequest('Expected the JSON body Stripe signed');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      throw badRequest(`Webhook signature verification failed: ${(err as Error).message}`);
    }

    const subscriptionId = subscriptionIdOf(event);
    const outcome = await db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(billingEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      if (!fresh) return 'duplicate' as const;
      if (!subscriptionId) return 'ignored' as const;
      // Lock the user before reading Stripe: a later event for them waits and then reads a newer state.
      const known = await rowForStripeSubscription(tx, { id: subscriptionId, metadata: {} });
      if (known) await lockBillingUser(tx, known.userId);
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.retrieve(subscriptionId);
      } catch (err) {
        // Gone at Stripe (deleted test data): the event's own copy is all there is, or nothing to apply.
        if (!isMissing(err)) throw stripeFailure(err, request.log);
        if (!event.type.startsWith('customer.subscription.')) return 'ignored' as const;
        sub = event.data.object as Stripe.Subscription;
      }
      return mirrorStripeSubscription(tx, config, request.log, sub);
    });

    if (typeof outcome === 'string') {
      request.log.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
      return { received: true as const, ignored: true };
    }
    if (outcome.abandonedExternalId) {
      await stripe.subscriptions.cancel(outcome.abandonedExternalId).catch((err: unknown) => {
        log.warn(
          { err, subscription: outcome.abandonedExternalId },
          'could not cancel a stripe subscription',
        );
      });
    }
    request.log.info({ event: event.id, type: event.type, subscription: subscriptionId }, 'stripe webhook');
    return { received: true as const };
  });
}
