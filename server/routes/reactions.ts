// POST /api/reactions: toggles the caller's reaction on a post (spec 001 §7, DECISIONS §6).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { reactionBody, reactionResponse } from '../../common/schemas/post.ts';
import { toggleReaction } from '../commands/reactions.ts';

export async function reactionRoutes(app: FastifyInstance) {
  app.post(
    '/api/reactions',
    { schema: { body: reactionBody, response: { 200: reactionResponse } } },
    async (request) =>
      toggleReaction(app.db, request.user!.id, request.body as z.output<typeof reactionBody>),
  );
}
