// The dashboard list and the switcher: one query over the caller's memberships (spec 000 §3).
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TimelineState } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import { timelineMembers, timelines, users } from '../db/schema/index.ts';

const archiver = alias(users, 'archiver');
const owner = alias(users, 'owner');

const FILTERS: Record<TimelineState | 'all', SQL | undefined> = {
  active: and(isNull(timelines.deletedAt), isNull(timelines.archivedAt)),
  archived: and(isNull(timelines.deletedAt), isNotNull(timelines.archivedAt)),
  deleted: isNotNull(timelines.deletedAt),
  // The switcher: everything not deleted.
  all: isNull(timelines.deletedAt),
};

export async function listUserTimelines(db: Db, userId: string, filter: TimelineState | undefined) {
  return db
    .select({
      timeline: timelines,
      role: timelineMembers.role,
      // Whether the card shows its customization (DECISIONS §9): the owner's plan, in the same query.
      ownerPlan: owner.plan,
      // Kept on the row by every membership write (commands/memberCount.ts): nothing to count here.
      memberCount: timelines.memberCount,
      // drizzle nulls a left-joined object by its first column: lead with one that is never null.
      archiver: {
        id: archiver.id,
        displayName: archiver.displayName,
        firstName: archiver.firstName,
        email: archiver.email,
      },
    })
    .from(timelineMembers)
    .innerJoin(timelines, eq(timelines.id, timelineMembers.timelineId))
    .innerJoin(owner, eq(owner.id, timelines.ownerId))
    .leftJoin(archiver, eq(archiver.id, timelines.archivedBy))
    .where(and(eq(timelineMembers.userId, userId), FILTERS[filter ?? 'all']))
    .orderBy(desc(timelines.createdAt));
}

export type UserTimelineRow = Awaited<ReturnType<typeof listUserTimelines>>[number];
