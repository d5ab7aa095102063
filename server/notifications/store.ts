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
 * mail NOTIFICATIONS.mailDelayMs after `now`, if still unread then.
 */
export async function createNotifications(
  db: Db,
  rows: NewNotification[],
  now = new Date(),
): Promise<CreatedNotification[]> {
  if (rows.length === 0) return [];
  const mailAfter = new Date(now.getTime() + NOTIFICATIONS.mailDelayMs);
  const inserted = await db
    .insert(notifications)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        type: r.type,
        actorId: r.actorId ?? null,
        timelineId: r.timelineId ?? null,
        postId: r.postId ?? null,
        commentId: r.commentId ?? null,
        conversationId: r.conversationId ?? null,
        messageId: r.messageId ?? null,
        text: previewText(r.text, NOTIFICATIONS.textMax),
        href: r.href,
        dedupeKey: r.dedupeKey ?? null,
        mailAfter: mailKindOf(r.type) ? mailAfter : null,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({
      target: [notifications.userId, notifications.dedupeKey],
      where: sql`dedupe_key is not null`,
    })
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      text: notifications.text,
      href: notifications.href,
    });
  return inserted as CreatedNotification[];
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
