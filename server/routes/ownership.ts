// Ownership transfer (issue 26; DECISIONS §10): offer, accept, withdraw or decline.
import type { FastifyInstance } from 'fastify';
import { messageResponse, transferBody } from '../../common/schemas/timeline.ts';
import { acceptOwnership, offerOwnership, withdrawOwnership } from '../commands/ownership.ts';
import { publishInboxChanges } from '../notifications/membership.ts';
import { timelineFor } from '../policies/timeline.ts';
import type { TimelineBusEvent } from '../realtime/types.ts';
import { timelineParams } from './params.ts';

/** Pages showing the threadline read it again: the offer (`ownership`) or a role changed for `userId`. */
const changed = (
  change: 'ownership' | 'role_changed',
  timelineId: string,
  actorId: string,
  userId: string,
): TimelineBusEvent => ({ kind: 'timeline', type: 'timeline_updated', timelineId, actorId, change, userId });

export async function ownershipRoutes(app: FastifyInstance) {
  const { db, config } = app;

  app.post(
    '/api/timelines/:id/transfer',
    {
      config: { writeLimit: 'ownership' },
      schema: {
        summary: 'Offer the ownership to a member (owner)',
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        body: transferBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { userId } = request.body;
      const me = request.user!.id;
      const access = await timelineFor(db, id, me, 'manageMembers');
      const offered = await offerOwnership(db, access, userId);
      await app.realtime.publish(changed('ownership', access.timeline.id, me, offered));
      return { message: 'Ownership offered' };
    },
  );

  app.post(
    '/api/timelines/:id/transfer/accept',
    {
      config: { writeLimit: 'ownership' },
      schema: {
        summary: 'Accept an ownership offer',
        errors: { 403: "No offer to the caller, or past the new owner's plan limit of members" },
        params: timelineParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!;
      const { previous, inbox } = await acceptOwnership(db, config, id, me);
      await app.realtime.publish(changed('role_changed', id, me.id, previous));
      await app.realtime.publish(changed('role_changed', id, me.id, me.id));
      await publishInboxChanges(app, request.log, inbox);
      return { message: 'You are now the owner' };
    },
  );

  app.delete(
    '/api/timelines/:id/transfer',
    {
      config: { writeLimit: 'ownership' },
      schema: {
        summary: 'Withdraw or decline an ownership offer',
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const access = await timelineFor(db, id, me, 'view');
      const offered = await withdrawOwnership(db, access);
      await app.realtime.publish(changed('ownership', access.timeline.id, me, offered));
      return { message: 'Ownership offer withdrawn' };
    },
  );
}
