// BILLING_PROVIDER=stripe: Stripe subscriptions with payment_behavior default_incomplete (DECISIONS §4). The
// browser pays the first invoice with the Payment Element and the client secret we hand it; the webhook
// (routes/stripe-webhook.ts) then brings the row and users.plan in step.
//
// No database transaction is held across a Stripe call (PGlite has one connection). Instead a create first
// reserves the user's live row under the user lock (the partial unique index backs it), and every Stripe
// write carries an idempotency key derived from the user and that row: two requests at once, a retry or a
// crash half-way all reach the same Stripe subscription, never a second one.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingPeriod, PaidPlan } from '../../common/plans.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { subscriptions, type User, users } from '../db/schema/index.ts';
import { conflict, HttpError } from '../http/errors.ts';
import type { BillingProvider } from './provider.ts';
import {
  ALREADY_CANCELLING,
  ALREADY_ENDED,
  ALREADY_SUBSCRIBED,
  NOT_CANCELLING,
  NOTHING_TO_CANCEL,
  NOTHING_TO_RESUME,
  RESET_ACTIVE,
} from './sandbox.ts';
import {
  clientSecretOf,
  isMissing,
  priceFor,
  type Stripe,
  stateOf,
  stripeClient,
  stripeFailure,
} from './stripe-client.ts';
import { mirrorStripeSubscription } from './stripe-sync.ts';
import {
  endSubscription,
  grantsPlan,
  insertSubscription,
  liveSubscription,
  lockBillingUser,
  type SubscriptionRow,
  syncUserPlan,
  updateSubscription,
} from './subscriptions.ts';

const ENDED: string[] = ['canceled', 'incomplete_expired'];

export const NO_CLIENT_SECRET = 'The payment provider returned no payment to confirm. Please try again.';
export const UPGRADE_REPLACED = 'This upgrade was replaced by another one. Please try again.';

