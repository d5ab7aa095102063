// Join requests: the owner's and moderators' panel, the requester's own list, and the pending summary.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { JoinRequestStatus } from '../../common/schemas/timeline.ts';
import type { Db } from '../db/client.ts';
import { timelineJoinRequests, timelineMembers, timelines, users } from '../db/schema/index.ts';
import { LIST_FETCH, parseListCursor } from '../http/list-page.ts';
import { isoMicros } from './feed.ts';

/**
 * One page of a threadline's requests, newest first (ties by id), after `cursor`; LIST_FETCH rows so the
 * caller knows whether another page follows. `cursorAt` is createdAt at full precision, for the cursor.
 * timeline_join_requests_timeline_created_idx serves both the plain and the status-filtered list.
 */
export async function listJoinRequests(
  db: Db,
  timelineId: string,
  status: JoinRequestStatus | undefined,
  cursor: string | undefined,
) {
  const after = parseListCursor(cursor);
  const t = timelineJoinRequests;
  return db
    .select({ request: t, user: users, cursorAt: sql<string>`${isoMicros(sql`${t.createdAt}`)}` })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(
      and(
        eq(t.timelineId, timelineId),
        status ? eq(t.status, status) : undefined,
        after ? sql`(${t.createdAt}, ${t.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(LIST_FETCH);
}

export async function listMyJoinRequests(db: Db, userId: string) {
  return db
    .select({ request: timelineJoinRequests, timeline: timelines })
    .from(timelineJoinRequests)
    .innerJoin(timelines, eq(timelines.id, timelineJoinRequests.timelineId))
    .where(eq(timelineJoinRequests.userId, userId))
    .orderBy(desc(timelineJoinRequests.createdAt));
}

/** Who handles a threadline's join requests now: its owner and moderators (real-time addressing). */
export async function requestManagerIds(db: Db, timelineId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: timelineMembers.userId })
    .from(timelineMembers)
    .where(
      and(eq(timelineMembers.timelineId, timelineId), inArray(timelineMembers.role, ['owner', 'moderator'])),
    );
  return rows.map((r) => r.userId);
}

/** Pending counts of the active threadlines the caller owns or moderates; only those above zero. */
export async function pendingRequestsSummary(db: Db, userId: string) {
  return db
    .select({ timelineId: timelineJoinRequests.timelineId, pendingCount: count() })
    .from(timelineMembers)
    .innerJoin(
      timelines,
      and(
        eq(timelines.id, timelineMembers.timelineId),
        isNull(timelines.deletedAt),
        isNull(timelines.archivedAt),
      ),
    )
    .innerJoin(
      timelineJoinRequests,
      and(
        eq(timelineJoinRequests.timelineId, timelineMembers.timelineId),
        eq(timelineJoinRequests.status, 'pending'),
      ),
    )
    .where(and(eq(timelineMembers.userId, userId), inArray(timelineMembers.role, ['owner', 'moderator'])))
    .groupBy(timelineJoinRequests.timelineId);
}
