// Which notifications a user may still see (issue 27): those about content need read access to its
// threadline now (a member, the threadline not deleted, archived ones to their owner alone); those telling
// them they lost it, or how their request ended, stay.
import { type SQL, sql } from 'drizzle-orm';
import type { NotificationType } from '../../common/notifications.ts';
import { notifications } from '../db/schema/index.ts';

/** Types shown whatever the access: they are about losing it or about a request. */
export const ACCESS_FREE_TYPES: readonly NotificationType[] = [
  'removed',
  'timeline_archived',
  'timeline_deleted',
  'request_outcome',
];

/** True for rows of `notifications` their user may read now. */
export function readableNotification(): SQL {
  const n = notifications;
  return sql`(${n.timelineId} is null or ${n.type} in (${sql.join(
    ACCESS_FREE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  )}) or exists (
    select 1 from timeline_members m join timelines t on t.id = m.timeline_id
    where m.timeline_id = ${n.timelineId} and m.user_id = ${n.userId}
      and t.deleted_at is null and (t.archived_at is null or m.role = 'owner')
  ))`;
}
