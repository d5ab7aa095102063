// Joining by code and join requests (DECISIONS §5, spec 000 §7, 001 §7).

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { type JoinOutcome, joinByCode, UnknownJoinCode } from '../commands/joinByCode.ts';
import {
  type JoinDecision,
  respondToJoinRequest,
  retractJoinRequest,
} from '../commands/respondToJoinRequest.ts';
import { users } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import type { LimitRule } from '../http/limiter.ts';
import { sendNextCursor, takePage } from '../http/list-page.ts';
import { publishInboxChanges } from '../notifications/membership.ts';
import { timelineFor } from '../policies/timeline.ts';
import { presentJoinRequest, presentMyJoinRequest } from '../presenters/member.ts';
import {
  listJoinRequests,
  listMyJoinRequests,
  pendingRequestsSummary,
  requestManagerIds,
} from '../queries/joinRequests.ts';
import type { UserBusEvent } from '../realtime/types.ts';
import { requestParams, timelineParams } from './params.ts';

/** Join attempts with unknown codes: 20 per 10 minutes per user (DECISIONS §3), against code guessing. */
export const UNKNOWN_CODE_LIMIT: LimitRule = { name: 'join-unknown-code', max: 20, windowMs: 10 * 60 * 1000 };

/**
 * A user event to the threadline's owner and moderators as they are now (a demoted moderator no longer
 * hears). The change has committed: a failed lookup is logged, never turned into an error answer.
 */
export async function publishToManagers(
  app: FastifyInstance,
  request: FastifyRequest,
  timelineId: string,
  event: (userIds: string[], timelineId: string) => UserBusEvent,
) {
  try {
    await app.realtime.publish(event(await requestManagerIds(app.db, timelineId), timelineId));
  } catch (err) {
    request.log.warn({ err }, 'join request event not published');
  }
}

/** The pending requests changed without a new one (their badges and panels refresh). */
export const requestsChanged =
  (actorId: string) =>
  (userIds: string[], timelineId: string): UserBusEvent => ({
    kind: 'user',
    type: 'join_requests_changed',
    userIds,
    timelineId,
    actorId,
  });

export async function joinRequestRoutes(app: FastifyInstance) {
  const { db, config, limiter } = app;
  app.post(
    '/api/timelines/join',
    {
      config: { writeLimit: 'joinRequest' },
      schema: {
        summary: 'Join a threadline with its code, or ask to (DECISIONS §5 outcomes)',
        errors: {
          403: 'Archived, blocked, rejected before, or past the plan limit of members',
          404: 'Invalid join code',
          429: '20 unknown codes in 10 minutes, or the write limit',
        },
        body: joinTimelineBody,
        response: { 200: joinResponse },
      },
    },
    async (request) => {
      const me = request.user!.id;
      // Counted before the lookup, so parallel guesses cannot all be evaluated; a known code gives it back.
      const reservation = await limiter.reserveOrThrow(
        [{ rule: UNKNOWN_CODE_LIMIT, subject: me }],
        () => 'Too many join attempts with unknown codes. Try again later.',
      );
      let joined: JoinOutcome;
      try {
        joined = await joinByCode(db, config, me, request.body);
      } catch (err) {
        if (!(err instanceof UnknownJoinCode)) {
          await limiter.release(reservation);
          throw err;
        }
        throw notFound('Invalid join code');
      }
      await limiter.release(reservation);
      const { timelineId, newRequestId } = joined;
      if (joined.joined) {
        await app.realtime.publish({ kind: 'timeline', type: 'new_member', timelineId, actorId: me });
      }
      if (newRequestId) {
        await publishToManagers(app, request, timelineId, (userIds) => ({
          kind: 'user',
          type: 'join_request',
          userIds,
          timelineId,
          requestId: newRequestId,
          actorId: me,
        }));
      }
      if (joined.settledRequest) await publishToManagers(app, request, timelineId, requestsChanged(me));
      await publishInboxChanges(app, request.log, joined.inbox);
      return joined.answer;
    },
  );

  app.get(
    '/api/timelines/:id/join-requests',
    {
      schema: {
        summary: "A threadline's join requests (owner, moderators)",
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        querystring: joinRequestsQuery,
        response: { 200: joinRequests },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { status, cursor } = request.query;
      const { member } = await timelineFor(db, id, request.user!.id, 'listJoinRequests');
      const page = takePage(await listJoinRequests(db, id, status, cursor), (r) => ({
        at: r.cursorAt,
        id: r.request.id,
      }));
      sendNextCursor(reply, page.nextCursor);
      return page.items.map((r) => presentJoinRequest(r.request, r.user, member.role === 'owner'));
    },
  );

  const respond = (decision: JoinDecision) =>
    app.post(
      `/api/timelines/:id/join-requests/:requestId/${decision}`,
      {
        schema: {
          summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a join request (owner, moderators)`,
          errors: {
            403: "The caller's role may not do this, or (approving) past the owner's plan limit of members",
            409: 'The request is no longer pending, or the user is blocked',
          },
          params: requestParams,
          body: respondToRequestBody,
          response: { 200: joinRequestSchema },
        },
      },
      async (request) => {
        const { id, requestId } = request.params;
        const body = request.body;
        const access = await timelineFor(db, id, request.user!.id, 'respondToJoinRequests');
        const { request: row, inbox } = await respondToJoinRequest(
          db,
          config,
          access,
          requestId,
          decision,
          body?.responseMessage ?? null,
        );
        const me = request.user!.id;
        const timelineId = row.timelineId;
        if (decision === 'approve') {
          await app.realtime.publish({
            kind: 'timeline',
            type: 'new_member',
            timelineId,
            actorId: row.userId,
          });
        }
        await app.realtime.publish({
          kind: 'user',
          type: 'join_request_processed',
          userIds: [row.userId],
          timelineId,
          requestId: row.id,
          actorId: me,
        });
        await publishToManagers(app, request, timelineId, requestsChanged(me));
        await publishInboxChanges(app, request.log, inbox);
        const [user] = await db.select().from(users).where(eq(users.id, row.userId));
        return presentJoinRequest(row, user!, access.member.role === 'owner');
      },
    );
  respond('approve');
  respond('reject');

  app.get(
    '/api/my-join-requests',
    { schema: { summary: "The caller's own join requests", response: { 200: myJoinRequests } } },
    async (request) => {
      const rows = await listMyJoinRequests(db, request.user!.id);
      return rows.map((r) => presentMyJoinRequest(r.request, r.timeline));
    },
  );

  app.delete(
    '/api/join-requests/:id',
    {
      schema: {
        summary: 'Retract a pending join request',
        errors: { 409: 'Only a pending request can be retracted' },
        params: timelineParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const { timelineId, inbox } = await retractJoinRequest(db, id, me);
      await publishToManagers(app, request, timelineId, requestsChanged(me));
      await publishInboxChanges(app, request.log, inbox);
      return { message: 'Join request retracted' };
    },
  );

  app.get(
    '/api/pending-requests-summary',
    {
      schema: {
        summary: 'Pending join requests per threadline the caller owns or moderates',
        response: { 200: pendingSummary },
      },
    },
    async (request) => pendingRequestsSummary(db, request.user!.id),
  );
}
