// Unread counts and the two mark-read calls of the threadline page (DECISIONS §6).
import type { FastifyInstance } from 'fastify';
import { markViewedResponse, unreadCounts as unreadCountsSchema } from '../../common/schemas/timeline.ts';
import { timelineFor } from '../policies/timeline.ts';
import { markViewed, unreadCounts } from '../queries/unreadCounts.ts';
import { timelineParams } from './params.ts';

export async function unreadRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get(
    '/api/user/timelines/unread-counts',
    {
      schema: {
        summary: 'Unread posts and comments per threadline (each capped at 100)',
        response: { 200: unreadCountsSchema },
      },
    },
    async (request) => unreadCounts(db, request.user!.id),
  );

  for (const [path, which] of [
    ['mark-viewed', 'posts'],
    ['mark-comments-viewed', 'comments'],
  ] as const) {
    app.post(
      `/api/timelines/:id/${path}`,
      {
        schema: {
          summary: `Mark a threadline's ${which} read`,
          params: timelineParams,
          response: { 200: markViewedResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        const me = request.user!.id;
        await timelineFor(db, id, me, 'view');
        const viewedAt = await markViewed(db, me, id, which);
        return { timelineId: id, viewedAt: viewedAt.toISOString() };
      },
    );
  }
}
