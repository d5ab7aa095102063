// Password reset and change for local accounts (issue 26; DECISIONS §10). Tokens are 32 random bytes sent
// once by mail and kept only as their SHA-256; using one ends the user's other links and every session.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { shownName } from '../../common/names.ts';
import { RESET_LINK_INVALID, RESET_TOKEN_TTL_MS } from '../../common/schemas/account.ts';
import { hashPassword } from '../auth/passwords.ts';
import { AccountDisabled, type SessionStore } from '../auth/sessions.ts';
import { isMailToken, newMailToken, mailTokenHash as tokenHash } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { passwordResetTokens, type User, users } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/templates.ts';

/**
 * Mails a reset link when `email` belongs to a local account; nothing otherwise. The caller answers the
 * same either way, before this runs (no enumeration by text or timing).
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  linkBase: string,
  now = Date.now(),
): Promise<boolean> {
  const [user] = await db
    .select()
    .from(users)
    // A disabled account gets no link: it could not be used (and the answer is the same).
    .where(and(eq(users.email, email), isNotNull(users.passwordHash), isNull(users.disabledAt)))
    .limit(1);
  if (!user?.email) return false;
  await db.transaction(async (tx) => {
    const link = await issueResetLink(tx, user.id, linkBase, now);
    await queueMail(tx, user.email!, 'password_reset', passwordResetMail({ name: shownName(user), link }));
  });
  return true;
}

/** Stores a new reset token for the user (its hash only) and returns the link that carries it. */
export async function issueResetLink(tx: Db, userId: string, linkBase: string, now = Date.now()) {
  const token = newMailToken();
  await tx.insert(passwordResetTokens).values({
    tokenHash: tokenHash(token),
    userId,
    expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
  });
  return `${linkBase}/reset-password?token=${token}`;
}

/**
 * Sets the password from a mailed token: single use (the row is locked and re-checked), within the hour.
 * Returns the user and the stored keys of the sessions it ended.
 */
export async function resetPassword(
  db: Db,
  sessions: SessionStore,
  input: { token: string; password: string },
  now = Date.now(),
): Promise<{ user: User; endedSessions: string[] }> {
  const invalid = () => badRequest(RESET_LINK_INVALID);
  if (!isMailToken(input.token)) throw invalid();
  const hash = tokenHash(input.token);
  const usable = and(eq(passwordResetTokens.tokenHash, hash), isNull(passwordResetTokens.usedAt));
  // Looked up before the (slow, CPU-bound) hashing so a made-up token costs the server nothing.
  const [found] = await db.select().from(passwordResetTokens).where(usable).limit(1);
  if (!found || found.expiresAt.getTime() <= now) throw invalid();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(passwordResetTokens).where(usable).for('update');
    if (!row || row.expiresAt.getTime() <= now) throw invalid();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(users.id, row.userId))
      .returning();
    // A disabled account is not signed in by a link: nothing changes, the link stays unused. The update
    // waits for a disable in progress on the row, so this sees it.
    if (user!.disabledAt) throw new AccountDisabled();
    // This link and every other one still out for the user.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    const endedSessions = await sessions.destroyAllFor(row.userId, { db: tx });
    return { user: user!, endedSessions };
  });
}

/**
 * Sets a new password for a signed-in user whose current one was checked; ends every other session and
 * mails a notice. Returns the stored keys of the sessions it ended.
 */
export async function changePassword(
  db: Db,
  sessions: SessionStore,
  input: { user: User; newPassword: string; currentSessionKey: string | undefined; signInUrl: string },
  now = Date.now(),
): Promise<string[]> {
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(users.id, input.user.id));
    const ended = await sessions.destroyAllFor(input.user.id, { exceptKey: input.currentSessionKey, db: tx });
    if (input.user.email) {
      await queueMail(
        tx,
        input.user.email,
        'password_changed',
        passwordChangedMail({ name: shownName(input.user), when: new Date(now), signInUrl: input.signInUrl }),
      );
    }
    return ended;
  });
}
