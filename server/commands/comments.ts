// POST /api/comments (spec 001 §5-§7): under the threadline's share lock, so a block, a permission change or
// the post's deletion either happens before the comment (and refuses it) or after it.

import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import type { Db } from '../db/client.ts';
import { comments } from '../db/schema/index.ts';
import { postAccess } from '../policies/post.ts';
import { commentById } from '../queries/comments.ts';
import type { CommentRow } from '../queries/feed.ts';
import { recordAction } from './analytics.ts';

export async function createComment(db: Db, userId: string, body: { postId: string; content: string }) {
  return db.transaction(async (tx) => {
    const { post, access } = await postAccess(tx, body.postId, userId, 'comment', { lock: 'share' });
    const [row] = await tx
      .insert(comments)
      .values({ postId: post.id, timelineId: post.timelineId, authorId: userId, content: body.content })
      .returning({ id: comments.id });
    await recordAction(tx, post.timelineId, userId, ANALYTICS_ACTIONS.commentCreated);
    // Read back in the same transaction: a delete of the post committing right after would take it along.
    return { row: (await commentById(tx, row!.id)) as CommentRow, access };
  });
}
