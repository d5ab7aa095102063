// `timelines list|show|transfer`.
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { handOverOwnership } from '../../commands/ownership.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { timelineMembers, timelines, users } from '../../db/schema/index.ts';
import { AdminError } from '../errors.ts';
import { findTimeline, findUser } from './find.ts';
import { LIST_LIMIT_MAX } from './users.ts';

/** One page of threadlines (deleted ones left out), oldest first, with their owner and member count. */
export async function listTimelines(
  db: Db,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  const members = db
    .select({ timelineId: timelineMembers.timelineId, n: count().as('n') })
    .from(timelineMembers)
    .groupBy(timelineMembers.timelineId)
    .as('members');
  const rows = await db
    .select({
      id: timelines.id,
      name: timelines.name,
      owner: users.email,
      members: members.n,
      archived: timelines.archivedAt,
      createdAt: timelines.createdAt,
    })
    .from(timelines)
    .innerJoin(users, eq(users.id, timelines.ownerId))
    .leftJoin(members, eq(members.timelineId, timelines.id))
    .where(isNull(timelines.deletedAt))
    .orderBy(asc(timelines.createdAt), asc(timelines.id))
    .limit(Math.min(limit, LIST_LIMIT_MAX))
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(timelines).where(isNull(timelines.deletedAt));
  return { rows: rows.map((r) => ({ ...r, members: Number(r.members ?? 0) })), total: total?.n ?? 0 };
}

export async function showTimeline(db: Db, id: string) {
  const timeline = await findTimeline(db, id);
  const members = await db
    .select({ email: users.email, role: timelineMembers.role })
    .from(timelineMembers)
    .innerJoin(users, eq(users.id, timelineMembers.userId))
    .where(eq(timelineMembers.timelineId, timeline.id))
    .orderBy(asc(timelineMembers.role), asc(users.email));
  const [pending] = timeline.pendingOwnerId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, timeline.pendingOwnerId))
    : [];
  return {
    id: timeline.id,
    name: timeline.name,
    joinCode: timeline.joinCode,
    archivedAt: timeline.archivedAt,
    ownershipOffered: pending?.email ?? null,
    createdAt: timeline.createdAt,
    members,
  };
}

/**
 * Makes the member with this address the owner, as accepting an offer does (within their plan's limits, under
 * the threadline's lock); the previous owner becomes a moderator. No offer is needed.
 */
export async function transferTimeline(db: Db, config: Config, id: string, email: string) {
  const timeline = await findTimeline(db, id);
  const user = await findUser(db, email);
  const [member] = await db
    .select({ role: timelineMembers.role })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timeline.id), eq(timelineMembers.userId, user.id)));
  if (!member) throw new AdminError(`${email} is not a member of this threadline: they must join it first`);
  if (member.role === 'owner') throw new AdminError(`${email} already owns this threadline`);
  const { previous } = await db.transaction((tx) =>
    handOverOwnership(tx, config, timeline.id, user.id, (locked) => {
      // Re-checked under the lock: another transfer may have finished meanwhile.
      if (locked.ownerId === user.id) throw new AdminError(`${email} already owns this threadline`);
    }),
  );
  const [old] = await db.select({ email: users.email }).from(users).where(eq(users.id, previous));
  return { previousOwner: old?.email ?? previous, newOwner: user.email };
}
