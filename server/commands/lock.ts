// Membership changes lock the threadline row first (DECISIONS §3): joins, requests, approvals, retractions,
// blocks and leaves on one threadline run one at a time, and each re-checks its preconditions under the lock.
// Posts, comments and reactions take the same row in key-share mode: they run side by side, but never while
// a block, a role or permission change, a pin or a delete of that threadline (FOR UPDATE) is half done. Their
// last statement bumps the row's feed_version (commands/feed-version.ts), which key share allows: the row is
// then held only from that bump to the commit (a share lock would make two bumping writers deadlock).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type Timeline, timelines } from '../db/schema/index.ts';
import {
  authorize,
  loadTimelineAccess,
  type TimelineAccess,
  type TimelineAction,
} from '../policies/timeline.ts';

export type LockStrength = 'update' | 'share' | 'key share';

/** Locks the threadline until the transaction ends and returns it as it is now. */
export async function lockTimeline(
  tx: Db,
  timelineId: string,
  strength: LockStrength = 'update',
): Promise<Timeline | undefined> {
  const [row] = await tx.select().from(timelines).where(eq(timelines.id, timelineId)).for(strength);
  return row;
}

/**
 * Locks the threadline, then loads and authorizes the caller's access as it is under the lock: a caller
 * blocked a moment ago is refused here even if the route's first check let them through.
 */
export async function lockedAccess(
  tx: Db,
  timelineId: string,
  userId: string,
  action: TimelineAction,
  strength: LockStrength,
): Promise<TimelineAccess> {
  await lockTimeline(tx, timelineId, strength);
  const access = await loadTimelineAccess(tx, timelineId, userId);
  authorize(access, action);
  return access;
}
