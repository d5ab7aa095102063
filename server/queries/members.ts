// Member and blocked lists of one threadline.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { ROLE_RANK } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import { timelineBlockedUsers, timelineMembers, users } from '../db/schema/index.ts';

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

export async function listBlocked(db: Db, timelineId: string) {
  return db
    .select({ blocked: timelineBlockedUsers, user: users })
    .from(timelineBlockedUsers)
    .innerJoin(users, eq(users.id, timelineBlockedUsers.userId))
    .where(eq(timelineBlockedUsers.timelineId, timelineId))
    .orderBy(desc(timelineBlockedUsers.blockedAt));
}

/** Every member but the owner: those whom archiving unsubscribed. */
export async function nonOwnerMemberIds(db: Db, timelineId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: timelineMembers.userId })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timelineId), ne(timelineMembers.role, 'owner')));
  return rows.map((r) => r.userId);
}
