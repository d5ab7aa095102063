// Writing notifications (issue 27; DECISIONS §10). Callers write them in the transaction of their cause and,
// once it committed, tell the recipients' sockets with `publishInbox` (server/notifications/publish.ts).
import { sql } from 'drizzle-orm';
import { mailKindOf, NOTIFICATIONS, type NotificationType } from '../../common/notifications.ts';
import { previewText } from '../../common/preview.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  timelineId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  conversationId?: string | null;
  messageId?: string | null;
  text: string;
  href: string;
  /** One notification per user and key, whoever writes it twice (a retried command, two instances). */
  dedupeKey?: string | null;
}

/** What `publishNotifications` needs of a new notification (the socket count, a push). */
export interface CreatedNotification {
  id: string;
  userId: string;
  type: NotificationType;
  text: string;
  href: string;
}

/**
 * Inserts them (a repeated dedupe key is skipped) and answers those written. Mailable kinds are due for
 * mail NOTIFICATIONS.mailDelayMs after `now`, if still unread then. One statement with one JSON parameter,
 * however many rows: Drizzle's builder took ~7 ms for 50 rows of 13 columns (bench/notifications-fanout.ts),
 * the database under 1 ms.
 */
export async function createNotifications(
  db: Db,
  rows: NewNotification[],
  now = new Date(),
): Promise<CreatedNotification[]> {
  if (rows.length === 0) return [];
  const mailAfter = new Date(now.getTime() + NOTIFICATIONS.mailDelayMs).toISOString();
  const payload = rows.map((r) => ({
    user_id: r.userId,
    type: r.type,
    actor_id: r.actorId ?? null,
    timeline_id: r.timelineId ?? null,
    post_id: r.postId ?? null,
    comment_id: r.commentId ?? null,
    conversation_id: r.conversationId ?? null,
    message_id: r.messageId ?? null,
    text: previewText(r.text, NOTIFICATIONS.textMax),
    href: r.href,
    dedupe_key: r.dedupeKey ?? null,
    mail_after: mailKindOf(r.type) ? mailAfter : null,
  }));
  const result = await db.execute(sql`
    insert into ${notifications} (user_id, type, actor_id, timeline_id, post_id, comment_id, conversation_id,
      message_id, text, href, dedupe_key, mail_after, created_at)
    select user_id, type, actor_id, timeline_id, post_id, comment_id, conversation_id, message_id, text, href,
      dedupe_key, mail_after, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(user_id uuid, type varchar,
      actor_id uuid, timeline_id uuid, post_id uuid, comment_id uuid, conversation_id uuid, message_id uuid,
      text text, href text, dedupe_key varchar, mail_after timestamptz)
    on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
    returning id, user_id as "userId", type, text, href`);
  return (result as unknown as { rows: CreatedNotification[] }).rows;
}

/** App paths a notification links to (the client's routes). */
export const hrefs = {
  timeline: (timelineId: string) => `/timeline/${timelineId}`,
  post: (timelineId: string, postId: string) => `/timeline/${timelineId}?post=${postId}`,
  comment: (timelineId: string, postId: string, commentId: string) =>
    `/timeline/${timelineId}?post=${postId}&comment=${commentId}`,
  conversation: (conversationId: string) => `/messages?conversation=${conversationId}`,
  /** The owner's and moderators' join requests panel. */
  joinRequests: (timelineId: string) => `/timeline/${timelineId}?requests=1`,
  myRequests: () => '/my-requests',
  dashboard: () => '/',
};
