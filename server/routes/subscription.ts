// GET /api/subscription/status: plan, limits and usage. Payments arrive with the billing issue.
import type { FastifyInstance } from 'fastify';
import { PLAN_LIMITS, type Plan } from '../../common/plans.ts';
import { subscriptionStatus } from '../../common/schemas/timeline.ts';
import { ownedTimelineCount } from '../billing/limits.ts';
import { notFound } from '../http/errors.ts';

export async function subscriptionRoutes(app: FastifyInstance) {
  const { db, config } = app;

  app.get(
    '/api/subscription/status',
    { schema: { response: { 200: subscriptionStatus } } },
    async (request) => {
      if (config.billing.provider === 'off') throw notFound('Billing is turned off on this server');
      const me = request.user!;
      const plan = me.plan as Plan;
      const limits = PLAN_LIMITS[plan];
      return {
        plan,
        limits: {
          maxTimelines: limits.maxTimelines,
          maxMembersPerTimeline: limits.maxMembersPerTimeline,
          storageGB: limits.storageGB,
        },
        usage: { timelines: await ownedTimelineCount(db, me.id), storageUsed: me.storageUsedBytes },
        // Free accounts have no subscription; paid ones get a real status with the billing issue.
        subscriptionStatus: {
          status: plan === 'free' ? null : 'active',
          cancelAtPeriodEnd: false,
          currentPeriodEnd: null,
        },
      };
    },
  );
}
