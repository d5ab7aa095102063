// Approve or reject a pending join request (approving adds the requester as a participant), and the
// requester's retraction. Both lock the threadline first, so a retraction and an approval never cross.
import { and, eq } from 'drizzle-orm';
import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import { assertMemberQuota } from '../billing/limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type JoinRequestRow, timelineJoinRequests, timelineMembers } from '../db/schema/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { type InboxChanges, notifyRequestOutcome, settleJoinRequests } from '../notifications/membership.ts';
import { authorizeRetract, JOIN_REQUEST_NOT_FOUND, ownJoinRequest } from '../policies/joinRequest.ts';
import { isUuid, type TimelineAccess, timelineFor } from '../policies/timeline.ts';
import { recordAction } from './analytics.ts';
import { isBlocked } from './joinByCode.ts';
import { lockTimeline } from './lock.ts';
import { adjustMemberCount } from './memberCount.ts';

export type JoinDecision = 'approve' | 'reject';

export async function respondToJoinRequest(
  db: Db,
  config: Config,
  access: TimelineAccess,
  requestId: string,
  decision: JoinDecision,
  responseMessage: string | null,
): Promise<{ request: JoinRequestRow; inbox: InboxChanges }> {
  if (!isUuid(requestId)) throw notFound(JOIN_REQUEST_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockTimeline(tx, access.timeline.id);
    // The threadline or the responder's role may have changed since the route looked: look again.
    const { timeline, member } = await timelineFor(
      tx,
      access.timeline.id,
      access.member.userId,
      'respondToJoinRequests',
    );
    const [request] = await tx
      .select()
      .from(timelineJoinRequests)
      .where(and(eq(timelineJoinRequests.id, requestId), eq(timelineJoinRequests.timelineId, timeline.id)));
    if (!request) throw notFound(JOIN_REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw conflict(`This request has already been ${request.status}`);

    if (decision === 'approve') {
      if (await isBlocked(tx, timeline.id, request.userId)) {
        throw conflict('This user is blocked from this timeline: unblock them first');
      }
      await assertMemberQuota(tx, config, timeline.id, timeline.ownerId);
      const added = await tx
        .insert(timelineMembers)
        .values({ timelineId: timeline.id, userId: request.userId, role: 'participant' })
        .onConflictDoNothing()
        .returning({ id: timelineMembers.id });
      if (added.length > 0) {
        await adjustMemberCount(tx, [timeline.id], 1);
        await recordAction(tx, timeline.id, request.userId, ANALYTICS_ACTIONS.memberJoined, {
          approvedBy: member.userId,
        });
      }
    }
    const [updated] = await tx
      .update(timelineJoinRequests)
      .set({
        status: decision === 'approve' ? 'approved' : 'rejected',
        ...(decision === 'approve' ? { approvedBy: member.userId } : { rejectedBy: member.userId }),
        responseMessage,
        processedAt: new Date(),
      })
      .where(eq(timelineJoinRequests.id, request.id))
      .returning();
    if (!updated) throw notFound(JOIN_REQUEST_NOT_FOUND);
    // Decided once, under the lock: the requester hears once; the managers' notifications of it are done.
    const outcome = decision === 'approve' ? 'approved' : 'rejected';
    const created = await notifyRequestOutcome(tx, timeline, updated, outcome, member.userId);
    const read = await settleJoinRequests(tx, timeline.id, [updated.id]);
    return { request: updated, inbox: { created, read } };
  });
}

/** The requester takes back their own pending request (it is deleted, spec 000 §4). */
export async function retractJoinRequest(
  db: Db,
  requestId: string,
  userId: string,
): Promise<{ timelineId: string; inbox: InboxChanges }> {
  const { timelineId } = await ownJoinRequest(db, requestId, userId);
  return db.transaction(async (tx) => {
    await lockTimeline(tx, timelineId);
    const current = await ownJoinRequest(tx, requestId, userId);
    authorizeRetract(current);
    await tx.delete(timelineJoinRequests).where(eq(timelineJoinRequests.id, current.id));
    const read = await settleJoinRequests(tx, current.timelineId, [current.id]);
    return { timelineId: current.timelineId, inbox: { created: [], read } };
  });
}
