// POST /api/reactions: toggles the caller's reaction on a post (spec 001 §7, DECISIONS §6).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { reactionBody, reactionResponse } from '../../common/schemas/post.ts';
import { toggleReaction } from '../commands/reactions.ts';

export async function reactionRoutes(app: FastifyInstance) {
  app.post(
    '/api/reactions',
    {
      config: { writeLimit: 'reaction' },
      schema: { body: reactionBody, response: { 200: reactionResponse } },
    },
    async (request) => {
      const me = request.user!.id;
      const { timelineId, ...answer } = await toggleReaction(
        app.db,
        me,
        request.body as z.output<typeof reactionBody>,
      );
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
}
