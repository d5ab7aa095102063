// PATCH /api/posts/{id} and /api/comments/{id} (DECISIONS §9): the author changes the text, media stay.
// The edit runs under the threadline's share lock (a block or an archive waits for it or refuses it) and the
// row's FOR UPDATE lock, so parallel edits of one post run one at a time and each keeps the text it replaced.
// Mentions are worked out again from the new text; only people it newly mentions are notified (once each
// per item whatever happens: the notifications' dedupe keys).
import { and, eq, sql } from 'drizzle-orm';
import { personName } from '../../common/names.ts';
import type { StoredMention } from '../../common/notifications.ts';
import { hasFeature } from '../billing/features.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { comments, posts, timelines, users } from '../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { commentNotifications, postNotifications } from '../notifications/content.ts';
import type { CreatedNotification } from '../notifications/store.ts';
import { postAccess } from '../policies/post.ts';
import { isUuid } from '../policies/timeline.ts';
import { commentById } from '../queries/comments.ts';
import { type CommentRow, type PostRow, postById } from '../queries/feed.ts';
import { bumpFeed } from './feed-version.ts';
import {
  newlyMentioned,
  pickMentions,
  type Readers,
  sameMentions,
  storedMentions,
  threadlineReaders,
} from './mentions.ts';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const EDIT_REFUSALS = {
  post: 'You can only edit your own posts',
  comment: 'You can only edit your own comments',
  emptyPost: 'Please enter some content or add media',
};

/** The plan of the threadline's owner: version history follows it. */
export async function ownerPlan(db: Db, timelineId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ plan: users.plan })
    .from(timelines)
    .innerJoin(users, eq(users.id, timelines.ownerId))
    .where(eq(timelines.id, timelineId));
  return row?.plan;
}

/** An edit's text and the mentions the body names (left out: those stored before). */
export interface EditInput {
  content: string;
  mentions?: string[];
}

/** The mentions of an edited text: the body's ids, else the earlier ones, kept as pickMentions says. */
async function editedMentions(
  tx: Db,
  timelineId: string,
  text: string | null,
  input: EditInput,
  before: StoredMention[] | null,
): Promise<{ mentions: StoredMention[]; readers: Readers }> {
  const ids = input.mentions ?? (before ?? []).map((m) => m.id);
  const readers = await threadlineReaders(tx, timelineId, { ids });
  return { mentions: pickMentions(text, ids, readers, before ?? []), readers };
}

/**
 * The post with its new text. Under an owner with version history the text it replaces is kept first, with
 * the time and author of that text; the same text again changes nothing (no version, no new `editedAt`).
 * `changed` is true when the text or its mentions changed; `notifications` are for people newly mentioned.
 */
export async function editPost(db: Db, config: Config, userId: string, postId: string, input: EditInput) {
  return db.transaction(async (tx) => {
    const { access, post } = await postAccess(tx, postId, userId, 'post', {
      lock: 'key share',
      lockPost: true,
    });
    if (post.authorId !== userId) throw forbidden(EDIT_REFUSALS.post);
    const { content } = input;
    // As when posting: a text post needs text; a media post may go without.
    if (post.type === 'text' && !content) throw badRequest(EDIT_REFUSALS.emptyPost);
    const next = content || null;
    const changed = next !== post.content;
    const { mentions, readers } = await editedMentions(tx, post.timelineId, next, input, post.mentions);
    const mentionsChanged = !sameMentions(mentions, post.mentions);
    if (mentionsChanged) {
      await tx
        .update(posts)
        .set({ mentions: storedMentions(mentions) })
        .where(eq(posts.id, post.id));
    }
    if (changed) {
      if (hasFeature(config, await ownerPlan(tx, post.timelineId), 'versionHistory')) {
        // In SQL: the time keeps its microseconds, so versions sort as they were written.
        await tx.execute(sql`
          insert into post_versions (post_id, content, editor_id, created_at)
          select id, content, author_id, coalesce(edited_at, created_at) from posts where id = ${post.id}`);
      }
      // clock_timestamp(), not now(): the transaction may have waited for the row lock.
      await tx
        .update(posts)
        .set({ content: next, editedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
        .where(eq(posts.id, post.id));
    }
    const row = (await postById(tx, post.id, userId)) as PostRow;
    let notifications: CreatedNotification[] = [];
    const added = newlyMentioned(mentions, post.mentions);
    if (added.length) {
      const ctx = {
        actorId: userId,
        actorName: personName(row.author),
        timelineId: access.timeline.id,
        timelineName: access.timeline.name,
      };
      notifications = await postNotifications(tx, ctx, row, added, readers, { isNew: false });
    }
    await bumpFeed(tx, post.timelineId);
    return { row, access, changed: changed || mentionsChanged, notifications };
  });
}

/** The comment with its new text (comments keep no history: DECISIONS §9 versions posts); as editPost. */
export async function editComment(db: Db, userId: string, commentId: string, input: EditInput) {
  const { content } = input;
  return db.transaction(async (tx) => {
    if (!isUuid(commentId)) throw notFound(COMMENT_NOT_FOUND);
    const [found] = await tx
      .select({ postId: comments.postId })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!found) throw notFound(COMMENT_NOT_FOUND);
    const { access } = await postAccess(tx, found.postId, userId, 'comment', { lock: 'key share' });
    const [comment] = await tx
      .select()
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.postId, found.postId)))
      .for('update');
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    if (comment.authorId !== userId) throw forbidden(EDIT_REFUSALS.comment);
    const changed = content !== comment.content;
    const { mentions, readers } = await editedMentions(
      tx,
      comment.timelineId,
      content,
      input,
      comment.mentions,
    );
    const mentionsChanged = !sameMentions(mentions, comment.mentions);
    if (changed || mentionsChanged) {
      await tx
        .update(comments)
        .set({
          mentions: storedMentions(mentions),
          ...(changed && { content, editedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` }),
        })
        .where(eq(comments.id, comment.id));
    }
    const row = (await commentById(tx, comment.id)) as CommentRow;
    let notifications: CreatedNotification[] = [];
    const added = newlyMentioned(mentions, comment.mentions);
    if (added.length) {
      const ctx = {
        actorId: userId,
        actorName: personName(row.author),
        timelineId: access.timeline.id,
        timelineName: access.timeline.name,
      };
      notifications = await commentNotifications(tx, ctx, row, added, readers, null);
    }
    await bumpFeed(tx, comment.timelineId);
    return { row, access, changed: changed || mentionsChanged, notifications };
  });
}
