// Threadlines: create, list, open, settings, archive, restore, delete (spec 000 §7, 001 §7).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Role } from '../../common/roles.ts';
import { appearanceBody } from '../../common/schemas/appearance.ts';
import {
  approvalSettingsBody,
  createTimelineBody,
  createTimelineResponse,
  messageResponse,
  permissionsBody,
  timelineDetail,
  timelineList,
  timelineListFilter,
  timelinePage,
  timelineStateResponse,
} from '../../common/schemas/timeline.ts';
import { assertFeature } from '../billing/features.ts';
import { setAppearance } from '../commands/appearance.ts';
import { createTimeline } from '../commands/createTimeline.ts';
import {
  archiveTimeline,
  deleteTimeline,
  restoreTimeline,
  setJoinApproval,
  updatePermissions,
} from '../commands/timelineState.ts';
import { removeUploadObjects } from '../commands/uploads.ts';
import { noInboxChanges, publishInboxChanges } from '../notifications/membership.ts';
import { publishInbox } from '../notifications/publish.ts';
import { timelineFor } from '../policies/timeline.ts';
import { presentMember, presentMembership } from '../presenters/member.ts';
import {
  presentAppearance,
  presentTimelineDetail,
  presentTimelineListItem,
  timelineState,
} from '../presenters/timeline.ts';
import { listMembers, nonOwnerMemberIds } from '../queries/members.ts';
import { listUserTimelines } from '../queries/timelineList.ts';
import type { TimelineBusEvent } from '../realtime/types.ts';
import { timelineParams } from './params.ts';

const updated = (
  timelineId: string,
  actorId: string,
  change: 'archived' | 'restored' | 'deleted' | 'permissions' | 'approval',
): TimelineBusEvent => ({ kind: 'timeline', type: 'timeline_updated', timelineId, actorId, change });

/** Ids per bus event: 100 UUIDs keep a NOTIFY payload near 4 KB, under PostgreSQL's 8,000 bytes. */
const IDS_PER_EVENT = 100;

/**
 * Archiving unsubscribed everyone but the owner: their own channels hear of the restore, so they follow it
 * again; their notifications about it show again, so their bells count again.
 */
async function tellRestored(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  timelineId: string,
  actorId: string,
) {
  const memberIds = await nonOwnerMemberIds(app.db, timelineId);
  for (let i = 0; i < memberIds.length; i += IDS_PER_EVENT) {
    const userIds = memberIds.slice(i, i + IDS_PER_EVENT);
    await app.realtime.publish({ kind: 'user', type: 'timeline_restored', userIds, timelineId, actorId });
  }
  await publishInbox(app, log, memberIds);
}

