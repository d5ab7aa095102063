// Archive, restore and soft delete (DECISIONS §5). The policy has checked the caller and the state.
import { eq } from 'drizzle-orm';
import type { PermissionsBody } from '../../common/schemas/timeline.ts';
import type { Db } from '../db/client.ts';
import { type Timeline, timelines } from '../db/schema/index.ts';

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

export const deleteTimeline = (db: Db, id: string, by: string) =>
  update(db, id, { deletedAt: new Date(), deletedBy: by, isActive: false });

export const updatePermissions = (db: Db, id: string, body: PermissionsBody) => update(db, id, body);

export const setJoinApproval = (db: Db, id: string, joinApprovalRequired: boolean) =>
  update(db, id, { joinApprovalRequired });
