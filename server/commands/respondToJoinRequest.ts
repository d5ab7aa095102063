// Approve or reject a pending join request; approving adds the requester as a participant.
import { and, eq } from 'drizzle-orm';
import { assertMemberQuota } from '../billing/limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type JoinRequestRow, timelineJoinRequests, timelineMembers, timelines } from '../db/schema/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { JOIN_REQUEST_NOT_FOUND } from '../policies/joinRequest.ts';
import { isUuid, type TimelineAccess } from '../policies/timeline.ts';

export type JoinDecision = 'approve' | 'reject';

export async function respondToJoinRequest(
  db: Db,
  config: Config,
  access: TimelineAccess,
  requestId: string,
  decision: JoinDecision,
  responseMessage: string | null,
): Promise<JoinRequestRow> {
  const { timeline, member } = access;
  if (!isUuid(requestId)) throw notFound(JOIN_REQUEST_NOT_FOUND);
  return db.transaction(async (tx) => {
    await tx.select({ id: timelines.id }).from(timelines).where(eq(timelines.id, timeline.id)).for('update');
    const [request] = await tx
      .select()
      .from(timelineJoinRequests)
      .where(and(eq(timelineJoinRequests.id, requestId), eq(timelineJoinRequests.timelineId, timeline.id)));
    if (!request) throw notFound(JOIN_REQUEST_NOT_FOUND);
    if (request.status !== 'pending') throw conflict(`This request has already been ${request.status}`);

    if (decision === 'approve') {
      await assertMemberQuota(tx, config, timeline.id, timeline.ownerId);
      await tx
        .insert(timelineMembers)
        .values({ timelineId: timeline.id, userId: request.userId, role: 'participant' })
        .onConflictDoNothing();
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
    return updated!;
  });
}
