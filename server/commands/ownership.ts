// Ownership transfer (issue 26; DECISIONS §10): the owner offers it to a member, who accepts; the old owner
// becomes a moderator. Every step locks the threadline and re-checks, so two offers or accepts at once end
// with one owner.
import { and, count, eq, sql } from 'drizzle-orm';
import { PLAN_LIMIT_MESSAGES } from '../../common/plans.ts';
import { OWNERSHIP_ERRORS } from '../../common/timeline-errors.ts';
import { assertTimelineQuota, limitsFor } from '../billing/limits.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type Timeline, timelineMembers, timelines, type User, users } from '../db/schema/index.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { type InboxChanges, notifyRoleChanged } from '../notifications/membership.ts';
import {
  authorize,
  isUuid,
  loadTimelineAccess,
  TIMELINE_NOT_FOUND,
  type TimelineAccess,
} from '../policies/timeline.ts';
import { lockTimeline } from './lock.ts';
import { otherMember } from './membership.ts';

/** Offers the threadline to the member `userId` (an earlier offer to someone else is replaced). */
export async function offerOwnership(db: Db, access: TimelineAccess, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await lockTimeline(tx, access.timeline.id);
    // Under the lock: still the owner, and the member still there.
    authorize(await loadTimelineAccess(tx, access.timeline.id, access.member.userId), 'manageMembers');
    const target = await otherMember(tx, access, userId);
    await tx
      .update(timelines)
      .set({ pendingOwnerId: target.userId })
      .where(eq(timelines.id, access.timeline.id));
    return target.userId;
  });
}

/** The owner withdraws the offer, or the member offered declines it. Returns who was offered. */
export async function withdrawOwnership(db: Db, access: TimelineAccess): Promise<string> {
  return db.transaction(async (tx) => {
    const timeline = await lockTimeline(tx, access.timeline.id);
    const offered = timeline?.pendingOwnerId;
    const me = access.member.userId;
    if (!offered || (me !== offered && me !== timeline.ownerId))
      throw notFound(OWNERSHIP_ERRORS.noOfferToWithdraw);
    await tx.update(timelines).set({ pendingOwnerId: null }).where(eq(timelines.id, access.timeline.id));
    return offered;
  });
}

/**
 * The member offered ownership takes it, within their own plan's limits (threadlines owned, members per
 * threadline). Returns the previous owner's id; they are told they are now a moderator.
 */
export async function acceptOwnership(
  db: Db,
  config: Config,
  timelineId: string,
  user: User,
): Promise<{ previous: string; inbox: InboxChanges }> {
  // Not an id at all: the same 404 as an unknown one, before PostgreSQL refuses it as a uuid.
  if (!isUuid(timelineId)) throw notFound(TIMELINE_NOT_FOUND);
  return db.transaction((tx) =>
    handOverOwnership(tx, config, timelineId, user.id, (timeline) => {
      if (timeline.pendingOwnerId !== user.id) throw notFound(OWNERSHIP_ERRORS.noOffer);
    }),
  );
}

/**
 * Makes the member `userId` the owner, in the caller's transaction, within their own plan's limits; the
 * previous owner becomes a moderator. `check` runs on the threadline under its lock (accepting: there is an
 * offer to this user; the admin command line's transfer needs none).
 */
export async function handOverOwnership(
  tx: Db,
  config: Config,
  timelineId: string,
  userId: string,
  check: (timeline: Timeline) => void = () => {},
): Promise<{ previous: string; inbox: InboxChanges }> {
  // The user's row first, as creating a threadline does: two threadlines handed to one user at once count
  // against their limit one after the other. NO KEY UPDATE: the foreign-key checks of a post or reaction
  // that holds the threadline (KEY SHARE on this row) must not wait on it, or the two deadlock.
  const [me] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  // Deleted while this waited on the row (DELETE /api/me takes it too): a deleted account owns nothing.
  if (!me || me.deletedAt) throw unauthorized();
  await lockTimeline(tx, timelineId);
  const access = await loadTimelineAccess(tx, timelineId, userId);
  authorize(access, 'view');
  const { timeline } = access;
  check(timeline);
  await assertTimelineQuota(tx, config, userId, me.plan);
  const limits = limitsFor(config, me.plan);
  if (limits) {
    const [row] = await tx
      .select({ n: count() })
      .from(timelineMembers)
      .where(eq(timelineMembers.timelineId, timelineId));
    if ((row?.n ?? 0) > limits.maxMembersPerTimeline) {
      throw forbidden(PLAN_LIMIT_MESSAGES.members, {
        planUpgradeRequired: true,
        limit: limits.maxMembersPerTimeline,
      });
    }
  }
  const previous = timeline.ownerId;
  await tx
    .update(timelineMembers)
    .set({ role: 'moderator' })
    .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, previous)));
  await tx
    .update(timelineMembers)
    .set({ role: 'owner' })
    .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, userId)));
  await tx
    .update(timelines)
    // feed_version: who owns an archived threadline decides who of the mentioned can read it (issue 28).
    .set({
      ownerId: userId,
      pendingOwnerId: null,
      updatedAt: new Date(),
      feedVersion: sql`${timelines.feedVersion} + 1`,
    })
    .where(eq(timelines.id, timelineId));
  const created = await notifyRoleChanged(tx, timeline, previous, 'moderator', userId);
  return { previous, inbox: { created, read: [] } };
}
