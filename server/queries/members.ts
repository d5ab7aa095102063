// Member and blocked lists of one threadline.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { ROLE_RANK } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import { timelineBlockedUsers, timelineMembers, users } from '../db/schema/index.ts';
import { LIST_FETCH, parseListCursor } from '../http/list-page.ts';
import { isoMicros } from './feed.ts';

/** Owner first, then moderators, participants, viewers; earliest joiners first within a role. */
export async function listMembers(db: Db, timelineId: string) {
  const rank = sql`case ${timelineMembers.role} ${sql.raw(
    Object.entries(ROLE_RANK)
      .map(([role, n]) => `when '${role}' then ${n}`)
      .join(' '),
  )} end`;
  return db
    .select({ member: timelineMembers, user: users })
    .from(timelineMembers)
    .innerJoin(users, eq(users.id, timelineMembers.userId))
    .where(eq(timelineMembers.timelineId, timelineId))
    .orderBy(rank, asc(timelineMembers.joinedAt));
}

/** One page of the blocked list, most recent first (ties by id), after `cursor` (as listJoinRequests). */
export async function listBlocked(db: Db, timelineId: string, cursor: string | undefined) {
  const after = parseListCursor(cursor);
  const b = timelineBlockedUsers;
  return db
    .select({ blocked: b, user: users, cursorAt: sql<string>`${isoMicros(sql`${b.blockedAt}`)}` })
    .from(b)
    .innerJoin(users, eq(users.id, b.userId))
    .where(
      and(
        eq(b.timelineId, timelineId),
        after ? sql`(${b.blockedAt}, ${b.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(b.blockedAt), desc(b.id))
    .limit(LIST_FETCH);
}

/** Every member but the owner: those whom archiving unsubscribed. */
export async function nonOwnerMemberIds(db: Db, timelineId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: timelineMembers.userId })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timelineId), ne(timelineMembers.role, 'owner')));
  return rows.map((r) => r.userId);
}
