// `users list|show|reset-password|set-plan|disable|enable`: accounts as an operator sees them, and the fixes
// they need.
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { PLANS, type Plan } from '../../../common/plans.ts';
import { passwordSchema } from '../../../common/schemas/user.ts';
import { isTooCommon } from '../../auth/commonPasswords.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { SessionStore } from '../../auth/sessions.ts';
import { grantsPlan, liveSubscription, lockBillingUser } from '../../billing/subscriptions.ts';
import { issueResetLink } from '../../commands/passwords.ts';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, timelineMembers, timelines, users } from '../../db/schema/index.ts';
import { AdminError } from '../errors.ts';
import { findUser } from './find.ts';

export const LIST_LIMIT_MAX = 1000;

/** One page of live accounts, oldest first (stable across pages: created_at, then id). */
export async function listUsers(
  db: Db,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      plan: users.plan,
      storageUsedBytes: users.storageUsedBytes,
      local: sql<boolean>`${users.passwordHash} is not null`,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(Math.min(limit, LIST_LIMIT_MAX))
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  return { rows, total: total?.n ?? 0 };
}

export async function showUser(db: Db, email: string) {
  const user = await findUser(db, email);
  const [owned] = await db
    .select({ n: count() })
    .from(timelines)
    .where(and(eq(timelines.ownerId, user.id), isNull(timelines.deletedAt)));
  const [memberOf] = await db
    .select({ n: count() })
    .from(timelineMembers)
    .where(eq(timelineMembers.userId, user.id));
  const sessions = await new SessionStore(db, UNUSED_SECRET).listFor(user.id);
  const subscription = await liveSubscription(db, user.id);
  return {
    id: user.id,
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
    displayName: user.displayName,
    signIn: user.passwordHash ? 'password' : user.oidcSubject ? 'oidc' : 'none',
    emailVerified: !!user.emailVerifiedAt,
    disabledAt: user.disabledAt,
    plan: user.plan,
    subscription: subscription
      ? `${subscription.provider} ${subscription.plan} (${subscription.status})`
      : null,
    storageUsedBytes: user.storageUsedBytes,
    timelinesOwned: owned?.n ?? 0,
    memberships: memberOf?.n ?? 0,
    liveSessions: sessions.length,
    createdAt: user.createdAt,
  };
}

// Listing and ending sessions by user id reads no cookie token, so the store needs no real secret.
const UNUSED_SECRET = 'admin: no cookie tokens here';

/** A one-time reset link (the same token as the mailed one: single use, one hour); nothing is mailed. */
export async function resetPasswordLink(db: Db, email: string, linkBase: string): Promise<string> {
  const user = await findUser(db, email);
  if (!user.passwordHash) {
    throw new AdminError(
      `${email} signs in through OpenID Connect and has no password: use --stdin to give it one`,
    );
  }
  if (user.disabledAt) {
    throw new AdminError(
      `${email} is disabled, and its reset link would be refused: enable it first, or use --stdin`,
    );
  }
  return db.transaction((tx) => issueResetLink(tx, user.id, linkBase));
}

/**
 * Sets the password (the sign-up rules apply) and ends every session of the account and every reset link
 * still out, as a reset does. Returns the stored keys of the sessions ended (to close their sockets).
 */
export async function setPassword(db: Db, email: string, password: string): Promise<string[]> {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw new AdminError(parsed.error.issues[0]!.message);
  if (isTooCommon(password)) throw new AdminError('This password is too common');
  const user = await findUser(db, email);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    return new SessionStore(tx, UNUSED_SECRET).destroyAllFor(user.id, { db: tx });
  });
}

/**
 * Disables the account (`users.disabled_at`): every sign-in is refused (auth/sessions.ts decides, for every
 * path) and every session ends, in one transaction. The user row is locked first, so a sign-in in flight
 * either made its session before (ended here) or waits and is refused. Returns whether it was disabled
 * already and the stored keys of the sessions ended: the caller publishes them once this has committed.
 */
export async function disableUser(db: Db, email: string): Promise<{ already: boolean; ended: string[] }> {
  const user = await findUser(db, email);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    const already = !!row?.disabledAt;
    if (!already) {
      const now = new Date();
      await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, user.id));
    }
    // Even when it was disabled already: a session row left behind (none should be) goes too.
    const ended = await new SessionStore(tx, UNUSED_SECRET).destroyAllFor(user.id, { db: tx });
    return { already, ended };
  });
}

/** Lets the account sign in again (its sessions stay ended). Returns whether it was disabled. */
export async function enableUser(db: Db, email: string): Promise<boolean> {
  const user = await findUser(db, email);
  const changed = await db
    .update(users)
    .set({ disabledAt: null, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), isNotNull(users.disabledAt)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/**
 * Grants a plan outside billing (users.plan, which the limits read; the sandbox provider already counts such a
 * plan as active). Refused while a paid subscription is in force: billing would put its own plan back.
 */
export async function setPlan(db: Db, email: string, plan: string): Promise<{ from: string; to: Plan }> {
  if (!(PLANS as readonly string[]).includes(plan)) {
    throw new AdminError(`Unknown plan ${plan}: choose one of ${PLANS.join(', ')}`);
  }
  const user = await findUser(db, email);
  return db.transaction(async (tx) => {
    // The billing lock: a checkout or webhook for this user waits, then sees the new plan.
    await lockBillingUser(tx, user.id);
    const live = await liveSubscription(tx, user.id);
    if (grantsPlan(live)) {
      throw new AdminError(
        `${email} has a ${live!.status} ${live!.provider} subscription to ${live!.plan}: change or cancel it through billing instead`,
      );
    }
    const [before] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, user.id));
    await tx
      .update(users)
      .set({ plan: plan as Plan, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return { from: before!.plan, to: plan as Plan };
  });
}
