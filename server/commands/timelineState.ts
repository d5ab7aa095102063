// Archive, restore and soft delete (DECISIONS §5). The policy has checked the caller and the state.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PermissionsBody } from '../../common/schemas/timeline.ts';
import type { Db } from '../db/client.ts';
import { posts, type Timeline, timelineAnalytics, timelines, uploads } from '../db/schema/index.ts';
import { type InboxChanges, notifyTimelineClosed } from '../notifications/membership.ts';
import { COVER_CATEGORY } from './appearance.ts';
import { lockedAccess, lockTimeline } from './lock.ts';
import { releaseUploads } from './uploads.ts';

const update = async (db: Db, id: string, set: Partial<typeof timelines.$inferInsert>): Promise<Timeline> => {
  const [row] = await db
    .update(timelines)
    // feed_version: an archive changes who of the mentioned can read the first page (issue 28).
    .set({ ...set, updatedAt: new Date(), feedVersion: sql`${timelines.feedVersion} + 1` })
    .where(eq(timelines.id, id))
    .returning();
  return row!;
};

/**
 * Under the threadline's lock, re-checked there: two archives at once make one (the other is refused as
 * already archived), so the members are told once.
 */
export async function archiveTimeline(
  db: Db,
  id: string,
  by: string,
): Promise<{ timeline: Timeline; inbox: InboxChanges }> {
  return db.transaction(async (tx) => {
    await lockedAccess(tx, id, by, 'archive', 'update');
    const timeline = await update(tx, id, { archivedAt: new Date(), archivedBy: by, isActive: false });
    const created = await notifyTimelineClosed(tx, timeline, 'archived', by);
    return { timeline, inbox: { created, read: [] } };
  });
}

/**
 * Under the threadline's lock (FOR UPDATE): posts, comments and reactions hold it in key-share mode, which a
 * plain UPDATE would not wait for, so none checked against the old settings lands after the change.
 */
const lockedUpdate = (db: Db, id: string, set: Partial<typeof timelines.$inferInsert>) =>
  db.transaction(async (tx) => {
    await lockTimeline(tx, id, 'update');
    return update(tx, id, set);
  });

export const restoreTimeline = (db: Db, id: string) =>
  lockedUpdate(db, id, { archivedAt: null, archivedBy: null, isActive: true });

/**
 * Soft delete. Nobody can reach a deleted threadline's media again, so its posts' uploads go in the same
 * transaction and their bytes leave each uploader's storage use (issue 23); the caller removes the objects
 * once this has committed (`removed`). An archived threadline keeps its media, and its charge.
 */
export async function deleteTimeline(db: Db, id: string, by: string) {
  return db.transaction(async (tx) => {
    // Under the threadline's lock, so no post can attach media to it meanwhile.
    await lockedAccess(tx, id, by, 'delete', 'update');
    const timeline = await update(tx, id, { deletedAt: new Date(), deletedBy: by, isActive: false });
    const created = await notifyTimelineClosed(tx, timeline, 'deleted', by);
    // Its insights go with it (DECISIONS §9): the row stays as a tombstone, so the cascade alone would not.
    await tx.delete(timelineAnalytics).where(eq(timelineAnalytics.timelineId, id));
    const media = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        or(
          inArray(uploads.postId, tx.select({ id: posts.id }).from(posts).where(eq(posts.timelineId, id))),
          // Its cover too (commands/appearance.ts).
          and(eq(uploads.timelineId, id), eq(uploads.category, COVER_CATEGORY)),
        ),
      );
    const inbox: InboxChanges = { created, read: [] };
    return { timeline, removed: await releaseUploads(tx, media), inbox };
  });
}

export const updatePermissions = (db: Db, id: string, body: PermissionsBody) => lockedUpdate(db, id, body);

export const setJoinApproval = (db: Db, id: string, joinApprovalRequired: boolean) =>
  lockedUpdate(db, id, { joinApprovalRequired });
