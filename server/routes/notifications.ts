// The notification inbox, per-threadline levels and mail preferences (issue 27; DECISIONS §10).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS, type NotificationPrefs, resolvePrefs } from '../../common/notifications.ts';
import {
  notificationPrefsSchema,
  notificationsPage,
  notificationsQuery,
  notifyLevelBody,
  readNotificationsBody,
  unreadCountSchema,
} from '../../common/schemas/notifications.ts';
import { markNotificationsRead } from '../commands/notifications.ts';
import { timelineMembers, users } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { publishInbox } from '../notifications/publish.ts';
import { TIMELINE_NOT_FOUND, timelineFor } from '../policies/timeline.ts';
import { presentNotification } from '../presenters/notification.ts';
import { inboxPage, unreadCount } from '../queries/notifications.ts';
import { timelineParams } from './params.ts';

/** When the next digest is due after a change of frequency (null: none). */
export function digestDueAfter(frequency: NotificationPrefs['digest'], now: Date): Date | null {
  if (frequency === 'never') return null;
  const days = frequency === 'daily' ? 1 : 7;
  return new Date(now.getTime() + days * 24 * 60 * 60_000);
}

export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app;

  app.get(
    '/api/notifications',
    {
      schema: {
        summary: "A page of the caller's notifications",
        querystring: notificationsQuery,
        response: { 200: notificationsPage },
      },
    },
    async (request) => {
      const { cursor } = request.query;
      const me = request.user!.id;
      const [rows, unread] = await Promise.all([inboxPage(db, me, cursor), unreadCount(db, me)]);
      const items = rows.slice(0, NOTIFICATIONS.pageSize);
      const last = rows.length > NOTIFICATIONS.pageSize ? items[items.length - 1] : undefined;
      return {
        items: items.map(presentNotification),
        unreadCount: unread,
        nextCursor: last ? `${last.cursorAt},${last.notification.id}` : null,
      };
    },
  );

  app.post(
    '/api/notifications/read',
    // No body at all means every one, as `{}` does.
    {
      schema: {
        summary: 'Mark notifications read (no body: all of them)',
        body: readNotificationsBody.nullish(),
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      const ids = request.body?.ids;
      const me = request.user!.id;
      const marked = await markNotificationsRead(db, me, ids);
      // The user's other tabs and devices update their bell.
      if (marked > 0) await publishInbox(app, request.log, [me]);
      return { unreadCount: await unreadCount(db, me) };
    },
  );

  app.get(
    '/api/timelines/:id/notify-level',
    {
      schema: {
        summary: "The caller's notification level for a threadline",
        params: timelineParams,
        response: { 200: notifyLevelBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const access = await timelineFor(db, id, request.user!.id, 'view');
      return { level: access.member.notifyLevel };
    },
  );

  app.put(
    '/api/timelines/:id/notify-level',
    {
      schema: {
        summary: "Set the caller's notification level for a threadline",
        params: timelineParams,
        body: notifyLevelBody,
        response: { 200: notifyLevelBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { level } = request.body;
      const me = request.user!.id;
      await timelineFor(db, id, me, 'view');
      const updated = await db
        .update(timelineMembers)
        .set({ notifyLevel: level })
        .where(and(eq(timelineMembers.timelineId, id), eq(timelineMembers.userId, me)))
        .returning({ id: timelineMembers.id });
      // Removed or left since the check: the same answer as for any non-member.
      if (updated.length === 0) throw notFound(TIMELINE_NOT_FOUND);
      return { level };
    },
  );

  app.get(
    '/api/me/notification-preferences',
    {
      schema: {
        summary: "The caller's notification and mail preferences",
        response: { 200: notificationPrefsSchema },
      },
    },
    async (request) => resolvePrefs(request.user!.notificationPrefs),
  );

  app.put(
    '/api/me/notification-preferences',
    {
      schema: {
        summary: "Set the caller's notification and mail preferences",
        body: notificationPrefsSchema,
        response: { 200: notificationPrefsSchema },
      },
    },
    async (request) => {
      const prefs = request.body;
      const me = request.user!;
      const before = resolvePrefs(me.notificationPrefs);
      await db
        .update(users)
        .set({
          notificationPrefs: prefs,
          ...(before.digest !== prefs.digest && { digestDueAt: digestDueAfter(prefs.digest, new Date()) }),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, me.id));
      return prefs;
    },
  );
}
