// POST /api/reactions toggles the caller's reaction (DECISIONS §6). A transaction-scoped advisory lock on
// (post, user) makes a burst of toggles by one person apply one after another, each seeing the last.
import { and, eq, sql } from 'drizzle-orm';
import type { ReactionResponse } from '../../common/schemas/post.ts';
import type { Db } from '../db/client.ts';
import { reactions } from '../db/schema/index.ts';
import { postAccess } from '../policies/post.ts';

export async function toggleReaction(
  db: Db,
  userId: string,
  body: { postId: string; emoji: string },
): Promise<ReactionResponse & { timelineId: string }> {
  return db.transaction(async (tx) => {
    const { post } = await postAccess(tx, body.postId, userId, 'react', { lock: 'share' });
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`reaction:${post.id}:${userId}`}, 0))`,
    );
    const mine = and(eq(reactions.postId, post.id), eq(reactions.userId, userId));
    const removed = await tx
      .delete(reactions)
      .where(and(mine, eq(reactions.emoji, body.emoji)))
      .returning({ id: reactions.id });
    const reacted = removed.length === 0;
    if (reacted) await tx.insert(reactions).values({ postId: post.id, userId, emoji: body.emoji });
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
