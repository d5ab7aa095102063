// Read notifications older than NOTIFICATIONS.pruneAfterMs are deleted (issue 27), in batches so no one
// statement holds many rows, through notifications_read_idx. Rows another instance is deleting are skipped.
import { sql } from 'drizzle-orm';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';

export const PRUNE_BATCH = 1000;

/** Deletes every read notification older than the limit at `now`; answers how many. */
export async function pruneReadNotifications(db: Db, now: Date, batch = PRUNE_BATCH): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATIONS.pruneAfterMs);
  let pruned = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from notifications where id in (
        select id from notifications where read_at < ${before}
        limit ${batch}
        for update skip locked
      )
      returning id`);
    // The ids, not rowCount: PGlite and node-postgres name the count differently.
    const count = (result as unknown as { rows: unknown[] }).rows.length;
    pruned += count;
    if (count < batch) return pruned;
  }
}
