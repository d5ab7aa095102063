// Advanced search (DECISIONS §9): across every threadline the caller can read, on the searcher's plan.
// Basic search, one threadline on every plan, is GET /api/timelines/{id}/search (routes/posts.ts).
import type { FastifyInstance } from 'fastify';
import { advancedSearchQuery, searchResponse } from '../../common/schemas/search.ts';
import { assertFeature } from '../billing/features.ts';
import { presentComment, presentPost } from '../presenters/post.ts';
import { mentionNames } from '../queries/mentions.ts';
import { advancedSearch } from '../queries/search.ts';

export async function searchRoutes(app: FastifyInstance) {
  app.get(
    '/api/search',
    {
      schema: {
        summary: 'Search every threadline the caller is in',
        errors: { 403: 'The plan does not include advanced search (planUpgradeRequired)' },
        querystring: advancedSearchQuery,
        response: { 200: searchResponse },
      },
    },
    async (request) => {
      const user = request.user!;
      assertFeature(app.config, user.plan, 'advancedSearch');
      const params = request.query;
      const { hits, nextCursor } = await advancedSearch(app.db, user.id, params);
      // The mentions of every post, newest comment and matched comment, in one query.
      const names = await mentionNames(
        app.db,
        hits.flatMap(({ post, comment }) =>
          [post, post.latestComment, comment].map((item) => ({
            timelineId: post.timelineId,
            mentions: post.deletedAt ? null : item?.mentions,
          })),
        ),
        'threadline',
      );
      return {
        results: hits.map((hit) => ({
          kind: hit.kind,
          timeline: hit.timeline,
          post: presentPost(hit.post, { showEmail: hit.isOwner, pinnedPostId: hit.pinnedPostId }, names),
          ...(hit.comment && {
            comment: presentComment(hit.comment, hit.isOwner, hit.post.timelineId, names),
          }),
          excerpt: hit.excerpt,
        })),
        nextCursor,
      };
    },
  );
}
