// timelines.feed_version (issue 28): every write that changes what a threadline's first feed page shows adds
// one to it in the write's own transaction. The feed reads it with the caller's access (one statement), so a
// cached page is never served once the threadline changed, on any instance (server/queries/feed-cache.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Bumps the threadlines `ids` picks, locked in id order (two multi-threadline bumps never deadlock). `ids` is
 * a subquery of threadline ids.
 */
const bumpWhere = (tx: Db, ids: ReturnType<typeof sql>) =>
  tx.execute(sql`update timelines set feed_version = feed_version + 1 where id in (
    select id from timelines where id in (${ids}) order by id for no key update)`);

/** One threadline's: the last statement of a post's, comment's or reaction's transaction (commands/lock.ts). */
export async function bumpFeed(tx: Db, timelineId: string): Promise<void> {
  await tx.execute(sql`update timelines set feed_version = feed_version + 1 where id = ${timelineId}`);
}

export async function bumpFeeds(tx: Db, timelineIds: string[]): Promise<void> {
  if (timelineIds.length === 0) return;
  await bumpWhere(tx, sql`select unnest(${`{${timelineIds.join(',')}}`}::uuid[])`);
}

/**
 * Every threadline whose first page may show the user: as a member (mentions name readers only), or as the
 * author of a post or comment there (also after leaving); with `reactions`, also where they reacted (their
 * reactions are counted). For a rename, a new picture or address, and account deletion: rare writes.
 */
export function bumpFeedsOfUser(tx: Db, userId: string, options: { reactions?: boolean } = {}) {
  const reacted = options.reactions
    ? sql`union select p.timeline_id from reactions r join posts p on p.id = r.post_id where r.user_id = ${userId}`
    : sql``;
  return bumpWhere(
    tx,
    sql`select timeline_id from timeline_members where user_id = ${userId}
      union select timeline_id from posts where author_id = ${userId}
      union select timeline_id from comments where author_id = ${userId} ${reacted}`,
  );
}
