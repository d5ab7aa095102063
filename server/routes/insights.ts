// GET /api/timelines/{id}/insights?days=7|30|90 (DECISIONS §9): owners and moderators, on every plan.
import type { FastifyInstance } from 'fastify';
import { INSIGHTS_TOP_MEMBERS } from '../../common/analytics.ts';
import { insightsQuery, insightsResponse } from '../../common/schemas/insights.ts';
import { insightsAccess } from '../policies/insights.ts';
import { presentInsights } from '../presenters/insights.ts';
import { insightsRows } from '../queries/insights.ts';
import { timelineParams } from './params.ts';

export async function insightsRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get(
    '/api/timelines/:id/insights',
    {
      schema: {
        summary: "A threadline's activity over the last days",
        errors: { 403: "The caller's role may not do this, or the plan does not include it" },
        params: timelineParams,
        querystring: insightsQuery,
        response: { 200: insightsResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { days } = request.query;
      const access = await insightsAccess(db, id, request.user!.id);
      return presentInsights(days, await insightsRows(db, access.timeline.id, days, INSIGHTS_TOP_MEMBERS));
    },
  );
}
