// Which socket events become a notification card (spec 000 §2, §4), what it says and where View goes, and
// the small store that keeps the latest 50, newest first.
import type { EventAuthor, EventMessage } from '../../../common/realtime.ts';
import { isEventMessage, NOTIFICATION_CARD } from '../../../common/realtime-constants.ts';
import { itemPath } from '../item-path.ts';
import type { UnknownEventMessage } from './realtime-client.ts';

export const GENERIC_NOTIFICATION = 'You have a new notification';

export interface AppNotification {
  id: string;
  type: string;
  message: string;
  author: EventAuthor | null;
  timelineId: string | null;
  /** Where View goes; null when there is nothing to open (a deleted threadline, a removal). */
  href: string | null;
  /** A new direct message: View opens the messaging modal on this conversation instead of `href`. */
  conversationId?: string;
  /** The quoted start of the post, comment or message (issue 25). */
  excerpt?: string | null;
  /** The threadline's name when `message` does not say it already (a direct message's card). */
  place?: string | null;
  timestamp: string;
}

/** timeline_updated changes worth interrupting someone for; the rest only update what is on screen. */
const CARD_CHANGES = new Set(['pin', 'permissions', 'archived', 'restored', 'deleted', 'access_removed']);

const timelinePath = (id: string) => `/timeline/${id}`;

/** The card's quote and, when the message does not name it, the threadline (issue 25). */
function itemContext(data: Record<string, unknown>, message: string) {
  const name = text(data.timelineName);
  return { excerpt: text(data.excerpt), place: name && !message.includes(name) ? name : null };
}

let seq = 0;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function author(value: unknown): EventAuthor | null {
  if (!value || typeof value !== 'object') return null;
  const a = value as Partial<EventAuthor>;
  return typeof a.id === 'string' && typeof a.name === 'string'
    ? { id: a.id, name: a.name, profileImageUrl: a.profileImageUrl ?? null }
    : null;
}

export interface NotificationContext {
  userId: string;
  location: string;
  /** The conversation on screen now (client/lib/open-conversation.ts): its messages raise no card. */
  openConversationId?: string | null;
}

/**
 * The card for an event, or null when it should not show one: the user's own doing, an event about the
 * threadline page open right now (that page updates in place and shows its own comment toast), and noisy
 * changes (reactions, deleted posts, settings only owners care about, other members leaving). Direct
 * messages: a card for the recipient unless that conversation is on screen; read receipts never.
 */
export function toNotification(
  message: EventMessage | UnknownEventMessage,
  { userId, location, openConversationId = null }: NotificationContext,
): AppNotification | null {
  const data = message.data as Record<string, unknown>;
  const who = author(data.author);
  if (who?.id === userId) return null;
  const timelineId = text(data.timelineId);
  const known = isEventMessage(message);
  if (known && message.type === 'message_read') return null;
  if (known && message.type === 'new_message') {
    return messageNotification(message, { userId, openConversationId, who, timelineId });
  }
  if (known) {
    // The requester is not on the threadline's page (they are not a member yet), so it always shows.
    const aboutOpenPage =
      timelineId !== null &&
      location === timelinePath(timelineId) &&
      message.type !== 'join_request_processed';
    if (aboutOpenPage) return null;
    if (message.type === 'timeline_updated') {
      const change = message.data.change;
      const mine = (change === 'role_changed' || change === 'ownership') && message.data.userId === userId;
      if (!CARD_CHANGES.has(change) && !mine) return null;
    }
  }
  seq += 1;
  const said = (known && text(data.message)) || GENERIC_NOTIFICATION;
  return {
    id: `n${seq}`,
    type: message.type,
    message: said,
    ...(known && itemContext(data, said)),
    author: who,
    timelineId,
    href: known ? destination(message, timelineId) : timelineId && timelinePath(timelineId),
    timestamp: typeof message.timestamp === 'string' ? message.timestamp : new Date().toISOString(),
  };
}

/** "New message from {name}": View opens the modal on the conversation (not the threadline page). */
function messageNotification(
  message: EventMessage<'new_message'>,
  context: {
    userId: string;
    openConversationId: string | null;
    who: EventAuthor | null;
    timelineId: string | null;
  },
): AppNotification | null {
  const { conversationId, senderId } = message.data;
  if (senderId === context.userId || conversationId === context.openConversationId) return null;
  seq += 1;
  const name = context.who?.name ?? text(message.data.directMessage?.sender?.displayName);
  const said = text(message.data.message) ?? (name ? `New message from ${name}` : GENERIC_NOTIFICATION);
  return {
    id: `n${seq}`,
    type: message.type,
    message: said,
    ...itemContext(message.data as unknown as Record<string, unknown>, said),
    author: context.who,
    timelineId: context.timelineId,
    href: null,
    conversationId,
    timestamp: typeof message.timestamp === 'string' ? message.timestamp : new Date().toISOString(),
  };
}

function destination(message: EventMessage, timelineId: string | null): string | null {
  if (message.type === 'join_request_processed' && message.data.status === 'rejected') return '/my-requests';
  // View opens the item itself: the feed loads down to it and highlights it.
  if (timelineId && message.type === 'new_post') return itemPath(timelineId, message.data.postId);
  if (timelineId && message.type === 'new_comment') {
    return itemPath(timelineId, message.data.postId, message.data.commentId);
  }
  if (message.type === 'timeline_updated') {
    const change = message.data.change;
    // Nothing left to open: the threadline is gone, or the user no longer belongs to it.
    if (change === 'deleted' || change === 'access_removed') return null;
  }
  return timelineId ? timelinePath(timelineId) : null;
}

export interface NotificationStore {
  add(notification: AppNotification): void;
  /** Newest first, at most NOTIFICATION_CARD.maxKept. */
  getSnapshot(): readonly AppNotification[];
  subscribe(listener: () => void): () => void;
}

export function createNotificationStore(max: number = NOTIFICATION_CARD.maxKept): NotificationStore {
  let items: readonly AppNotification[] = [];
  const listeners = new Set<() => void>();
  return {
    add(notification) {
      items = [notification, ...items].slice(0, max);
      for (const listener of [...listeners]) listener();
    },
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
