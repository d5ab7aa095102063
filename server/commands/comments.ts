// POST /api/comments (spec 001 §5-§7): under the threadline's share lock, so a block, a permission change or
// the post's deletion either happens before the comment (and refuses it) or after it. Its mentions and
// notifications (mentions, the reply to the post's author) are written with it.

import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import { personName } from '../../common/names.ts';
import type { Db } from '../db/client.ts';
import { comments } from '../db/schema/index.ts';
import { commentNotifications } from '../notifications/content.ts';
import { postAccess } from '../policies/post.ts';
import { commentById } from '../queries/comments.ts';
import type { CommentRow } from '../queries/feed.ts';
import { recordAction } from './analytics.ts';
import { bumpFeed } from './feed-version.ts';
import { pickMentions, storedMentions, threadlineReaders } from './mentions.ts';

export async function createComment(
  db: Db,
  userId: string,
  body: { postId: string; content: string; mentions?: string[] },
) {
  return db.transaction(async (tx) => {
    const { post, access } = await postAccess(tx, body.postId, userId, 'comment', { lock: 'key share' });
    const readers = await threadlineReaders(tx, post.timelineId, {
      ids: body.mentions,
      also: [post.authorId],
    });
    const mentions = pickMentions(body.content, body.mentions ?? [], readers);
    const [row] = await tx
      .insert(comments)
      .values({
        postId: post.id,
        timelineId: post.timelineId,
        authorId: userId,
        content: body.content,
        mentions: storedMentions(mentions),
      })
      .returning({ id: comments.id });
    await recordAction(tx, post.timelineId, userId, ANALYTICS_ACTIONS.commentCreated);
    // Read back in the same transaction: a delete of the post committing right after would take it along.
    const comment = (await commentById(tx, row!.id)) as CommentRow;
    const ctx = {
      actorId: userId,
      actorName: personName(comment.author),
      timelineId: access.timeline.id,
      timelineName: access.timeline.name,
    };
    const notifications = await commentNotifications(tx, ctx, comment, mentions, readers, post.authorId);
    await bumpFeed(tx, post.timelineId);
    return { row: comment, access, notifications };
  });
}
