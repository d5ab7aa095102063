// POST /api/timelines/join: every outcome of DECISIONS §5, in the order it lists them.
import { and, desc, eq } from 'drizzle-orm';
import type { JoinResponse } from '../../common/schemas/timeline.ts';
import { assertMemberQuota } from '../billing/limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  timelineBlockedUsers,
  timelineJoinRequests,
  timelineMembers,
  timelines,
} from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';

export const JOIN_MESSAGES = {
  joined: 'Joined timeline successfully!',
  pending: 'Your request is pending approval from the timeline owner.',
  alreadyMember: 'You are already a member of this timeline',
} as const;

export class UnknownJoinCode extends Error {}

export interface JoinInput {
  joinCode: string;
  message?: string | null;
}

export async function joinByCode(
  db: Db,
  config: Config,
  userId: string,
  input: JoinInput,
): Promise<JoinResponse> {
  const [timeline] = await db.select().from(timelines).where(eq(timelines.joinCode, input.joinCode));
  if (!timeline) throw new UnknownJoinCode();
  if (timeline.deletedAt) throw notFound('Timeline not found or has been deleted');
  if (timeline.archivedAt) throw forbidden('Timeline is archived and not accepting new members');

  const [blocked] = await db
    .select({ id: timelineBlockedUsers.id })
    .from(timelineBlockedUsers)
    .where(and(eq(timelineBlockedUsers.timelineId, timeline.id), eq(timelineBlockedUsers.userId, userId)));
  if (blocked) throw forbidden('You are blocked from this timeline');

  const ref = { id: timeline.id };
  if (await isMember(db, timeline.id, userId)) {
    return {
      requiresApproval: false,
      status: 'already_member',
      message: JOIN_MESSAGES.alreadyMember,
      timeline: ref,
    };
  }

  const [lastRequest] = await db
    .select()
    .from(timelineJoinRequests)
    .where(and(eq(timelineJoinRequests.timelineId, timeline.id), eq(timelineJoinRequests.userId, userId)))
    .orderBy(desc(timelineJoinRequests.createdAt))
    .limit(1);

  if (timeline.joinApprovalRequired) {
    if (lastRequest?.status === 'pending') {
      return { requiresApproval: true, status: 'pending', message: JOIN_MESSAGES.pending, timeline: ref };
    }
    if (lastRequest?.status === 'rejected') throw forbidden('Your join request was rejected');
    await assertMemberQuota(db, config, timeline.id, timeline.ownerId);
    // The partial unique index keeps one pending request per user; a racing twin is simply ignored.
    await db
      .insert(timelineJoinRequests)
      .values({ timelineId: timeline.id, userId, message: input.message ?? null })
      .onConflictDoNothing();
    return { requiresApproval: true, status: 'pending', message: JOIN_MESSAGES.pending, timeline: ref };
  }

  await db.transaction(async (tx) => {
    // Locks the threadline so concurrent joins cannot overshoot the member limit.
    await tx.select({ id: timelines.id }).from(timelines).where(eq(timelines.id, timeline.id)).for('update');
    await assertMemberQuota(tx, config, timeline.id, timeline.ownerId);
    await tx
      .insert(timelineMembers)
      .values({ timelineId: timeline.id, userId, role: 'participant' })
      .onConflictDoNothing();
    // A request left pending from when approval was on is settled by the direct join.
    if (lastRequest?.status === 'pending') {
      await tx
        .update(timelineJoinRequests)
        .set({ status: 'approved', processedAt: new Date() })
        .where(eq(timelineJoinRequests.id, lastRequest.id));
    }
  });
  return { requiresApproval: false, status: 'joined', message: JOIN_MESSAGES.joined, timeline: ref };
}

export async function isMember(db: Db, timelineId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timelineMembers.id })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, userId)));
  return row !== undefined;
}
