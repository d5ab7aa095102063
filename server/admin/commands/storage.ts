// `storage recount`: users.storageUsedBytes recomputed from the uploads it counts (stored and attached ones).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads, users } from '../../db/schema/index.ts';

export interface StorageChange {
  email: string | null;
  id: string;
  before: number;
  after: number;
}

/**
 * One transaction per user: the user's row is locked (as a charge or release takes it), so an upload stored or
 * deleted meanwhile is either in the sum or waits for it. Returns the users whose count changed.
 */
export async function recountStorage(db: Db): Promise<{ checked: number; changed: StorageChange[] }> {
  const ids = await db.select({ id: users.id }).from(users).orderBy(asc(users.id));
  const changed: StorageChange[] = [];
  for (const { id } of ids) {
    const change = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ email: users.email, used: users.storageUsedBytes })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!user) return null;
      const [sum] = await tx
        .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
        .from(uploads)
        .where(and(eq(uploads.ownerId, id), inArray(uploads.status, ['stored', 'attached'])));
      const after = Number(sum?.bytes ?? 0);
      if (after === user.used) return null;
      await tx.update(users).set({ storageUsedBytes: after }).where(eq(users.id, id));
      return { id, email: user.email, before: user.used, after };
    });
    if (change) changed.push(change);
  }
  return { checked: ids.length, changed };
}
