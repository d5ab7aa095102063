import { personName } from '../../common/names.ts';
import type { NotificationItem } from '../../common/schemas/notifications.ts';
import type { InboxRow } from '../queries/notifications.ts';
import { iso } from './iso.ts';

/** A notification as GET /api/notifications lists it; the actor under their current name (never an address). */
export function presentNotification({ notification: n, actor }: InboxRow): NotificationItem {
  return {
    id: n.id,
    type: n.type as NotificationItem['type'],
    text: n.text,
    href: n.href,
    ...(actor && {
      actor: { id: actor.id, name: personName(actor), profileImageUrl: actor.profileImageUrl },
    }),
    timelineId: n.timelineId,
    createdAt: n.createdAt.toISOString(),
    readAt: iso(n.readAt),
  };
}
