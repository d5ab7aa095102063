// The notification inbox (issue 27): pages newest first and unread counts, only what the user may read.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications, users } from '../db/schema/index.ts';
import { parseListCursor } from '../http/list-page.ts';
import { readableNotification } from '../notifications/readable.ts';
import { isoMicros } from './feed.ts';

/** One page after `cursor` (PAGE + 1 rows: the extra one says another page follows). */
export async function inboxPage(db: Db, userId: string, cursor: string | undefined) {
  const after = parseListCursor(cursor);
  const n = notifications;
  return db
    .select({
      notification: n,
      actor: {
        id: users.id,
        displayName: users.displayName,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
      cursorAt: sql<string>`${isoMicros(sql`${n.createdAt}`)}`,
    })
    .from(n)
    .leftJoin(users, eq(users.id, n.actorId))
    .where(
      and(
        eq(n.userId, userId),
        readableNotification(),
        after ? sql`(${n.createdAt}, ${n.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(NOTIFICATIONS.pageSize + 1);
}

export type InboxRow = Awaited<ReturnType<typeof inboxPage>>[number];

/** Unread notifications each of `userIds` may read (users with none are left out). */
export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const n = notifications;
  const rows = await db
    .select({ userId: n.userId, count: sql<number>`count(*)::int` })
    .from(n)
    .where(and(inArray(n.userId, userIds), isNull(n.readAt), readableNotification()))
    .groupBy(n.userId);
  return new Map(rows.map((r) => [r.userId, r.count]));
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}
