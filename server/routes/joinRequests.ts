// Joining by code and join requests (DECISIONS §5, spec 000 §7, 001 §7).

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  joinRequestSchema,
  joinRequests,
  joinRequestsQuery,
  joinResponse,
  joinTimelineBody,
  messageResponse,
  myJoinRequests,
  pendingSummary,
  respondToRequestBody,
} from '../../common/schemas/timeline.ts';
import { joinByCode, UnknownJoinCode } from '../commands/joinByCode.ts';
import {
  type JoinDecision,
  respondToJoinRequest,
  retractJoinRequest,
} from '../commands/respondToJoinRequest.ts';
import { users } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import type { LimitRule } from '../http/limiter.ts';
import { timelineFor } from '../policies/timeline.ts';
import { presentJoinRequest, presentMyJoinRequest } from '../presenters/member.ts';
import { listJoinRequests, listMyJoinRequests, pendingRequestsSummary } from '../queries/joinRequests.ts';
import { type RequestParams, requestParams, type TimelineParams, timelineParams } from './params.ts';

/** Join attempts with unknown codes: 20 per 10 minutes per user (DECISIONS §3), against code guessing. */
export const UNKNOWN_CODE_LIMIT: LimitRule = { name: 'join-unknown-code', max: 20, windowMs: 10 * 60 * 1000 };

export async function joinRequestRoutes(app: FastifyInstance) {
  const { db, config, limiter } = app;

  app.post(
    '/api/timelines/join',
    { schema: { body: joinTimelineBody, response: { 200: joinResponse } } },
    async (request) => {
      const me = request.user!.id;
      // Counted before the lookup, so parallel guesses cannot all be evaluated; a known code gives it back.
      const reservation = await limiter.reserveOrThrow(
        [{ rule: UNKNOWN_CODE_LIMIT, subject: me }],
        () => 'Too many join attempts with unknown codes. Try again later.',
      );
      try {
        const joined = await joinByCode(db, config, me, request.body as z.output<typeof joinTimelineBody>);
        await limiter.release(reservation);
        return joined;
      } catch (err) {
        if (!(err instanceof UnknownJoinCode)) {
          await limiter.release(reservation);
          throw err;
        }
        throw notFound('Invalid join code');
      }
    },
  );

  app.get(
    '/api/timelines/:id/join-requests',
    { schema: { params: timelineParams, querystring: joinRequestsQuery, response: { 200: joinRequests } } },
    async (request) => {
      const { id } = request.params as TimelineParams;
      const { status } = request.query as z.output<typeof joinRequestsQuery>;
      const { member } = await timelineFor(db, id, request.user!.id, 'listJoinRequests');
      const rows = await listJoinRequests(db, id, status);
      return rows.map((r) => presentJoinRequest(r.request, r.user, member.role === 'owner'));
    },
  );

  const respond = (decision: JoinDecision) =>
    app.post(
      `/api/timelines/:id/join-requests/:requestId/${decision}`,
      { schema: { params: requestParams, body: respondToRequestBody, response: { 200: joinRequestSchema } } },
      async (request) => {
        const { id, requestId } = request.params as RequestParams;
        const body = request.body as z.output<typeof respondToRequestBody>;
        const access = await timelineFor(db, id, request.user!.id, 'respondToJoinRequests');
        const row = await respondToJoinRequest(
          db,
          config,
          access,
          requestId,
          decision,
          body?.responseMessage ?? null,
        );
        const [user] = await db.select().from(users).where(eq(users.id, row.userId));
        return presentJoinRequest(row, user!, access.member.role === 'owner');
      },
    );
  respond('approve');
  respond('reject');

  app.get('/api/my-join-requests', { schema: { response: { 200: myJoinRequests } } }, async (request) => {
    const rows = await listMyJoinRequests(db, request.user!.id);
    return rows.map((r) => presentMyJoinRequest(r.request, r.timeline));
  });

  app.delete(
    '/api/join-requests/:id',
    { schema: { params: timelineParams, response: { 200: messageResponse } } },
    async (request) => {
      const { id } = request.params as TimelineParams;
      await retractJoinRequest(db, id, request.user!.id);
      return { message: 'Join request retracted' };
    },
  );

  app.get(
    '/api/pending-requests-summary',
    { schema: { response: { 200: pendingSummary } } },
    async (request) => pendingRequestsSummary(db, request.user!.id),
  );
}
