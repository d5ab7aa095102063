// Test factories: build rows directly instead of copying setup between tests.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../common/roles.ts';
import { sessionCookieName } from '../auth/cookies.ts';
import { hashPassword } from '../auth/passwords.ts';
import { generateJoinCode } from '../commands/createTimeline.ts';
import { adjustMemberCount } from '../commands/memberCount.ts';
import type { Db } from '../db/client.ts';
import {
  comments,
  conversations,
  messages,
  type Post,
  posts,
  reactions,
  type Timeline,
  timelineMembers,
  timelines,
  type User,
  users,
} from '../db/schema/index.ts';

export const TEST_PASSWORD = 'correct horse battery';
/** 80 distinct RGI emoji: the emoticons block, U+1F600 to U+1F64F. */
export const EMOJI = Array.from({ length: 80 }, (_, i) => String.fromCodePoint(0x1f600 + i));
let passwordHash: Promise<string> | undefined;

export async function buildUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      // 64 random bits: with 32, a file making thousands of users met a duplicate now and then.
      email: `user-${randomUUID().replaceAll('-', '').slice(0, 16)}@example.test`,
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

/** A threadline owned by `owner` (its owner membership included), built directly in the database. */
export async function buildThreadline(
  db: Db,
  owner: User,
  overrides: Partial<typeof timelines.$inferInsert> = {},
): Promise<Timeline> {
  const [timeline] = await db
    .insert(timelines)
    .values({
      name: `Threadline ${randomUUID().slice(0, 6)}`,
      joinCode: generateJoinCode(),
      ownerId: owner.id,
      memberCount: 1,
      ...overrides,
    })
    .returning();
  await db.insert(timelineMembers).values({ timelineId: timeline!.id, userId: owner.id, role: 'owner' });
  return timeline!;
}

export async function addMember(db: Db, timeline: Timeline, user: User, role: Role = 'participant') {
  await db.insert(timelineMembers).values({ timelineId: timeline.id, userId: user.id, role });
  await adjustMemberCount(db, [timeline.id], 1);
}

/** Takes `user` out of the threadline as the membership commands do, member count included. */
export async function dropMember(db: Db, timelineId: string, userId: string) {
  const gone = await db
    .delete(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, userId)))
    .returning({ id: timelineMembers.id });
  if (gone.length > 0) await adjustMemberCount(db, [timelineId], -1);
}

/** A signed-in caller for `app.inject`: `as.get(url)`, `as.post(url, body)`... */
export function callerFor(app: FastifyInstance, cookie?: string) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: cookie ? { cookie } : {},
    });
  return {
    get: call('GET'),
    post: call('POST'),
    patch: call('PATCH'),
    put: call('PUT'),
    delete: call('DELETE'),
  };
}

export type Caller = ReturnType<typeof callerFor>;

/** GET /api/subscription/status reads an active subscription ending or renewing at currentPeriodEnd (and `plan`, when given). */
export async function expectActiveSubscription(
  as: Caller,
  {
    plan,
    cancelAtPeriodEnd,
    currentPeriodEnd,
  }: { plan?: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: unknown },
) {
  const status = (await as.get('/api/subscription/status')).json();
  if (plan !== undefined) expect(status.plan).toBe(plan);
  expect(status.subscriptionStatus).toEqual({ status: 'active', cancelAtPeriodEnd, currentPeriodEnd });
}

/** A user with a session: `const ada = await signedInUser(app)`; `ada.as.post(...)`. */
export async function signedInUser(app: FastifyInstance, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(app.db, overrides);
  const cookie = await cookieFor(app, user);
  return { user, cookie, as: callerFor(app, cookie) };
}

export async function buildPost(
  db: Db,
  timeline: Timeline,
  author: User,
  overrides: Partial<typeof posts.$inferInsert> = {},
): Promise<Post> {
  const [post] = await db
    .insert(posts)
    .values({ timelineId: timeline.id, authorId: author.id, content: 'Hello', ...overrides })
    .returning();
  return post!;
}

export async function buildComment(
  db: Db,
  post: Post,
  author: User,
  overrides: Partial<typeof comments.$inferInsert> = {},
) {
  const [comment] = await db
    .insert(comments)
    .values({
      postId: post.id,
      timelineId: post.timelineId,
      authorId: author.id,
      content: 'Nice',
      ...overrides,
    })
    .returning();
  return comment!;
}

/** A post whose `createdAt` is an exact timestamp with microseconds (e.g. '2026-01-01T00:00:00.123456Z'). */
export async function buildPostAt(
  db: Db,
  timeline: Timeline,
  author: User,
  createdAt: string,
  overrides: Partial<typeof posts.$inferInsert> = {},
): Promise<Post> {
  return buildPost(db, timeline, author, {
    ...overrides,
    createdAt: sql`${createdAt}::timestamptz` as unknown as Date,
  });
}

export async function buildReaction(db: Db, post: Post, user: User, emoji = '\u2764\uFE0F') {
  const [reaction] = await db
    .insert(reactions)
    .values({ postId: post.id, userId: user.id, emoji })
    .returning();
  return reaction!;
}

/** A conversation between `initiator` and `recipient` in `timeline`, built directly (no rule checked). */
export async function buildConversation(
  db: Db,
  timeline: Timeline,
  initiator: User,
  recipient: User,
  overrides: Partial<typeof conversations.$inferInsert> = {},
) {
  const [conversation] = await db
    .insert(conversations)
    .values({ timelineId: timeline.id, initiatorId: initiator.id, recipientId: recipient.id, ...overrides })
    .returning();
  return conversation!;
}

/**
 * A message in `conversation` (its lastMessageAt moved along). `createdAt` may be an exact timestamp with
 * microseconds ('2026-01-01T00:00:00.123456Z') for keyset tests.
 */
export async function buildMessage(
  db: Db,
  conversation: { id: string },
  sender: User,
  options: { content?: string; createdAt?: string } = {},
) {
  const [message] = await db
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId: sender.id,
      content: options.content ?? 'Hi',
      ...(options.createdAt && { createdAt: sql`${options.createdAt}::timestamptz` as unknown as Date }),
    })
    .returning();
  await db
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt},
        (select created_at from messages where id = ${message!.id}))`,
    })
    .where(sql`${conversations.id} = ${conversation.id}`);
  return message!;
}
