// Notifications about content (issue 27; DECISIONS §10): a mention, a reply (a comment on one's post), a
// direct message, and a new post for members on "every post". Each is written in the transaction of the
// post, comment or message it is about, to readers only (server/commands/mentions.ts reads them under the
// threadline's lock), and at most once per person and item (dedupe keys). The threadline's level decides
// for posts and comments: 'none' nothing, 'mentions' mentions and replies, 'all' those and every post. A
// direct message always notifies its recipient; a mention in it adds nothing.
import { and, eq, inArray } from 'drizzle-orm';
import type { StoredMention } from '../../common/notifications.ts';
import type { Readers } from '../commands/mentions.ts';
import type { Db } from '../db/client.ts';
import { notifications, timelineMembers } from '../db/schema/index.ts';
import { type CreatedNotification, createNotifications, hrefs, type NewNotification } from './store.ts';
import { mentionText, messageText, newPostText, replyText } from './texts.ts';

/** Who wrote the item and where. */
export interface ContentContext {
  actorId: string;
  actorName: string;
  timelineId: string;
  timelineName: string;
}

/** Mentioned readers who hear of it: not the author, not those who chose "Nothing" here. */
function mentionRecipients(ctx: ContentContext, mentioned: readonly StoredMention[], readers: Readers) {
  return mentioned
    .map((m) => readers.get(m.id))
    .filter((r) => r !== undefined && r.id !== ctx.actorId && r.level !== 'none')
    .map((r) => r!.id);
}

/**
 * A new post (`mentioned`: its stored mentions), or mentions an edit added: `mention` to each mentioned
 * reader; on a new post, `new_post` to the other readers on "every post". `readers` must hold those on
 * "every post" for a new post (threadlineReaders with everyPost).
 */
export function postNotifications(
  db: Db,
  ctx: ContentContext,
  post: { id: string; content: string | null },
  mentioned: readonly StoredMention[],
  readers: Readers,
  { isNew }: { isNew: boolean },
): Promise<CreatedNotification[]> {
  const base = {
    actorId: ctx.actorId,
    timelineId: ctx.timelineId,
    postId: post.id,
    href: hrefs.post(ctx.timelineId, post.id),
  };
  const told = new Set(mentionRecipients(ctx, mentioned, readers));
  // Each text once: quoting a long post segments it into graphemes (5 ms for 50 copies of 450 characters).
  const mentionRow = {
    ...base,
    type: 'mention' as const,
    text: told.size ? mentionText(ctx.actorName, ctx.timelineName, post.content) : '',
    dedupeKey: `mention:post:${post.id}`,
  };
  const rows: NewNotification[] = [...told].map((userId) => ({ ...mentionRow, userId }));
  if (isNew) {
    let newPostRow: Omit<NewNotification, 'userId'> | undefined;
    for (const reader of readers.values()) {
      // Mentioned ones heard of it already; "Nothing" is not "every post".
      if (reader.level !== 'all' || reader.id === ctx.actorId || told.has(reader.id)) continue;
      newPostRow ??= {
        ...base,
        type: 'new_post',
        text: newPostText(ctx.actorName, ctx.timelineName, post.content),
        dedupeKey: `new_post:${post.id}`,
      };
      rows.push({ ...newPostRow, userId: reader.id });
    }
  }
  return createNotifications(db, rows);
}

/**
 * A new comment, or mentions an edit added (`postAuthorId` null then): `mention` to each mentioned reader,
 * and `reply` to the post's author when they are a reader, not the commenter, not mentioned in it and did
 * not choose "Nothing" here. `readers` must hold the post's author for a new comment.
 */
export function commentNotifications(
  db: Db,
  ctx: ContentContext,
  comment: { id: string; postId: string; content: string },
  mentioned: readonly StoredMention[],
  readers: Readers,
  postAuthorId: string | null,
): Promise<CreatedNotification[]> {
  const base = {
    actorId: ctx.actorId,
    timelineId: ctx.timelineId,
    postId: comment.postId,
    commentId: comment.id,
    href: hrefs.comment(ctx.timelineId, comment.postId, comment.id),
  };
  const told = new Set(mentionRecipients(ctx, mentioned, readers));
  const mentionRow = {
    ...base,
    type: 'mention' as const,
    text: told.size ? mentionText(ctx.actorName, ctx.timelineName, comment.content) : '',
    dedupeKey: `mention:comment:${comment.id}`,
  };
  const rows: NewNotification[] = [...told].map((userId) => ({ ...mentionRow, userId }));
  const author = postAuthorId ? readers.get(postAuthorId) : undefined;
  if (author && author.id !== ctx.actorId && author.level !== 'none' && !told.has(author.id)) {
    rows.push({
      ...base,
      userId: author.id,
      type: 'reply',
      text: replyText(ctx.actorName, ctx.timelineName, comment.content),
      dedupeKey: `reply:${comment.id}`,
    });
  }
  return createNotifications(db, rows);
}

/** A direct message: `message` to its recipient, whatever their level (one per message; mail batches them). */
export function messageNotifications(
  db: Db,
  ctx: ContentContext,
  message: { id: string; conversationId: string; content: string },
  recipientId: string,
): Promise<CreatedNotification[]> {
  return createNotifications(db, [
    {
      userId: recipientId,
      type: 'message',
      actorId: ctx.actorId,
      timelineId: ctx.timelineId,
      conversationId: message.conversationId,
      messageId: message.id,
      text: messageText(ctx.actorName, ctx.timelineName, message.content),
      href: hrefs.conversation(message.conversationId),
      dedupeKey: `message:${message.id}`,
    },
  ]);
}

/**
 * A post's deletion: the notifications about it go (they quote its text); those about its comments go with
 * the comments (comment_id cascades). Found by (user, dedupe key), the index there is (none leads with
 * post_id): those told are members, or were mentioned and left since. Answers whose unread counts may change.
 */
export async function forgetPostNotifications(
  db: Db,
  post: { id: string; timelineId: string; mentions: StoredMention[] | null },
): Promise<string[]> {
  const members = await db
    .select({ id: timelineMembers.userId })
    .from(timelineMembers)
    .where(eq(timelineMembers.timelineId, post.timelineId));
  const userIds = [...new Set([...members.map((m) => m.id), ...(post.mentions ?? []).map((m) => m.id)])];
  if (userIds.length === 0) return [];
  const gone = await db
    .delete(notifications)
    .where(
      and(
        inArray(notifications.userId, userIds),
        inArray(notifications.dedupeKey, [`mention:post:${post.id}`, `new_post:${post.id}`]),
      ),
    )
    .returning({ userId: notifications.userId });
  return [...new Set(gone.map((n) => n.userId))];
}
