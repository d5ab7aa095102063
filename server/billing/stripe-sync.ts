// Mirrors a Stripe subscription, as Stripe has it now, into its `subscriptions` row and users.plan. The
// provider calls it after its own Stripe calls, the webhook after re-reading the subscription: applying the
// current state (never an event's old snapshot) is what makes replays and out-of-order events converge.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { subscriptions } from '../db/schema/index.ts';
import { type Stripe, stateOf } from './stripe-client.ts';
import {
  applySubscriptionState,
  endSubscription,
  grantsPlan,
  LIVE_STATUSES,
  liveSubscription,
  lockBillingUser,
  type SubscriptionRow,
} from './subscriptions.ts';

const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/** The row of a Stripe subscription: by its id, or the reservation named in its metadata before we knew it. */
export async function rowForStripeSubscription(
  tx: Db,
  sub: Pick<Stripe.Subscription, 'id' | 'metadata'>,
): Promise<SubscriptionRow | undefined> {
  const [known] = await tx.select().from(subscriptions).where(eq(subscriptions.externalId, sub.id));
  if (known) return known;
  const reserved = sub.metadata?.threadlineSubscriptionId;
  if (!reserved || !/^[0-9a-f-]{36}$/i.test(reserved)) return undefined;
  const [row] = await tx
    .update(subscriptions)
    .set({ externalId: sub.id, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.id, reserved),
        isNull(subscriptions.externalId),
        eq(subscriptions.provider, 'stripe'),
      ),
    )
    .returning();
  return row;
}

export interface MirrorResult {
  row: SubscriptionRow | null;
  /** A Stripe subscription this mirror ended locally (an abandoned incomplete one): cancel it at Stripe too. */
  abandonedExternalId?: string;
}

/** In the caller's transaction: the row takes Stripe's state and users.plan follows. */
export async function mirrorStripeSubscription(
  tx: Db,
  config: Config,
  log: FastifyBaseLogger,
  sub: Stripe.Subscription,
): Promise<MirrorResult> {
  const row = await rowForStripeSubscription(tx, sub);
  if (!row) {
    log.warn({ subscription: sub.id }, 'stripe subscription with no local row: ignored');
    return { row: null };
  }
  await lockBillingUser(tx, row.userId);
  const state = stateOf(config, sub);
  const result: MirrorResult = { row: null };
  if (isLive(state.status) && !isLive(row.status)) {
    // Coming back to life (a late payment of an abandoned upgrade): the index allows one live row a user.
    const other = await liveSubscription(tx, row.userId);
    if (other && other.id !== row.id) {
      if (grantsPlan(state) && other.status === 'incomplete') {
        await endSubscription(tx, other, 'incomplete_expired');
        result.abandonedExternalId = other.externalId ?? undefined;
      } else {
        log.warn(
          { subscription: sub.id, live: other.id },
          'stripe subscription revived beside a live one: left',
        );
        return { row };
      }
    }
  }
  result.row = await applySubscriptionState(tx, {
    externalId: sub.id,
    plan: state.plan ?? (row.plan as 'pro' | 'community'),
    billingPeriod: state.billingPeriod ?? (row.billingPeriod as 'monthly' | 'yearly'),
    status: state.status,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd,
  });
  return result;
}
