// POST /api/reactions: toggles the caller's reaction on a post (spec 001 §7, DECISIONS §6).
// GET /api/posts/{id}/reactions: who reacted, for members who may read the post (issue 25 item 9).
import type { FastifyInstance } from 'fastify';
import { reactionBody, reactionResponse } from '../../common/schemas/post.ts';
import { postReactorsSchema } from '../../common/schemas/reactors.ts';
import { toggleReaction } from '../commands/reactions.ts';
import { postAccess } from '../policies/post.ts';
import { presentReactors } from '../presenters/reactors.ts';
import { postReactors } from '../queries/reactors.ts';
import { postParams } from './params.ts';

export async function reactionRoutes(app: FastifyInstance) {
  app.post(
    '/api/reactions',
    {
      config: { writeLimit: 'reaction' },
      schema: {
        summary: 'Toggle a reaction on a post or comment',
        errors: {
          404: 'The post or comment is not found or not visible',
          409: 'The post already has the most distinct emoji',
        },
        body: reactionBody,
        response: { 200: reactionResponse },
      },
    },
    async (request) => {
      const me = request.user!.id;
      const { timelineId, ...answer } = await toggleReaction(app.db, me, request.body);
      await app.realtime.publish({
        kind: 'timeline',
        type: 'timeline_updated',
        change: 'reactions',
        timelineId,
        actorId: me,
        postId: answer.postId,
      });
      return answer;
    },
  );

  app.get(
    '/api/posts/:id/reactions',
    {
      schema: {
        summary: 'Who reacted to a post, by emoji',
        params: postParams,
        response: { 200: postReactorsSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // The same access as reading the post: members see it, everyone else gets the post's 404.
      const { post } = await postAccess(app.db, id, request.user!.id, 'view');
      return presentReactors(post.id, await postReactors(app.db, post.id));
    },
  );
}
