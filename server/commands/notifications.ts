// Marking notifications read (issue 27). Reading one also takes it off the mail queue.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

/** Marks `ids` (or every unread one when absent) of `userId` read; ids of others are ignored. */
export async function markNotificationsRead(db: Db, userId: string, ids?: string[], now = new Date()) {
  const n = notifications;
  const updated = await db
    .update(n)
    .set({ readAt: now, mailAfter: null })
    .where(and(eq(n.userId, userId), isNull(n.readAt), ids ? inArray(n.id, ids) : undefined))
    .returning({ id: n.id });
  return updated.length;
}