export function createStripeProvider(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  stripe: Stripe = stripeClient(config),
): BillingProvider {
  /** Stripe's call, or a clear 4xx/502 answer. */
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw stripeFailure(err, log);
    }
  };

  /**
   * Cancels at Stripe now (DELETE is idempotent by nature: Stripe ignores keys on it). One that is gone or
   * already ended counts as cancelled.
   */
  const cancelAtStripe = async (externalId: string) => {
    try {
      await stripe.subscriptions.cancel(externalId);
    } catch (err) {
      if (isMissing(err)) return;
      const now = await stripe.subscriptions.retrieve(externalId).catch(() => undefined);
      if (now && ENDED.includes(now.status)) return;
      throw err;
    }
  };

  /** Best effort: a subscription we no longer want must not stay payable at Stripe. */
  const cancelQuietly = async (externalId: string) => {
    try {
      await cancelAtStripe(externalId);
    } catch (err) {
      log.warn({ err, subscription: externalId }, 'could not cancel a stripe subscription');
    }
  };

  /** The user's Stripe customer, created once (the key makes parallel first upgrades share it). */
  const customerFor = async (user: User): Promise<string> => {
    const [me] = await db.select().from(users).where(eq(users.id, user.id));
    if (me?.stripeCustomerId) return me.stripeCustomerId;
    const customer = await call(() =>
      stripe.customers.create(
        {
          ...(user.email && { email: user.email }),
          metadata: { threadlineUserId: user.id },
        },
        { idempotencyKey: `threadline-customer-${user.id}` },
      ),
    );
    await db.transaction(async (tx) => {
      await lockBillingUser(tx, user.id);
      const [now] = await tx.select().from(users).where(eq(users.id, user.id));
      if (!now?.stripeCustomerId) {
        await tx.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, user.id));
      }
    });
    const [stored] = await db.select().from(users).where(eq(users.id, user.id));
    return stored?.stripeCustomerId ?? customer.id;
  };

  /** Under the user lock: the row this create works on (a reservation), or the secret it already has. */
  const reserve = async (user: User, plan: PaidPlan, period: BillingPeriod) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          await lockBillingUser(tx, user.id);
          const [me] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));
          const live = await liveSubscription(tx, user.id);
          if (grantsPlan(live) || (!live && me?.plan !== 'free')) throw conflict(ALREADY_SUBSCRIBED);
          let abandoned: SubscriptionRow | undefined;
          if (live) {
            if (live.status === 'incomplete' && live.plan === plan && live.billingPeriod === period) {
              // A repeat: the stored secret, or the same row (and so the same Stripe call) when the first
              // request is still on its way to Stripe or failed before storing it.
              return live.clientSecret
                ? { kind: 'repeat' as const, clientSecret: live.clientSecret }
                : { kind: 'reserved' as const, row: live, abandoned: undefined };
            }
            // Another plan or period (or an unpaid one): this one is given up, here and at Stripe.
            await endSubscription(tx, live, live.status === 'incomplete' ? 'incomplete_expired' : 'canceled');
            abandoned = live;
          }
          const row = await insertSubscription(tx, {
            userId: user.id,
            provider: 'stripe',
            plan,
            billingPeriod: period,
            status: 'incomplete',
          });
          return { kind: 'reserved' as const, row, abandoned };
        });
      } catch (err) {
        if (attempt < 2 && isUniqueViolation(err, 'subscriptions_user_live_unique')) continue;
        throw err;
      }
    }
  };

  /** The reservation failed at Stripe: drop it so the next try starts with a fresh key. */
  const release = async (row: SubscriptionRow) => {
    await db.transaction(async (tx) => {
      await lockBillingUser(tx, row.userId);
      const live = await liveSubscription(tx, row.userId);
      if (live?.id === row.id && !live.externalId) await endSubscription(tx, live, 'incomplete_expired');
    });
  };

  /** The row's state a Stripe answer was asked for: another change stored since then makes the answer suspect. */
  const versionOf = (row: SubscriptionRow) =>
    `${row.updatedAt.getTime()}|${row.status}|${row.cancelAtPeriodEnd}`;

  /**
   * Stores Stripe's answer `sub` to a call made after reading `seen`, unless another change to the row was
   * stored meanwhile: that one may have reached Stripe after ours (or our answer may be a replay of an older
   * call with the same key), so Stripe is read again and the check repeated. The last store then always
   * follows the last change at Stripe. Should it keep losing, the webhook brings the row in step.
   */
  const storeLatest = async (seen: SubscriptionRow, sub: Stripe.Subscription) => {
    let version = versionOf(seen);
    let current = sub;
    for (let attempt = 0; attempt < 5; attempt++) {
      const moved = await db.transaction(async (tx) => {
        await lockBillingUser(tx, seen.userId);
        const [row] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, seen.id))
          .for('update');
        if (row && versionOf(row) !== version) return versionOf(row);
        await mirrorStripeSubscription(tx, config, log, current);
        return null;
      });
      if (moved === null) return;
      version = moved;
      current = await call(() => stripe.subscriptions.retrieve(seen.externalId!));
    }
    log.warn({ subscription: seen.externalId }, 'stripe subscription kept changing: left to the webhook');
  };

  /** cancel_at_period_end at Stripe (cancel: true, resume: false), then stored as Stripe answers. */
  const setCancelAtPeriodEnd = async (live: SubscriptionRow, cancel: boolean) => {
    const externalId = live.externalId!;
    let sub: Stripe.Subscription;
    try {
      sub = await stripe.subscriptions.update(
        externalId,
        { cancel_at_period_end: cancel },
        {
          idempotencyKey: `threadline-${cancel ? 'cancel' : 'resume'}-${live.id}-${live.updatedAt.getTime()}`,
        },
      );
    } catch (err) {
      // Ended at Stripe meanwhile (its period is over): store that, and say so rather than a 502.
      const now = await stripe.subscriptions.retrieve(externalId).catch(() => undefined);
      if (now && ENDED.includes(now.status)) {
        await db.transaction((tx) => mirrorStripeSubscription(tx, config, log, now));
        throw conflict(cancel ? NOTHING_TO_CANCEL : ALREADY_ENDED);
      }
      // Stripe keeps a failed answer under its key for a day: a new version of the row makes a new key.
      await db.transaction(async (tx) => {
        await lockBillingUser(tx, live.userId);
        const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, live.id));
        if (row && versionOf(row) === versionOf(live)) await updateSubscription(tx, live.id, {});
      });
      throw stripeFailure(err, log);
    }
    await storeLatest(live, sub);
  };

  return {
    name: 'stripe',

    async createSubscription(user, plan, period) {
      const price = priceFor(config, plan, period);
      const reserved = await reserve(user, plan, period);
      if (reserved.kind === 'repeat') return { clientSecret: reserved.clientSecret };
      const { row, abandoned } = reserved;
      if (abandoned?.externalId) await cancelQuietly(abandoned.externalId);

      let sub: Stripe.Subscription;
      try {
        const customer = await customerFor(user);
        sub = await stripe.subscriptions.create(
          {
            customer,
            items: [{ price }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: {
              threadlineUserId: user.id,
              threadlineSubscriptionId: row.id,
              plan,
              billingPeriod: period,
            },
          },
          { idempotencyKey: `threadline-subscription-${user.id}-${row.id}` },
        );
      } catch (err) {
        await release(row);
        throw stripeFailure(err, log);
      }

      const clientSecret = clientSecretOf(sub);
      const state = stateOf(config, sub);
      const stored = await db.transaction(async (tx) => {
        await lockBillingUser(tx, user.id);
        const live = await liveSubscription(tx, user.id);
        // Reset or another plan won while Stripe answered: this subscription is not wanted any more.
        if (live?.id !== row.id) return false;
        await updateSubscription(tx, row.id, {
          externalId: sub.id,
          status: state.status,
          cancelAtPeriodEnd: state.cancelAtPeriodEnd,
          currentPeriodEnd: state.currentPeriodEnd,
          clientSecret: state.status === 'incomplete' ? (clientSecret ?? null) : null,
        });
        await syncUserPlan(tx, user.id);
        return true;
      });
      if (!stored) {
        await cancelQuietly(sub.id);
        throw conflict(UPGRADE_REPLACED);
      }
      if (!clientSecret) throw new HttpError(502, NO_CLIENT_SECRET);
      return { clientSecret };
    },

    async cancelAtPeriodEnd(user) {
      const live = await liveSubscription(db, user.id);
      if (!grantsPlan(live) || !live?.externalId) throw conflict(NOTHING_TO_CANCEL);
      if (live.cancelAtPeriodEnd) throw conflict(ALREADY_CANCELLING);
      await setCancelAtPeriodEnd(live, true);
    },

    async resume(user) {
      const live = await liveSubscription(db, user.id);
      if (!grantsPlan(live) || !live?.externalId) throw conflict(NOTHING_TO_RESUME);
      if (!live.cancelAtPeriodEnd) throw conflict(NOT_CANCELLING);
      await setCancelAtPeriodEnd(live, false);
    },

    async reset(user) {
      const live = await liveSubscription(db, user.id);
      const [me] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));
      // Never throws a paid plan away, nor one granted by hand (no subscription row), as the sandbox.
      if (grantsPlan(live) || (!live && me?.plan !== 'free')) throw conflict(RESET_ACTIVE);
      // The unpaid subscription is cancelled at Stripe first: it must not be payable after we forget it.
      if (live?.externalId) {
        try {
          await cancelAtStripe(live.externalId);
        } catch (err) {
          throw stripeFailure(err, log);
        }
      }
      const other = await db.transaction(async (tx) => {
        await lockBillingUser(tx, user.id);
        const now = await liveSubscription(tx, user.id);
        if (grantsPlan(now)) throw conflict(RESET_ACTIVE);
        if (!now) return undefined;
        await endSubscription(tx, now, now.status === 'incomplete' ? 'incomplete_expired' : 'canceled');
        // A create slipped in between: its subscription goes too.
        return now.externalId && now.externalId !== live?.externalId ? now.externalId : undefined;
      });
      if (other) await cancelQuietly(other);
    },
  };
}
