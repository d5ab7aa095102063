// Built-in accounts (AUTH_PROVIDER=local): registration and password sign-in.
import { eq } from 'drizzle-orm';
import type { LoginBody, RegisterBody } from '../../common/schemas/user.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type User, users } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const DUPLICATE_EMAIL = 'An account with this email already exists';

/** Creates the account; `afterInsert` runs in the same transaction (the confirmation mail is queued there). */
export async function registerLocalUser(
  db: Db,
  body: RegisterBody,
  afterInsert: (tx: Db, user: User) => Promise<void> = async () => {},
): Promise<User> {
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.firstName ?? null,
          lastName: body.lastName ?? null,
        })
        .returning();
      await afterInsert(tx, user!);
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw conflict(DUPLICATE_EMAIL);
    throw err;
  }
}

/** The user for these credentials, or null. */
export async function authenticateLocalUser(db: Db, body: LoginBody): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, body.email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  return ok && user ? user : null;
}
