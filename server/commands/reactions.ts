// POST /api/reactions toggles the caller's reaction (DECISIONS §6). A transaction-scoped advisory lock on
// (post, user) makes a burst of toggles by one person apply one after another, each seeing the last. An
// emoji new to the post also takes the post's emoji lock, so the cap on distinct emoji (DECISIONS §3) is
// counted by one adder at a time, after the last one committed.
import { and, countDistinct, eq, sql } from 'drizzle-orm';
import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import { FEED } from '../../common/limits.ts';
import type { ReactionResponse } from '../../common/schemas/post.ts';
import type { Db } from '../db/client.ts';
import { reactions } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';
import { postAccess } from '../policies/post.ts';
import { recordAction } from './analytics.ts';
import { bumpFeed } from './feed-version.ts';

export async function toggleReaction(
  db: Db,
  userId: string,
  body: { postId: string; emoji: string },
): Promise<ReactionResponse & { timelineId: string }> {
  return db.transaction(async (tx) => {
    const { post } = await postAccess(tx, body.postId, userId, 'react', { lock: 'key share' });
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`reaction:${post.id}:${userId}`}, 0))`,
    );
    const mine = and(eq(reactions.postId, post.id), eq(reactions.userId, userId));
    const removed = await tx
      .delete(reactions)
      .where(and(mine, eq(reactions.emoji, body.emoji)))
      .returning({ id: reactions.id });
    const reacted = removed.length === 0;
    if (reacted) {
      await withinEmojiCap(tx, post.id, body.emoji);
      await tx.insert(reactions).values({ postId: post.id, userId, emoji: body.emoji });
      // Taking a reaction back records nothing: the row counts reactions given, as they were given.
      await recordAction(tx, post.timelineId, userId, ANALYTICS_ACTIONS.reactionAdded, { emoji: body.emoji });
    }
    const counts = await tx
      .select({ emoji: reactions.emoji, n: sql<number>`count(*)::int` })
      .from(reactions)
      .where(eq(reactions.postId, post.id))
      .groupBy(reactions.emoji);
    const own = await tx
      .select({ emoji: reactions.emoji })
      .from(reactions)
      .where(mine)
      .orderBy(reactions.createdAt);
    await bumpFeed(tx, post.timelineId);
    return {
      timelineId: post.timelineId,
      postId: post.id,
      emoji: body.emoji,
      reacted,
      reactionCounts: Object.fromEntries(counts.map((c) => [c.emoji, c.n])),
      myReactions: own.map((r) => r.emoji),
    };
  });
}

export const EMOJI_CAP_REACHED = `This post has ${FEED.distinctEmojiPerPost} different reactions: add one of those`;

/** Refuses an emoji that would be the post's distinct emoji past the cap; one already there always fits. */
async function withinEmojiCap(tx: Db, postId: string, emoji: string) {
  const onPost = and(eq(reactions.postId, postId), eq(reactions.emoji, emoji));
  const present = async () =>
    (await tx.select({ id: reactions.id }).from(reactions).where(onPost).limit(1)).length;
  if (await present()) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reaction-set:${postId}`}, 0))`);
  // Read again under the lock: an adder that held it before may have added this very emoji, or others.
  if (await present()) return;
  const [row] = await tx
    .select({ n: countDistinct(reactions.emoji) })
    .from(reactions)
    .where(eq(reactions.postId, postId));
  if ((row?.n ?? 0) >= FEED.distinctEmojiPerPost) throw conflict(EMOJI_CAP_REACHED);
}
