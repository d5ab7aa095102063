// Archive, restore and soft delete (DECISIONS §5). The policy has checked the caller and the state.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { PermissionsBody } from '../../common/schemas/timeline.ts';
import type { Db } from '../db/client.ts';
import { posts, type Timeline, timelineAnalytics, timelines, uploads } from '../db/schema/index.ts';
import { COVER_CATEGORY } from './appearance.ts';
import { lockedAccess } from './lock.ts';
import { releaseUploads } from './uploads.ts';

const update = async (db: Db, id: string, set: Partial<typeof timelines.$inferInsert>): Promise<Timeline> => {
  const [row] = await db
    .update(timelines)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(timelines.id, id))
    .returning();
  return row!;
};

export const archiveTimeline = (db: Db, id: string, by: string) =>
  update(db, id, { archivedAt: new Date(), archivedBy: by, isActive: false });

export const restoreTimeline = (db: Db, id: string) =>
  update(db, id, { archivedAt: null, archivedBy: null, isActive: true });

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
    return { timeline, removed: await releaseUploads(tx, media) };
  });
}

export const updatePermissions = (db: Db, id: string, body: PermissionsBody) => update(db, id, body);

export const setJoinApproval = (db: Db, id: string, joinApprovalRequired: boolean) =>
  update(db, id, { joinApprovalRequired });
