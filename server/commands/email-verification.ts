// E-mail confirmation (issue 26; DECISIONS §10): after sign-up, and for a new address, which replaces the old
// one only once its link is opened. Tokens: SHA-256 only, single use, 24 hours.
import { and, eq, isNull } from 'drizzle-orm';
import { shownName } from '../../common/names.ts';
import { EMAIL_LINK_INVALID, EMAIL_TOKEN_TTL_MS } from '../../common/schemas/account.ts';
import { DUPLICATE_EMAIL } from '../auth/localAccounts.ts';
import { AccountDisabled } from '../auth/sessions.ts';
import { isMailToken, mailTokenHash, newMailToken } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { emailTokens, type User, users } from '../db/schema/index.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { verifyEmailMail } from '../mail/templates.ts';
import { bumpFeedsOfUser } from './feed-version.ts';

/** Queues a confirmation link for `email` in the caller's transaction. */
export async function queueEmailConfirmation(
  tx: Db,
  user: User,
  purpose: 'verify' | 'change',
  email: string,
  linkBase: string,
  now = Date.now(),
): Promise<void> {
  const token = newMailToken();
  await tx.insert(emailTokens).values({
    tokenHash: mailTokenHash(token),
    userId: user.id,
    purpose,
    email,
    expiresAt: new Date(now + EMAIL_TOKEN_TTL_MS),
  });
  const link = `${linkBase}/verify-email?token=${token}`;
  await queueMail(
    tx,
    email,
    purpose === 'verify' ? 'verify_email' : 'change_email',
    verifyEmailMail({ name: shownName(user), link, change: purpose === 'change' }),
  );
}

/**
 * Opens a confirmation link: `verify` marks the account's address confirmed (if it is still the account's),
 * `change` makes the new address the account's, confirmed. Single use under concurrency (row lock).
 */
export async function confirmEmail(db: Db, token: string, now = Date.now()): Promise<User> {
  const invalid = () => badRequest(EMAIL_LINK_INVALID);
  if (!isMailToken(token)) throw invalid();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, mailTokenHash(token)), isNull(emailTokens.usedAt)))
      .for('update');
    if (!row || row.expiresAt.getTime() <= now) throw invalid();
    // The owner's feed pages show members' addresses (issue 28); threadlines before the user row, as posts.
    if (row.purpose === 'change') await bumpFeedsOfUser(tx, row.userId);
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
    // A `verify` link for an address the account no longer has confirms nothing.
    if (!user || (row.purpose === 'verify' && user.email !== row.email)) throw invalid();
    // A disabled account's links do nothing until it is enabled (the row is locked: no disable slips by).
    if (user.disabledAt) throw new AccountDisabled();
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date(now) })
      .where(eq(emailTokens.tokenHash, row.tokenHash));
    if (row.purpose === 'change') {
      // Other new addresses still waiting are dropped: the one confirmed wins.
      await tx
        .update(emailTokens)
        .set({ usedAt: new Date(now) })
        .where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)));
    }
    try {
      const [updated] = await tx
        .update(users)
        .set({ email: row.email, emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
        .where(eq(users.id, user.id))
        .returning();
      return updated!;
    } catch (err) {
      // Someone else took the address meanwhile.
      if (isUniqueViolation(err, 'users_email_unique')) throw conflict(DUPLICATE_EMAIL);
      throw err;
    }
  });
}

/** Whether another account holds `email` (a change to it would never confirm). */
export async function emailTaken(db: Db, email: string, userId: string): Promise<boolean> {
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(other && other.id !== userId);
}