export async function timelineRoutes(app: FastifyInstance) {
  const { db, config } = app;

  app.post(
    '/api/timelines',
    {
      schema: {
        summary: 'Create a threadline',
        errors: { 403: 'Past the plan limit of threadlines' },
        body: createTimelineBody,
        response: { 201: createTimelineResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await createTimeline(db, config, request.user!, body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/user/timelines',
    {
      schema: {
        summary: "The caller's threadlines (filter: active, archived, deleted)",
        querystring: timelineListFilter,
        response: { 200: timelineList },
      },
    },
    async (request) => {
      const { filter } = request.query;
      const rows = await listUserTimelines(db, request.user!.id, filter);
      return rows.map((row) => presentTimelineListItem(row, config));
    },
  );

  app.get(
    '/api/timelines/:id',
    {
      schema: {
        summary: "A threadline with the caller's membership and its members",
        params: timelineParams,
        response: { 200: timelinePage },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { timeline, member } = await timelineFor(db, id, request.user!.id, 'view');
      const isOwner = member.role === 'owner';
      const members = await listMembers(db, timeline.id);
      // The owner is a member: their plan comes with the list, no query of its own.
      const ownerPlan = members.find((m) => m.member.userId === timeline.ownerId)?.user.plan;
      const appearance = presentAppearance(timeline, config, ownerPlan);
      return {
        timeline: presentTimelineDetail(timeline, member.role, appearance, request.user!.id),
        member: presentMembership(member),
        members: members.map((m) => presentMember(m.member, m.user, isOwner)),
      };
    },
  );

  const stateChange = (action: 'archive' | 'restore') =>
    app.post(
      `/api/timelines/:id/${action}`,
      {
        schema: {
          summary:
            action === 'archive' ? 'Archive a threadline (owner)' : 'Restore an archived threadline (owner)',
          errors: {
            403: "The caller's role may not do this",
            409: action === 'archive' ? 'Already archived' : 'Not archived',
          },
          params: timelineParams,
          response: { 200: timelineStateResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        const me = request.user!.id;
        await timelineFor(db, id, me, action);
        const { timeline: t, inbox } =
          action === 'archive'
            ? await archiveTimeline(db, id, me)
            : { timeline: await restoreTimeline(db, id), inbox: noInboxChanges() };
        // Archiving: only the owner may still open it, so everyone else's subscriptions end first.
        if (action === 'archive') {
          await app.realtime.publish({
            kind: 'access',
            timelineId: t.id,
            keepRole: 'owner',
            reason: 'archived',
          });
        }
        await app.realtime.publish(updated(t.id, me, action === 'archive' ? 'archived' : 'restored'));
        await publishInboxChanges(app, request.log, inbox);
        if (action === 'restore') {
          // Committed already: a failed lookup must not turn the restore into an error.
          await tellRestored(app, request.log, t.id, me).catch((err) =>
            request.log.warn({ err }, 'restore event not published'),
          );
        }
        return { id: t.id, state: timelineState(t), archivedAt: t.archivedAt?.toISOString() ?? null };
      },
    );
  stateChange('archive');
  stateChange('restore');

  app.delete(
    '/api/timelines/:id',
    {
      schema: {
        summary: 'Delete a threadline (owner)',
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const { timeline } = await timelineFor(db, id, me, 'delete');
      const { timeline: deleted, removed, inbox } = await deleteTimeline(db, timeline.id, me);
      const timelineId = deleted.id;
      await removeUploadObjects(app.store, removed, request.log);
      // 'deleted' reaches the subscribers, then their subscriptions end. One after the other, so every
      // instance sees them in this order (NOTIFYs arrive in commit order).
      await app.realtime.publish(updated(timelineId, me, 'deleted'));
      await app.realtime.publish({ kind: 'access', timelineId, reason: 'deleted' });
      await publishInboxChanges(app, request.log, inbox);
      return { message: 'Timeline deleted' };
    },
  );

  app.patch(
    '/api/timelines/:id/permissions',
    {
      schema: {
        summary: 'Change what participants may do (owner)',
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        body: permissionsBody,
        response: { 200: timelineDetail },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const { member } = await timelineFor(db, id, me, 'updateSettings');
      const t = await updatePermissions(db, id, request.body);
      await app.realtime.publish(updated(t.id, me, 'permissions'));
      // updateSettings is the owner's alone: their plan decides what shows.
      return presentTimelineDetail(
        t,
        member.role as Role,
        presentAppearance(t, config, request.user!.plan),
        me,
      );
    },
  );

  app.patch(
    '/api/timelines/:id/approval-settings',
    {
      schema: {
        summary: 'Turn join approval on or off (owner)',
        errors: { 403: "The caller's role may not do this" },
        params: timelineParams,
        body: approvalSettingsBody,
        response: { 200: timelineDetail },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!.id;
      const { member } = await timelineFor(db, id, me, 'updateSettings');
      const { joinApprovalRequired } = request.body;
      const t = await setJoinApproval(db, id, joinApprovalRequired);
      await app.realtime.publish(updated(t.id, me, 'approval'));
      return presentTimelineDetail(t, member.role, presentAppearance(t, config, request.user!.plan), me);
    },
  );

  app.patch(
    '/api/timelines/:id/appearance',
    {
      config: { writeLimit: 'profile' },
      schema: {
        summary: "Set a threadline's appearance (owner; a paid plan's feature)",
        errors: {
          403: "The caller's role may not do this, or the plan does not include it",
          409: 'The cover upload is already in use',
        },
        params: timelineParams,
        body: appearanceBody,
        response: { 200: timelineDetail },
      },
    },
    async (request) => {
      const { id } = request.params;
      const me = request.user!;
      // Owner only (others 404/403 as every settings route), then the owner's plan (DECISIONS §9).
      const { member } = await timelineFor(db, id, me.id, 'updateSettings');
      assertFeature(config, me.plan, 'customization');
      const body = request.body;
      const { timeline: t, removed } = await setAppearance(db, me.id, id, body);
      await removeUploadObjects(app.store, removed, request.log);
      return presentTimelineDetail(t, member.role, presentAppearance(t, config, me.plan), me.id);
    },
  );
}
