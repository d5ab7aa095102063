// The notification inbox (issue 27): pages newest first and unread counts, only what the user may read.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NOTIFICATIONS } from '../../common/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications, timelineMembers, timelines, users } from '../db/schema/index.ts';
import { parseListCursor } from '../http/list-page.ts';
import { readableJoined, readableNotification } from '../notifications/readable.ts';
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

/**
 * Unread notifications each of `userIds` may read (users with none are left out). Counted per threadline and
 * type first, then each group joined to the user's membership of its threadline: the access check runs once
 * per group, not once per unread row, and in a plan cheap enough to need no JIT (40,000 unread took 76 ms
 * with a check per row; bench/README.md, notifications-inbox.ts).
 */
export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const n = notifications;
  const groups = db
    .select({
      userId: n.userId,
      timelineId: n.timelineId,
      type: n.type,
      count: sql<number>`count(*)`.as('count'),
    })
    .from(n)
    .where(and(inArray(n.userId, userIds), isNull(n.readAt)))
    .groupBy(n.userId, n.timelineId, n.type)
    .as('g');
  const m = alias(timelineMembers, 'm');
  const t = alias(timelines, 't');
  const rows = await db
    .select({ userId: groups.userId, count: sql<number>`sum(${groups.count})::int` })
    .from(groups)
    // Naming the users here lets the planner read just their memberships (timeline_members_user_idx).
    .leftJoin(
      m,
      and(eq(m.timelineId, groups.timelineId), eq(m.userId, groups.userId), inArray(m.userId, userIds)),
    )
    .leftJoin(t, eq(t.id, m.timelineId))
    .where(readableJoined(groups, m, t))
    .groupBy(groups.userId);
  return new Map(rows.map((r) => [r.userId, r.count]));
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return (await unreadCounts(db, [userId])).get(userId) ?? 0;
}
