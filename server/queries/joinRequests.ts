// Join requests: the owner's and moderators' panel, the requester's own list, and the pending summary.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { JoinRequestStatus } from '../../common/schemas/timeline.ts';
import type { Db } from '../db/client.ts';
import { timelineJoinRequests, timelineMembers, timelines, users } from '../db/schema/index.ts';

export async function listJoinRequests(db: Db, timelineId: string, status: JoinRequestStatus | undefined) {
  return db
    .select({ request: timelineJoinRequests, user: users })
    .from(timelineJoinRequests)
    .innerJoin(users, eq(users.id, timelineJoinRequests.userId))
    .where(
      and(
        eq(timelineJoinRequests.timelineId, timelineId),
        status ? eq(timelineJoinRequests.status, status) : undefined,
      ),
    )
    .orderBy(desc(timelineJoinRequests.createdAt));
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
