// Which notifications a user may still see (issue 27): those about content need read access to its
// threadline now (a member, the threadline not deleted, archived ones to their owner alone but for direct
// messages), and join requests to manage need the owner's or a moderator's role now (a demoted moderator
// stops seeing them); those telling them they lost access, or how their request ended, stay.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { NotificationType } from '../../common/notifications.ts';
import { notifications } from '../db/schema/index.ts';

/** Types shown whatever the access: they are about losing it or about a request. */
export const ACCESS_FREE_TYPES: readonly NotificationType[] = [
  'removed',
  'timeline_archived',
  'timeline_deleted',
  'request_outcome',
];

type Expr = SQL | AnyColumn | SQL.Aliased;

const accessFree = (type: Expr) =>
  sql`${type} in (${sql.join(
    ACCESS_FREE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  )})`;

/**
 * Given the user's membership (role) and its threadline (deleted_at, archived_at): may they see it? Direct
 * messages stay readable in an archived threadline (policies/conversation.ts), so their notifications do too.
 */
const memberMaySee = (type: Expr, role: Expr, deletedAt: Expr, archivedAt: Expr) =>
  sql`${deletedAt} is null and (${archivedAt} is null or ${role} = 'owner' or ${type} = 'message')
      and (${type} <> 'join_request' or ${role} in ('owner', 'moderator'))`;

interface Keys {
  userId: Expr;
  timelineId: Expr;
  type: Expr;
}

/** The predicate over any rows that carry a notification's user, threadline and type. */
export function readableBy(c: Keys): SQL {
  return sql`(${c.timelineId} is null or ${accessFree(c.type)} or exists (
    select 1 from timeline_members m join timelines t on t.id = m.timeline_id
    where m.timeline_id = ${c.timelineId} and m.user_id = ${c.userId}
      and ${memberMaySee(c.type, sql`m.role`, sql`t.deleted_at`, sql`t.archived_at`)}
  ))`;
}

/**
 * The same predicate for rows left-joined to the user's membership of the threadline (`member`: null columns
 * when none) and to that threadline: lets the planner join once instead of probing per row (unread counts).
 */
export function readableJoined(
  c: Keys,
  member: { id: Expr; role: Expr },
  timeline: { deletedAt: Expr; archivedAt: Expr },
): SQL {
  return sql`(${c.timelineId} is null or ${accessFree(c.type)} or (${member.id} is not null and ${memberMaySee(
    c.type,
    member.role,
    timeline.deletedAt,
    timeline.archivedAt,
  )}))`;
}

/** True for rows of `notifications` their user may read now. */
export function readableNotification(): SQL {
  const n = notifications;
  return readableBy({ userId: n.userId, timelineId: n.timelineId, type: n.type });
}
