// BILLING_PROVIDER=sandbox (the default): the whole subscription lifecycle with no money (DECISIONS §4). The
// client secret is an unguessable token that only its owner can confirm (POST /api/subscription/sandbox/
// confirm); the test clock (advance) ends the current period now, as Stripe's test clocks do.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BillingPeriod, PaidPlan } from '../../common/plans.ts';
import { SANDBOX_DECLINE_MESSAGE } from '../../common/schemas/billing.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { subscriptions, type User, users } from '../db/schema/index.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { settlePeriod } from './period-end.ts';
import type { BillingProvider } from './provider.ts';
import {
  addPeriod,
  endSubscription,
  grantsPlan,
  insertSubscription,
  liveSubscription,
  lockBillingUser,
  syncUserPlan,
  updateSubscription,
} from './subscriptions.ts';

export const ALREADY_SUBSCRIBED = 'You already have an active subscription';
export const NOTHING_TO_CANCEL = 'You have no active subscription to cancel';
export const ALREADY_CANCELLING = 'Your subscription is already set to end at the end of its period';
export const NOTHING_TO_RESUME = 'You have no subscription to resume';
export const NOT_CANCELLING = 'Your subscription is not set to end, so there is nothing to resume';
export const ALREADY_ENDED = 'Your subscription has already ended: choose a plan to subscribe again';
export const RESET_ACTIVE = 'Your subscription is active: cancel it instead';
export const NOTHING_TO_ADVANCE = 'You have no active subscription to advance';
export const PAYMENT_NOT_FOUND = 'Payment not found';

const token = () => randomBytes(18).toString('base64url');
/** Shaped like Stripe's SetupIntent secret so it reads as one in logs and the client; 2 x 144 random bits. */
export const newSandboxSecret = () => `sandbox_seti_${token()}_secret_${token()}`;

export class SandboxProvider implements BillingProvider {
  readonly name = 'sandbox' as const;
  constructor(readonly db: Db) {}

  async createSubscription(
    user: User,
    plan: PaidPlan,
    period: BillingPeriod,
  ): Promise<{ clientSecret: string }> {
    // The user lock makes parallel creates take turns: the later ones find the first one's row and answer its
    // secret. The unique index is the backstop; a clash is retried once against the row that won.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          await lockBillingUser(tx, user.id);
          const [me] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));
          const live = await liveSubscription(tx, user.id);
          // A plan granted outside billing (users.plan set by hand) counts as active too.
          if (grantsPlan(live) || (!live && me?.plan !== 'free')) throw conflict(ALREADY_SUBSCRIBED);
          if (live) {
            if (
              live.status === 'incomplete' &&
              live.plan === plan &&
              live.billingPeriod === period &&
              live.clientSecret
            ) {
              return { clientSecret: live.clientSecret };
            }
            // Another plan or period (or a stale unpaid one): the old payment can no longer be confirmed.
            await endSubscription(tx, live, live.status === 'incomplete' ? 'incomplete_expired' : 'canceled');
          }
          const row = await insertSubscription(tx, {
            userId: user.id,
            provider: 'sandbox',
            plan,
            billingPeriod: period,
            status: 'incomplete',
            clientSecret: newSandboxSecret(),
          });
          return { clientSecret: row.clientSecret! };
        });
      } catch (err) {
        if (attempt < 2 && isUniqueViolation(err, 'subscriptions_user_live_unique')) continue;
        throw err;
      }
    }
  }

  async cancelAtPeriodEnd(user: User): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockBillingUser(tx, user.id);
      const live = await liveSubscription(tx, user.id);
      if (!grantsPlan(live)) throw conflict(NOTHING_TO_CANCEL);
      if (live!.cancelAtPeriodEnd) throw conflict(ALREADY_CANCELLING);
      await updateSubscription(tx, live!.id, { cancelAtPeriodEnd: true });
    });
  }

  async resume(user: User, now = new Date()): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      await lockBillingUser(tx, user.id);
      // Checked under the locks: a cancel or the period's end that got there first decides the answer.
      const live = await liveSubscription(tx, user.id, { lock: true });
      if (!grantsPlan(live)) throw conflict(NOTHING_TO_RESUME);
      if (!live!.cancelAtPeriodEnd) throw conflict(NOT_CANCELLING);
      // The period is over though no sweep has ended it yet: it ends now (kept), and cannot be resumed.
      if ((await settlePeriod(tx, live!, now)) === 'ended') return true;
      await updateSubscription(tx, live!.id, { cancelAtPeriodEnd: false });
      return false;
    });
    if (ended) throw conflict(ALREADY_ENDED);
  }

  /** Abandons an incomplete subscription; with none there is nothing to do (a repeat is fine). */
  async reset(user: User): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockBillingUser(tx, user.id);
      const live = await liveSubscription(tx, user.id);
      const [me] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));
      // Never throws a paid plan away, nor one granted by hand (no subscription row).
      if (grantsPlan(live) || (!live && me?.plan !== 'free')) throw conflict(RESET_ACTIVE);
      if (live)
        await endSubscription(tx, live, live.status === 'incomplete' ? 'incomplete_expired' : 'canceled');
    });
  }

  /** Pays the caller's incomplete subscription of `clientSecret`: active for one period from `now`. */
  async confirm(
    user: User,
    clientSecret: string,
    outcome: 'succeed' | 'decline',
    now = new Date(),
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockBillingUser(tx, user.id);
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, user.id),
            eq(subscriptions.status, 'incomplete'),
            eq(subscriptions.clientSecret, clientSecret),
          ),
        );
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      // Declined: nothing changes, the subscription stays incomplete and can be paid again or reset.
      if (outcome === 'decline') throw new HttpError(402, SANDBOX_DECLINE_MESSAGE);
      const period = row.billingPeriod === 'yearly' ? 'yearly' : 'monthly';
      await updateSubscription(tx, row.id, {
        status: 'active',
        clientSecret: null,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: addPeriod(now, period),
      });
      await syncUserPlan(tx, user.id);
    });
  }

  /** The test clock: the current period ends now (a cancelled subscription ends, an active one renews). */
  async advance(user: User, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockBillingUser(tx, user.id);
      const live = await liveSubscription(tx, user.id);
      if (!grantsPlan(live)) throw conflict(NOTHING_TO_ADVANCE);
      const due = await updateSubscription(tx, live!.id, { currentPeriodEnd: now });
      await settlePeriod(tx, due, now);
    });
  }
}
