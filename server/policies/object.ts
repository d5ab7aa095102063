// Who may read a stored object (DECISIONS §7). The object's `uploads` row says what uses it:
// - an avatar (avatarOf) → any signed-in user;
// - a post's media (postId, timelineId) → members with access to that threadline now (not blocked, not
//   left, threadline not deleted; archived ones only to their owner, as the feed), while the post is live;
// - a message's attachment (messageId) → the two people in the conversation;
// - a threadline's cover (category 'cover', timelineId, and still its cover_image_url) → its members now
//   while it is not deleted (archived too: the dashboard card shows it);
// - not attached yet (stored) → its uploader only.
// Everything else gets the same 404 as a key that does not exist: visitors, outsiders, pending uploads
// (bytes not checked yet), and attached rows whose post, message or threadline is gone.
import { and, eq, isNull, or } from 'drizzle-orm';
import { COVER_CATEGORY } from '../commands/appearance.ts';
import type { Db } from '../db/client.ts';
import {
  conversations,
  messages,
  posts,
  timelineMembers,
  timelines,
  type UploadRow,
  uploads,
} from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import { objectPathFor } from '../storage/keys.ts';
import { timelineFor } from './timeline.ts';

/** `uploads/{uuid}`: the only keys `/objects/` serves (thumbnails go through `?variant=thumb`). */
export const OBJECT_KEY = /^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The upload row behind `key` when `userId` may read it, else null (the route answers 404). */
export async function readableUpload(db: Db, key: string, userId: string | null): Promise<UploadRow | null> {
  if (!userId || !OBJECT_KEY.test(key)) return null;
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  if (!row) return null;
  return (await mayRead(db, row, userId)) ? row : null;
}

export async function mayRead(db: Db, row: UploadRow, userId: string): Promise<boolean> {
  if (row.status === 'pending') return false;
  if (row.status === 'stored') return row.ownerId === userId;
  // Attached: whatever uses it decides. An avatar first: it is shown everywhere its owner appears.
  if (row.avatarOf) return true;
  if (row.postId && row.timelineId) return postMediaReadable(db, row.postId, row.timelineId, userId);
  if (row.messageId) return messageAttachmentReadable(db, row.messageId, userId);
  if (row.category === COVER_CATEGORY && row.timelineId)
    return coverReadable(db, row, row.timelineId, userId);
  // Attached to something that no longer exists (its reference was set null): nobody.
  return false;
}

async function postMediaReadable(db: Db, postId: string, timelineId: string, userId: string) {
  try {
    // The feed's own rule: a member now, threadline not deleted, archived ones to the owner alone.
    await timelineFor(db, timelineId, userId, 'view');
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) return false;
    throw err;
  }
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.timelineId, timelineId), isNull(posts.deletedAt)))
    .limit(1);
  return Boolean(post);
}

async function messageAttachmentReadable(db: Db, messageId: string, userId: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(timelines, eq(timelines.id, conversations.timelineId))
    .where(
      and(
        eq(messages.id, messageId),
        isNull(messages.deletedAt),
        isNull(timelines.deletedAt),
        or(eq(conversations.initiatorId, userId), eq(conversations.recipientId, userId)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function coverReadable(db: Db, row: UploadRow, timelineId: string, userId: string) {
  const [cover] = await db
    .select({ id: timelines.id })
    .from(timelines)
    .innerJoin(
      timelineMembers,
      and(eq(timelineMembers.timelineId, timelines.id), eq(timelineMembers.userId, userId)),
    )
    .where(
      and(
        eq(timelines.id, timelineId),
        isNull(timelines.deletedAt),
        eq(timelines.coverImageUrl, objectPathFor(row.id)),
      ),
    )
    .limit(1);
  return Boolean(cover);
}
