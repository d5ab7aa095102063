// Writes on posts (spec 001 §4, §7; DECISIONS §5-§6). Each runs in one transaction that locks the
// threadline row and re-checks the caller's access under that lock (commands/lock.ts).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import { personName } from '../../common/names.ts';
import { type createPostBody, NO_CONTENT } from '../../common/schemas/post.ts';
import type { Db } from '../db/client.ts';
import { comments, posts, postVersions, reactions, timelines, uploads } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { forgetPostNotifications, postNotifications } from '../notifications/content.ts';
import { authorizeDeletePost, authorRole, POST_NOT_FOUND, postAccess } from '../policies/post.ts';
import { isUuid } from '../policies/timeline.ts';
import { type PostRow, postById } from '../queries/feed.ts';
import { recordAction } from './analytics.ts';
import { bumpFeed } from './feed-version.ts';
import { lockedAccess } from './lock.ts';
import { pickMentions, storedMentions, threadlineReaders } from './mentions.ts';
import { attachUploads, claimMedia } from './post-media.ts';
import { releaseUploads } from './uploads.ts';

export type CreatePostInput = z.output<typeof createPostBody>;

/**
 * POST /api/posts: the new post in the full shape. Its uploads are locked, checked and attached in the same
 * transaction (commands/post-media.ts): of two posts racing for one upload, exactly one gets it. Its
 * mentions and notifications (mentions, "every post") are written with it; `notifications` are for the
 * route to publish once this has committed.
 */
export async function createPost(db: Db, userId: string, body: CreatePostInput) {
  return db.transaction(async (tx) => {
    const access = await lockedAccess(tx, body.timelineId, userId, 'post', 'key share');
    const attachment = await claimMedia(tx, userId, body);
    const readers = await threadlineReaders(tx, body.timelineId, { ids: body.mentions, everyPost: true });
    const mentions = pickMentions(body.content, body.mentions ?? [], readers);
    const [row] = await tx
      .insert(posts)
      .values({
        timelineId: body.timelineId,
        authorId: userId,
        type: attachment?.type ?? body.type,
        content: body.content,
        mentions: storedMentions(mentions),
        ...attachment?.fields,
      })
      .returning({ id: posts.id, type: posts.type });
    if (attachment) await attachUploads(tx, attachment.uploadIds, row!.id, body.timelineId);
    await recordAction(tx, body.timelineId, userId, ANALYTICS_ACTIONS.postCreated, { type: row!.type });
    // Read back in the same transaction, so the answer is the post as created, whatever follows.
    const post = (await postById(tx, row!.id, userId)) as PostRow;
    const ctx = {
      actorId: userId,
      actorName: personName(post.author),
      timelineId: access.timeline.id,
      timelineName: access.timeline.name,
    };
    const notifications = await postNotifications(tx, ctx, post, mentions, readers, { isNew: true });
    await bumpFeed(tx, body.timelineId);
    return { row: post, access, notifications };
  });
}

/**
 * DELETE /api/posts/{id}: a tombstone keeps author, type and dates (DECISIONS §6). Content, comments and
 * reactions go with it, and a pinned post is unpinned in the same transaction. Its uploads' rows go too and
 * their bytes leave the uploader's storage use; the caller deletes the objects once this has committed
 * (`removed`), so a rolled-back delete never loses a file. Notifications about the post and its comments go
 * too (they quote its text); `inboxUsers` are the people whose unread counts that may change.
 */
export async function deletePost(db: Db, userId: string, postId: string) {
  return db.transaction(async (tx) => {
    const { access, post } = await postAccess(tx, postId, userId, 'deletePost', {
      lock: 'update',
      lockPost: true,
    });
    authorizeDeletePost(access, post, await authorRole(tx, post));
    const now = new Date();
    await tx
      .update(posts)
      .set({ ...NO_CONTENT, mentions: null, deletedAt: now, deletedBy: userId, updatedAt: now })
      .where(eq(posts.id, post.id));
    const told = await forgetPostNotifications(tx, post);
    await tx.delete(comments).where(eq(comments.postId, post.id));
    await tx.delete(reactions).where(eq(reactions.postId, post.id));
    // The tombstone keeps its row, so the cascade alone would keep its earlier texts.
    await tx.delete(postVersions).where(eq(postVersions.postId, post.id));
    if (access.timeline.pinnedPostId === post.id) {
      await tx.update(timelines).set({ pinnedPostId: null }).where(eq(timelines.id, post.timelineId));
    }
    await bumpFeed(tx, post.timelineId);
    const media = await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.postId, post.id));
    const removed = await releaseUploads(tx, media);
    return {
      id: post.id,
      deletedAt: now.toISOString(),
      removed,
      timelineId: post.timelineId,
      inboxUsers: told,
    };
  });
}

/** POST /api/timelines/{id}/pin/{postId}: one pinned post per threadline, so pinning replaces. */
export async function pinPost(db: Db, userId: string, timelineId: string, postId: string) {
  return db.transaction(async (tx) => {
    await lockedAccess(tx, timelineId, userId, 'pin', 'update');
    if (!isUuid(postId)) throw notFound(POST_NOT_FOUND);
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.timelineId, timelineId), isNull(posts.deletedAt)));
    if (!post) throw notFound(POST_NOT_FOUND);
    await tx
      .update(timelines)
      .set({ pinnedPostId: post.id, updatedAt: new Date(), feedVersion: sql`${timelines.feedVersion} + 1` })
      .where(eq(timelines.id, timelineId));
    return { timelineId, pinnedPostId: post.id };
  });
}

/** DELETE /api/timelines/{id}/pin. */
export async function unpinPost(db: Db, userId: string, timelineId: string) {
  return db.transaction(async (tx) => {
    await lockedAccess(tx, timelineId, userId, 'pin', 'update');
    await tx
      .update(timelines)
      .set({ pinnedPostId: null, updatedAt: new Date(), feedVersion: sql`${timelines.feedVersion} + 1` })
      .where(eq(timelines.id, timelineId));
    return { timelineId, pinnedPostId: null };
  });
}
