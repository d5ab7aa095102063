// The API contract of notifications, their preferences and push devices (issue 27; DECISIONS §10).
import { z } from 'zod';
import {
  DIGEST_FREQUENCIES,
  MAIL_DELIVERIES,
  NOTIFICATION_TYPES,
  NOTIFICATIONS,
  NOTIFY_LEVELS,
} from '../notifications.ts';

const iso = z.iso.datetime({ offset: true });
const uuid = z.uuid().toLowerCase();

export const notificationActor = z.object({
  id: uuid,
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});

/** One item of GET /api/notifications. `href` is an app path that opens the exact post, comment or conversation. */
export const notificationSchema = z.object({
  id: uuid,
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string(),
  href: z.string(),
  actor: notificationActor.optional(),
  timelineId: uuid.nullable(),
  createdAt: iso,
  readAt: iso.nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationsQuery = z.object({ cursor: z.string().max(200).optional() });

export const notificationsPage = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** POST /api/notifications/read: these ids, or every one when `ids` is left out. */
export const readNotificationsBody = z
  .object({ ids: z.array(uuid).min(1).max(NOTIFICATIONS.maxReadIds).optional() })
  .strict();
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/** PUT /api/timelines/{id}/notify-level (and its answer). */
export const notifyLevelBody = z.object({ level: z.enum(NOTIFY_LEVELS) }).strict();

/** GET/PUT /api/me/notification-preferences. */
export const notificationPrefsSchema = z
  .object({
    email: z
      .object({
        mentions: z.enum(MAIL_DELIVERIES),
        messages: z.enum(MAIL_DELIVERIES),
        joinRequests: z.enum(MAIL_DELIVERIES),
        requestOutcomes: z.enum(MAIL_DELIVERIES),
      })
      .strict(),
    digest: z.enum(DIGEST_FREQUENCIES),
  })
  .strict();

/** The ids a post, comment or message mentions (the text keeps "@Name" as typed). */
export const mentionIdsSchema = z
  .array(uuid)
  .max(NOTIFICATIONS.maxMentions, `At most ${NOTIFICATIONS.maxMentions} mentions`)
  .optional();
/**
 * How items present their mentions: only people who can read the item now, with their current `name`, and `as`,
 * the "@Name" the text holds as typed (the client shows "@" + name in its place; a mention not listed shows as
 * plain text).
 */
export const mentionSchema = z.object({ id: uuid, name: z.string(), as: z.string() });
export type Mention = z.infer<typeof mentionSchema>;

/** POST /api/push/subscriptions: a PushSubscription's JSON. */
export const pushSubscriptionBody = z.object({
  // https, or http on loopback (the tests' push service): checked by the route.
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const pushUnsubscribeBody = z.object({ endpoint: z.string().max(2000) }).strict();
