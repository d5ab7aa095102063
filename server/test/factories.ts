// Test factories: build rows directly instead of copying setup between tests.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sessionCookieName } from '../auth/cookies.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { type User, users } from '../db/schema/index.ts';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export async function buildUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${randomUUID().slice(0, 8)}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await passwordHash,
      ...overrides,
    })
    .returning();
  return user!;
}

/** A Cookie header that signs `user` in, without going through the sign-in route. */
export async function cookieFor(app: FastifyInstance, user: User): Promise<string> {
  const token = await app.sessions.create(user.id);
  return `${sessionCookieName(app.config)}=${token}`;
}
