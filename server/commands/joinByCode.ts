// POST /api/timelines/join: every outcome of DECISIONS §5, in the order it lists them, decided under the
// threadline's lock so a block, an archive or a full plan that lands meanwhile is always seen.
import { and, desc, eq } from 'drizzle-orm';
import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import { JOIN_MESSAGES } from '../../common/join-messages.ts';
import type { JoinResponse } from '../../common/schemas/timeline.ts';
import { assertMemberQuota } from '../billing/limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  timelineBlockedUsers,
  timelineJoinRequests,
  timelineMembers,
  timelines,
  users,
} from '../db/schema/index.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import {
  type InboxChanges,
  noInboxChanges,
  notifyJoinRequest,
  settleJoinRequests,
} from '../notifications/membership.ts';
import { recordAction } from './analytics.ts';
import { lockTimeline } from './lock.ts';
import { adjustMemberCount } from './memberCount.ts';

export class UnknownJoinCode extends Error {}

export interface JoinInput {
  joinCode: string;
  message?: string | null;
}

/** The answer, and what changed (for real-time events): a member added, a request created or settled. */
export interface JoinOutcome {
  answer: JoinResponse;
  timelineId: string;
  joined: boolean;
  newRequestId: string | null;
  settledRequest: boolean;
  /** The managers' join_request notifications: written for a new request, read for a settled one. */
  inbox: InboxChanges;
}

export async function joinByCode(
  db: Db,
  config: Config,
  userId: string,
  input: JoinInput,
): Promise<JoinOutcome> {
  const [found] = await db
    .select({ id: timelines.id })
    .from(timelines)
    .where(eq(timelines.joinCode, input.joinCode));
  if (!found) throw new UnknownJoinCode();
  const ref = { id: found.id };
  const outcome = (answer: JoinResponse, changes: Partial<JoinOutcome> = {}): JoinOutcome => ({
    answer,
    timelineId: found.id,
    joined: false,
    newRequestId: null,
    settledRequest: false,
    inbox: noInboxChanges(),
    ...changes,
  });

  return db.transaction(async (tx) => {
    // The caller's row first, in share mode: an account deletion in flight (which holds it) commits before
    // this reads it, and a deleted account joins nothing. Before the threadline, as the deletion locks them.
    const [me] = await tx
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    if (!me || me.deletedAt) throw unauthorized();
    const timeline = (await lockTimeline(tx, found.id))!;
    if (timeline.deletedAt) throw notFound('Timeline not found or has been deleted');
    if (timeline.archivedAt) throw forbidden('Timeline is archived and not accepting new members');
    if (await isBlocked(tx, timeline.id, userId)) throw forbidden('You are blocked from this timeline');
    if (await isMember(tx, timeline.id, userId)) {
      return outcome({
        requiresApproval: false,
        status: 'already_member',
        message: JOIN_MESSAGES.alreadyMember,
        timeline: ref,
      });
    }

    const [lastRequest] = await tx
      .select()
      .from(timelineJoinRequests)
      .where(and(eq(timelineJoinRequests.timelineId, timeline.id), eq(timelineJoinRequests.userId, userId)))
      .orderBy(desc(timelineJoinRequests.createdAt))
      .limit(1);
    const pending = {
      requiresApproval: true,
      status: 'pending',
      message: JOIN_MESSAGES.pending,
      timeline: ref,
    } as const;

    if (timeline.joinApprovalRequired) {
      if (lastRequest?.status === 'pending') return outcome(pending);
      if (lastRequest?.status === 'rejected') throw forbidden('Your join request was rejected');
      await assertMemberQuota(tx, config, timeline.id, timeline.ownerId);
      // The partial unique index keeps one pending request per user even without the lock.
      const [created] = await tx
        .insert(timelineJoinRequests)
        .values({ timelineId: timeline.id, userId, message: input.message ?? null })
        .onConflictDoNothing()
        .returning({ id: timelineJoinRequests.id });
      if (!created) return outcome(pending);
      await recordAction(tx, timeline.id, userId, ANALYTICS_ACTIONS.joinRequested);
      const notified = await notifyJoinRequest(tx, timeline, created.id, userId);
      return outcome(pending, { newRequestId: created.id, inbox: { created: notified, read: [] } });
    }

    await assertMemberQuota(tx, config, timeline.id, timeline.ownerId);
    const added = await tx
      .insert(timelineMembers)
      .values({ timelineId: timeline.id, userId, role: 'participant' })
      .onConflictDoNothing()
      .returning({ id: timelineMembers.id });
    if (added.length > 0) {
      await adjustMemberCount(tx, [timeline.id], 1);
      await recordAction(tx, timeline.id, userId, ANALYTICS_ACTIONS.memberJoined);
    }
    // A request left pending from when approval was on is settled by the direct join (and no longer asks
    // the managers to handle it; the requester, who joined by themselves, needs no outcome).
    const settled = lastRequest?.status === 'pending' ? lastRequest : undefined;
    let read: string[] = [];
    if (settled) {
      await tx
        .update(timelineJoinRequests)
        .set({ status: 'approved', processedAt: new Date() })
        .where(eq(timelineJoinRequests.id, settled.id));
      read = await settleJoinRequests(tx, timeline.id, [settled.id]);
    }
    return outcome(
      { requiresApproval: false, status: 'joined', message: JOIN_MESSAGES.joined, timeline: ref },
      { joined: added.length > 0, settledRequest: settled !== undefined, inbox: { created: [], read } },
    );
  });
}

export async function isMember(db: Db, timelineId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timelineMembers.id })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, userId)));
  return row !== undefined;
}

export async function isBlocked(db: Db, timelineId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timelineBlockedUsers.id })
    .from(timelineBlockedUsers)
    .where(and(eq(timelineBlockedUsers.timelineId, timelineId), eq(timelineBlockedUsers.userId, userId)));
  return row !== undefined;
}
