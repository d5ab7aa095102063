// timelines.member_count (issue 28): every insert or delete on timeline_members adjusts it in the same
// transaction, relative to the row's current value (an UPDATE waits for the row's lock and re-reads it), so
// parallel joins and leaves never lose a count the way a read-then-write in JS would.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { timelines } from '../db/schema/index.ts';

/**
 * Adds `by` to the count of each threadline in `timelineIds` (one membership each: the pair is unique), and
 * bumps their feed_version: the first page names only mentioned people who can read it (issue 28).
 */
export async function adjustMemberCount(tx: Db, timelineIds: string[], by: 1 | -1): Promise<void> {
  if (timelineIds.length === 0) return;
  await tx
    .update(timelines)
    .set({
      memberCount: sql`${timelines.memberCount} + ${by}`,
      feedVersion: sql`${timelines.feedVersion} + 1`,
    })
    .where(inArray(timelines.id, timelineIds));
}
