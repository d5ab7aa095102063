// Who may do what to a threadline (DECISIONS §5). Every timeline route loads access with
// `loadTimelineAccess` and asks `authorize`; non-members and deleted threadlines are a plain 404.
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../common/roles.ts';
import { TIMELINE_ERRORS } from '../../common/timeline-errors.ts';
import type { Db } from '../db/client.ts';
import { type Timeline, type TimelineMember, timelineMembers, timelines } from '../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { AccessCache, accessCacheOf } from './access-cache.ts';

export interface TimelineAccess {
  timeline: Timeline;
  member: TimelineMember & { role: Role };
}

export type TimelineAction =
  | 'view'
  | 'updateSettings'
  | 'manageMembers'
  | 'viewBlocked'
  | 'listJoinRequests'
  | 'respondToJoinRequests'
  | 'leave'
  | 'archive'
  | 'restore'
  | 'delete'
  | 'post'
  | 'comment'
  | 'react'
  | 'pin'
  /** Archived threadlines refuse it; whose posts may go is `canDeletePost` (policies/post.ts). */
  | 'deletePost';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const TIMELINE_NOT_FOUND = TIMELINE_ERRORS.notFound;

const prepareAccess = (db: Db) =>
  db
    .select({ timeline: timelines, member: timelineMembers })
    .from(timelines)
    .innerJoin(
      timelineMembers,
      and(
        eq(timelineMembers.timelineId, timelines.id),
        eq(timelineMembers.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(timelines.id, sql.placeholder('timelineId')))
    .limit(1)
    .prepare('timeline_access');

/** Every route asks it, so it is prepared once per handle (a transaction's handle gets its own). */
const accessStatements = new WeakMap<Db, ReturnType<typeof prepareAccess>>();
function accessStatement(db: Db) {
  const known = accessStatements.get(db);
  if (known) return known;
  const statement = prepareAccess(db);
  accessStatements.set(db, statement);
  return statement;
}

/** The threadline and the caller's membership, or 404 when it is missing, deleted or not theirs. */
export async function loadTimelineAccess(
  db: Db,
  timelineId: string,
  userId: string,
): Promise<TimelineAccess> {
  if (!isUuid(timelineId)) throw notFound(TIMELINE_NOT_FOUND);
  // The embedded database's own handle: from memory when nothing has written the rows since (access-cache.ts).
  const cache = accessCacheOf(db);
  const key = cache && AccessCache.key(timelineId, userId);
  const known = key && cache.get(key);
  if (known) return known;
  const version = cache?.version;
  const [row] = await accessStatement(db).execute({ timelineId, userId });
  if (!row || row.timeline.deletedAt) throw notFound(TIMELINE_NOT_FOUND);
  const access = { timeline: row.timeline, member: row.member as TimelineAccess['member'] };
  if (key && version !== undefined) cache.set(key, access, version);
  return access;
}

const OWNER_ONLY = 'Only the timeline owner can do this';
const ARCHIVED = TIMELINE_ERRORS.archived;

/** Reads allowed on an archived threadline, and only to its owner. */
const ARCHIVED_OWNER_READS = new Set<TimelineAction>(['view', 'viewBlocked', 'listJoinRequests']);

/** Why `action` is refused, or null when it is allowed. */
export function refusal(
  access: TimelineAccess,
  action: TimelineAction,
): { status: 403 | 409; message: string } | null {
  const { role } = access.member;
  const isOwner = role === 'owner';
  const archived = access.timeline.archivedAt !== null;
  const no = (message: string) => ({ status: 403 as const, message });

  switch (action) {
    case 'leave':
      return isOwner ? no('The owner cannot leave the timeline') : null;
    case 'restore':
      if (!isOwner) return no(OWNER_ONLY);
      return archived ? null : { status: 409, message: 'Timeline is not archived' };
    case 'archive':
      if (!isOwner) return no(OWNER_ONLY);
      return archived ? { status: 409, message: 'Timeline is already archived' } : null;
    case 'delete':
      return isOwner ? null : no(OWNER_ONLY);
    default:
      break;
  }
  if (archived) {
    // Read-only and open to its owner alone (DECISIONS §5).
    return isOwner && ARCHIVED_OWNER_READS.has(action) ? null : no(ARCHIVED);
  }
  switch (action) {
    case 'view':
    case 'react':
    case 'deletePost':
      return null;
    case 'post':
      return contribution(access, access.timeline.allowParticipantPosts, POST_REFUSALS);
    case 'comment':
      return contribution(access, access.timeline.allowParticipantComments, COMMENT_REFUSALS);
    case 'listJoinRequests':
    case 'respondToJoinRequests':
      return isOwner || role === 'moderator'
        ? null
        : no('Only the owner and moderators can manage join requests');
    default:
      return isOwner ? null : no(OWNER_ONLY);
  }
}

export const POST_REFUSALS = {
  viewer: 'Viewers cannot post in this timeline',
  participant: 'Posting is currently disabled for participants in this timeline.',
};
export const COMMENT_REFUSALS = {
  viewer: 'Viewers cannot comment in this timeline',
  participant: 'Comments are currently disabled for participants in this timeline',
};

/** Posts and comments: owners and moderators always; participants when the switch allows; viewers never. */
function contribution(
  access: TimelineAccess,
  participantsAllowed: boolean,
  refusals: { viewer: string; participant: string },
) {
  switch (access.member.role) {
    case 'owner':
    case 'moderator':
      return null;
    case 'participant':
      return participantsAllowed ? null : { status: 403 as const, message: refusals.participant };
    default:
      return { status: 403 as const, message: refusals.viewer };
  }
}

export const can = (access: TimelineAccess, action: TimelineAction) => refusal(access, action) === null;

export function authorize(access: TimelineAccess, action: TimelineAction): void {
  const refused = refusal(access, action);
  if (!refused) return;
  throw refused.status === 409 ? conflict(refused.message) : forbidden(refused.message);
}

/** Loads and authorizes in one step: what almost every route needs. */
export async function timelineFor(
  db: Db,
  timelineId: string,
  userId: string,
  action: TimelineAction,
): Promise<TimelineAccess> {
  const access = await loadTimelineAccess(db, timelineId, userId);
  authorize(access, action);
  return access;
}
