// Unread posts and comments per threadline (DECISIONS §6): by others, after the last view (or joining).
// Each count stops at UNREAD_CAP: the badge shows 99+ from 100 on, and a capped count costs the same
// however many posts a threadline holds (bench/timelines-list.ts measures it).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordView } from '../commands/analytics.ts';
import type { Db } from '../db/client.ts';
import { comments, posts, timelineMembers, timelines, userTimelineViews } from '../db/schema/index.ts';

export const UNREAD_CAP = 100;

export async function unreadCounts(db: Db, userId: string) {
  const postsSince = sql`coalesce(${userTimelineViews.lastViewedAt}, ${timelineMembers.joinedAt})`;
  const commentsSince = sql`coalesce(${userTimelineViews.lastCommentViewedAt}, ${timelineMembers.joinedAt})`;
  return db
    .select({
      timelineId: timelineMembers.timelineId,
      unreadPostCount: sql<number>`(select count(*)::int from (
        select 1 from ${posts} p
        where p.timeline_id = ${timelineMembers.timelineId} and p.created_at > ${postsSince}
          and p.author_id <> ${userId} and p.deleted_at is null
        limit ${UNREAD_CAP}) unread_posts)`,
      unreadCommentCount: sql<number>`(select count(*)::int from (
        select 1 from ${comments} c
        where c.timeline_id = ${timelineMembers.timelineId} and c.created_at > ${commentsSince}
          and c.author_id <> ${userId}
        limit ${UNREAD_CAP}) unread_comments)`,
    })
    .from(timelineMembers)
    .innerJoin(timelines, and(eq(timelines.id, timelineMembers.timelineId), isNull(timelines.deletedAt)))
    .leftJoin(
      userTimelineViews,
      and(eq(userTimelineViews.userId, userId), eq(userTimelineViews.timelineId, timelineMembers.timelineId)),
    )
    .where(eq(timelineMembers.userId, userId));
}

/** POST mark-viewed / mark-comments-viewed: moves one of the two marks to now. */
export async function markViewed(db: Db, userId: string, timelineId: string, which: 'posts' | 'comments') {
  const now = new Date();
  const set = which === 'posts' ? { lastViewedAt: now } : { lastCommentViewedAt: now };
  await db.transaction(async (tx) => {
    await tx
      .insert(userTimelineViews)
      .values({ userId, timelineId, ...set })
      .onConflictDoUpdate({ target: [userTimelineViews.userId, userTimelineViews.timelineId], set });
    // Opening the threadline marks its posts viewed: that is the day's "viewed" for Insights.
    if (which === 'posts') await recordView(tx, timelineId, userId);
  });
  return now;
}
