// Comments: add one, and read a post's comments oldest first (spec 001 §7).
import type { FastifyInstance } from 'fastify';
import {
  commentList,
  commentSchema,
  commentsQuery,
  createCommentBody,
  editCommentBody,
} from '../../common/schemas/post.ts';
import { createComment } from '../commands/comments.ts';
import { editComment } from '../commands/edits.ts';
import { publishNotifications } from '../notifications/publish.ts';
import { postAccess } from '../policies/post.ts';
import { presentComment } from '../presenters/post.ts';
import { commentsPage } from '../queries/comments.ts';
import type { CommentRow } from '../queries/feed.ts';
import { commentMentionNames } from '../queries/mentions.ts';
import { postCommentsParams, postParams } from './params.ts';

export async function commentRoutes(app: FastifyInstance) {
  const { db } = app;
  /** Comments of one threadline with their mentions as they stand now (one more query, when any). */
  const present = async (rows: CommentRow[], timelineId: string, showEmail: boolean) => {
    const names = await commentMentionNames(db, timelineId, rows);
    return rows.map((row) => presentComment(row, showEmail, timelineId, names));
  };

  app.post(
    '/api/comments',
    {
      config: { writeLimit: 'comment' },
      schema: {
        summary: 'Comment on a post',
        errors: {
          403: 'Participants may not comment here, or the threadline is archived',
          404: 'The post is not found or not visible',
        },
        body: createCommentBody,
        response: { 201: commentSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const me = request.user!.id;
      const { row, access, notifications } = await createComment(db, me, body);
      await app.realtime.publish({
        kind: 'timeline',
        type: 'new_comment',
        timelineId: access.timeline.id,
        actorId: me,
        postId: row.postId,
        commentId: row.id,
      });
      await publishNotifications(app, request.log, notifications);
      const [comment] = await present([row], access.timeline.id, access.member.role === 'owner');
      return reply.code(201).send(comment);
    },
  );

  app.patch(
    '/api/comments/:id',
    {
      config: { writeLimit: 'comment' },
      schema: {
        summary: 'Edit a comment (its author)',
        errors: { 403: 'Only the author may edit it' },
        params: postParams,
        body: editCommentBody,
        response: { 200: commentSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const me = request.user!.id;
      const { row, access, changed, notifications } = await editComment(db, me, id, body);
      if (changed) {
        await app.realtime.publish({
          kind: 'timeline',
          type: 'timeline_updated',
          change: 'comment_edited',
          timelineId: access.timeline.id,
          actorId: me,
          postId: row.postId,
          commentId: row.id,
        });
      }
      await publishNotifications(app, request.log, notifications);
      const [comment] = await present([row], access.timeline.id, access.member.role === 'owner');
      return comment;
    },
  );

  app.get(
    '/api/posts/:postId/comments',
    {
      schema: {
        summary: "A page of a post's comments",
        params: postCommentsParams,
        querystring: commentsQuery,
        response: { 200: commentList },
      },
    },
    async (request) => {
      const { postId } = request.params;
      const query = request.query;
      const { access, post } = await postAccess(db, postId, request.user!.id, 'view');
      const rows = await commentsPage(db, post.id, query);
      return present(rows, access.timeline.id, access.member.role === 'owner');
    },
  );
}
