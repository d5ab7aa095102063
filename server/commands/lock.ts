// Membership changes lock the threadline row first (DECISIONS §3): joins, requests, approvals, retractions,
// blocks and leaves on one threadline run one at a time, and each re-checks its preconditions under the lock.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type Timeline, timelines } from '../db/schema/index.ts';

/** Locks the threadline until the transaction ends and returns it as it is now. */
export async function lockTimeline(tx: Db, timelineId: string): Promise<Timeline | undefined> {
  const [row] = await tx.select().from(timelines).where(eq(timelines.id, timelineId)).for('update');
  return row;
}
