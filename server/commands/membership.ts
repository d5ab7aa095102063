// Writes on who belongs to a threadline: leave, remove and block, unblock, role change.
import { and, eq, ne } from 'drizzle-orm';
import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import type { AssignableRole } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import {
  type TimelineMember,
  timelineBlockedUsers,
  timelineJoinRequests,
  timelineMembers,
  timelines,
} from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import {
  type InboxChanges,
  notifyRemoved,
  notifyRoleChanged,
  settleJoinRequests,
} from '../notifications/membership.ts';
import { isUuid, type TimelineAccess } from '../policies/timeline.ts';
import { recordAction } from './analytics.ts';
import { bumpFeeds } from './feed-version.ts';
import { lockTimeline } from './lock.ts';
import { adjustMemberCount } from './memberCount.ts';

const MEMBER_NOT_FOUND = 'Member not found';

/** The member `userId` of this threadline (not the owner), or 404 / 403. */
export async function otherMember(db: Db, access: TimelineAccess, userId: string): Promise<TimelineMember> {
  if (!isUuid(userId)) throw notFound(MEMBER_NOT_FOUND);
  const [target] = await db
    .select()
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, access.timeline.id), eq(timelineMembers.userId, userId)));
  if (!target) throw notFound(MEMBER_NOT_FOUND);
  if (target.role === 'owner') throw forbidden('The owner cannot be changed or removed');
  return target;
}

/** A member who is gone can no longer be offered the threadline. */
async function dropOwnershipOffer(tx: Db, timelineId: string, userId: string) {
  await tx
    .update(timelines)
    .set({ pendingOwnerId: null })
    .where(and(eq(timelines.id, timelineId), eq(timelines.pendingOwnerId, userId)));
}

export async function leaveTimeline(db: Db, access: TimelineAccess): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTimeline(tx, access.timeline.id);
    const left = await tx
      .delete(timelineMembers)
      .where(and(eq(timelineMembers.id, access.member.id), ne(timelineMembers.role, 'owner')))
      .returning({ id: timelineMembers.id });
    if (left.length > 0) {
      await adjustMemberCount(tx, [access.timeline.id], -1);
      await recordAction(tx, access.timeline.id, access.member.userId, ANALYTICS_ACTIONS.memberLeft);
      await dropOwnershipOffer(tx, access.timeline.id, access.member.userId);
    }
  });
}

/**
 * Removes the member, blocks them and cancels their pending requests (spec 001 §4), under the threadline's
 * lock: a join or request racing it either lands first and is undone here, or sees the block.
 */
export async function removeAndBlock(
  db: Db,
  access: TimelineAccess,
  userId: string,
  reason: string | null,
): Promise<{ userId: string; cancelledRequests: number; inbox: InboxChanges }> {
  const timelineId = access.timeline.id;
  return db.transaction(async (tx) => {
    await lockTimeline(tx, timelineId);
    const target = await otherMember(tx, access, userId);
    const removed = await tx
      .delete(timelineMembers)
      .where(eq(timelineMembers.id, target.id))
      .returning({ id: timelineMembers.id });
    // Found under the lock, so normally one row; counted by what the delete returned all the same.
    if (removed.length > 0) await adjustMemberCount(tx, [timelineId], -1);
    await dropOwnershipOffer(tx, timelineId, target.userId);
    await recordAction(tx, timelineId, target.userId, ANALYTICS_ACTIONS.memberRemoved, {
      removedBy: access.member.userId,
    });
    await tx
      .insert(timelineBlockedUsers)
      .values({ timelineId, userId, blockedBy: access.member.userId, reason })
      .onConflictDoUpdate({
        target: [timelineBlockedUsers.timelineId, timelineBlockedUsers.userId],
        set: { reason, blockedBy: access.member.userId, blockedAt: new Date() },
      });
    const cancelled = await tx
      .delete(timelineJoinRequests)
      .where(
        and(
          eq(timelineJoinRequests.timelineId, timelineId),
          eq(timelineJoinRequests.userId, userId),
          eq(timelineJoinRequests.status, 'pending'),
        ),
      )
      .returning({ id: timelineJoinRequests.id });
    const created = await notifyRemoved(tx, access.timeline, target.userId);
    const read = await settleJoinRequests(
      tx,
      timelineId,
      cancelled.map((r) => r.id),
    );
    return { userId: target.userId, cancelledRequests: cancelled.length, inbox: { created, read } };
  });
}

export async function unblock(db: Db, access: TimelineAccess, userId: string): Promise<void> {
  if (!isUuid(userId)) throw notFound('Blocked user not found');
  await db.transaction(async (tx) => {
    await lockTimeline(tx, access.timeline.id);
    const removed = await tx
      .delete(timelineBlockedUsers)
      .where(
        and(eq(timelineBlockedUsers.timelineId, access.timeline.id), eq(timelineBlockedUsers.userId, userId)),
      )
      .returning({ id: timelineBlockedUsers.id });
    if (removed.length === 0) throw notFound('Blocked user not found');
  });
}

/**
 * Under the threadline lock, so no post or comment checked against the old role lands after the change. The
 * member is told of a new role (setting the one they have tells nothing).
 */
export async function changeRole(
  db: Db,
  access: TimelineAccess,
  userId: string,
  role: AssignableRole,
): Promise<{ member: TimelineMember; inbox: InboxChanges }> {
  return db.transaction(async (tx) => {
    await lockTimeline(tx, access.timeline.id);
    const target = await otherMember(tx, access, userId);
    const [updated] = await tx
      .update(timelineMembers)
      .set({ role })
      .where(eq(timelineMembers.id, target.id))
      .returning();
    await bumpFeeds(tx, [access.timeline.id]);
    const created =
      target.role === role
        ? []
        : await notifyRoleChanged(tx, access.timeline, target.userId, role, access.member.userId);
    return { member: updated!, inbox: { created, read: [] } };
  });
}
