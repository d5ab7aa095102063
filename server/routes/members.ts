// Membership: leave, remove and block, the blocked list, unblock, role change (spec 001 §4, §7).

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listPageQuery } from '../../common/schemas/list-page.ts';
import {
  blockedUsers,
  memberSchema,
  messageResponse,
  removeMemberBody,
  roleChangeBody,
} from '../../common/schemas/timeline.ts';
import { changeRole, leaveTimeline, removeAndBlock, unblock } from '../commands/membership.ts';
import { users } from '../db/schema/index.ts';
import { sendNextCursor, takePage } from '../http/list-page.ts';
import { publishInboxChanges } from '../notifications/membership.ts';
import { publishInbox } from '../notifications/publish.ts';
import { timelineFor } from '../policies/timeline.ts';
import { presentBlocked, presentMember } from '../presenters/member.ts';
import { listBlocked } from '../queries/members.ts';
import type { TimelineBusEvent } from '../realtime/types.ts';
import { publishToManagers, requestsChanged } from './joinRequests.ts';
import { memberParams, timelineParams } from './params.ts';

const memberChange = (
  timelineId: string,
  actorId: string,
  change: 'member_left' | 'member_removed' | 'role_changed',
  userId: string,
): TimelineBusEvent => ({ kind: 'timeline', type: 'timeline_updated', timelineId, actorId, change, userId });

export async function memberRoutes(app: FastifyInstance) {
  const { db } = app;

  // Registered before /members/:userId; find-my-way prefers the static segment anyway.
  app.delete(
    '/api/timelines/:id/members/leave',
    {
      schema: {
        summary: 'Leave a threadline',
        errors: { 403: 'The owner cannot leave' },
        params: timelineParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const access = await timelineFor(db, id, me, 'leave');
      await leaveTimeline(db, access);
      // Access first: the leaver's sockets stop before anyone hears of it.
      const timelineId = access.timeline.id;
      await app.realtime.publish({ kind: 'access', timelineId, userId: me, reason: 'left' });
      await app.realtime.publish(memberChange(timelineId, me, 'member_left', me));
      // The leaver's notifications about it are no longer theirs to read: their bells count again.
      await publishInbox(app, request.log, [me]);
      return { message: 'Left timeline' };
    },
  );

  app.delete(
    '/api/timelines/:id/members/:userId',
    {
      schema: {
        summary: 'Remove a member, or block them (owner, moderators)',
        errors: { 403: "The caller's role may not do this, or the target is the owner" },
        params: memberParams,
        body: removeMemberBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const body = request.body;
      const me = request.user!.id;
      const access = await timelineFor(db, id, me, 'manageMembers');
      const {
        userId: removed,
        cancelledRequests,
        inbox,
      } = await removeAndBlock(db, access, userId, body?.reason ?? null);
      const timelineId = access.timeline.id;
      // Access first (their sockets stop at once), then they are told, then the others.
      await app.realtime.publish({ kind: 'access', timelineId, userId: removed, reason: 'removed' });
      await app.realtime.publish({
        kind: 'user',
        type: 'access_removed',
        userIds: [removed],
        timelineId,
        actorId: me,
        reason: 'blocked',
      });
      await app.realtime.publish(memberChange(timelineId, me, 'member_removed', removed));
      if (cancelledRequests > 0) await publishToManagers(app, request, timelineId, requestsChanged(me));
      await publishInboxChanges(app, request.log, inbox);
      return { message: 'Member removed and blocked' };
    },
  );

  app.patch(
    '/api/timelines/:id/members/:userId',
    {
      schema: {
        summary: "Change a member's role (owner)",
        errors: { 403: "The caller's role may not do this, or the target is the owner" },
        params: memberParams,
        body: roleChangeBody,
        response: { 200: memberSchema },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const { role } = request.body;
      const me = request.user!.id;
      const access = await timelineFor(db, id, me, 'manageMembers');
      const { member, inbox } = await changeRole(db, access, userId, role);
      // Every role reads, so no access event; join_request events follow the new role at send time.
      await app.realtime.publish(memberChange(access.timeline.id, me, 'role_changed', member.userId));
      await publishInboxChanges(app, request.log, inbox);
      const [user] = await db.select().from(users).where(eq(users.id, member.userId));
      return presentMember(member, user!, true);
    },
  );

  app.get(
    '/api/timelines/:id/blocked-users',
    {
      schema: {
        summary: 'The blocked list (owner)',
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        querystring: listPageQuery,
        response: { 200: blockedUsers },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { cursor } = request.query;
      await timelineFor(db, id, request.user!.id, 'viewBlocked');
      const page = takePage(await listBlocked(db, id, cursor), (r) => ({ at: r.cursorAt, id: r.blocked.id }));
      sendNextCursor(reply, page.nextCursor);
      return page.items.map((r) => presentBlocked(r.blocked, r.user));
    },
  );

  app.post(
    '/api/timelines/:id/unblock/:userId',
    {
      schema: {
        summary: 'Unblock a user (owner)',
        errors: { 403: "The caller's role may not do this" },
        params: memberParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const access = await timelineFor(db, id, request.user!.id, 'manageMembers');
      await unblock(db, access, userId);
      return { message: 'User unblocked' };
    },
  );
}
