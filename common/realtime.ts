// The /ws protocol (spec 000 §7, DECISIONS §8), shared by the server and the client.
//   client -> server: authenticate {userId}, subscribe_timeline {timelineId}, unsubscribe_timeline {timelineId}
//   server -> client: authenticated, subscribed, unsubscribed, error, auth_error, and notifications: a message
//   whose `type` is the event (new_post, new_comment, ...) with `data` and `timestamp`.
import { z } from 'zod';
import type { Message } from './schemas/conversation.ts';
import type { Mention } from './schemas/notifications.ts';
import type { Comment, Post } from './schemas/post.ts';

// The constants and the event-type guard live in realtime-constants.ts (no zod there), so the browser's
// socket chunk does not pull in zod; they are re-exported here unchanged.
export {
  CLOSE_CODES,
  COMMENT_TOAST_MS,
  EVENT_TYPES,
  isEventMessage,
  NOTIFICATION_CARD,
  REALTIME,
} from './realtime-constants.ts';

const id = z.string().uuid();

export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticate'), userId: z.string().max(100) }),
  z.object({ type: z.literal('subscribe_timeline'), timelineId: z.string().max(100) }),
  z.object({ type: z.literal('unsubscribe_timeline'), timelineId: z.string().max(100) }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** Who did it, as a notification shows them (never an e-mail address). */
export interface EventAuthor {
  id: string;
  name: string;
  profileImageUrl: string | null;
}

/** What changed in a `timeline_updated` event. */
export const TIMELINE_CHANGES = [
  'permissions',
  'approval',
  'pin',
  'archived',
  'restored',
  'deleted',
  'post_deleted',
  /** The author changed a post's text or whom it mentions: `content`, `mentions`, `editedAt` are the new ones. */
  'post_edited',
  /** The author changed a comment's text: `comment` is the comment now. */
  'comment_edited',
  'reactions',
  'member_left',
  'member_removed',
  /**
   * Someone with posts, comments, a membership or conversations here deleted their account (issue 26):
   * their posts and comments are tombstones now and their conversations gone. Pages read the threadline,
   * its feeds, open comments and conversations again; no card.
   */
  'account_deleted',
  'role_changed',
  /**
   * An ownership offer (issue 26) made to `userId`, or withdrawn or declined (then the threadline has none):
   * pages read the threadline again. Accepting it is two role_changed (the new owner, the old one).
   */
  'ownership',
  /** Sent on the affected user's own channel: they were removed or blocked (the client sends them home). */
  'access_removed',
  /**
   * Sent on the owner's and moderators' own channels: the pending join requests changed without a new one
   * (retracted, approved, rejected, settled by a direct join). `pendingCount` is the new count; no card.
   */
  'join_requests',
] as const;
export type TimelineChange = (typeof TIMELINE_CHANGES)[number];

interface Base {
  /** The text a notification card shows. */
  message: string;
  author?: EventAuthor;
  /** new_post, new_comment, new_message: the threadline's name and the item's text, shortened for the card. */
  timelineName?: string;
  excerpt?: string;
}

/** Every event type and its data. */
export interface EventDataMap {
  /** The post as GET /api/timelines/{id}/posts presents it (authors' e-mail addresses left out). */
  new_post: Base & { timelineId: string; postId: string; post: Post };
  new_comment: Base & {
    timelineId: string;
    postId: string;
    commentId: string;
    commentCount: number;
    /** The comment as GET /api/posts/{id}/comments presents it (the collapsed post shows it as its latest). */
    comment?: Comment;
  };
  new_member: Base & { timelineId: string; userId: string; memberCount: number };
  timeline_updated: Base & {
    timelineId: string;
    change: TimelineChange;
    postId?: string;
    /** post_edited: the post's text now and when it was changed. */
    content?: string | null;
    /** post_edited: whom the text mentions now, as the post's `mentions` (readers, current names). */
    mentions?: Mention[];
    editedAt?: string;
    /** comment_edited: the comment as GET /api/posts/{id}/comments presents it. */
    commentId?: string;
    comment?: Comment;
    /** reactions: the post's new counts (each viewer keeps their own `myReactions`). */
    reactionCounts?: Record<string, number>;
    /** pin: the pinned post, or null when unpinned. */
    pinnedPostId?: string | null;
    /** member_left, member_removed, role_changed, access_removed: whom it concerns. */
    userId?: string;
    /** access_removed: whether the member was removed or blocked (the page tells them which). */
    reason?: 'removed' | 'blocked';
    memberCount?: number;
    /** join_requests: the threadline's pending join requests now. */
    pendingCount?: number;
  };
  /** To the threadline's owner and moderators: someone asked to join. */
  join_request: Base & { timelineId: string; requestId: string; pendingCount: number };
  /** To the requester: their request was approved or rejected. */
  join_request_processed: Base & { timelineId: string; requestId: string; status: 'approved' | 'rejected' };
  /**
   * On both people's own channels (the sender's other tabs too): a direct message was sent. `message` is
   * the card's text ("New message from {name}"); the message itself is `directMessage`, whose `isRead` is
   * false. The client shows a card only to the recipient, and not while that conversation is on screen.
   */
  new_message: Base & {
    timelineId: string;
    conversationId: string;
    messageId: string;
    senderId: string;
    directMessage: Message;
  };
  /**
   * On the other person's own channel (and the reader's other tabs): `readerId` read every message sent to
   * them in the conversation up to `readAt` (the read receipt). No card.
   */
  message_read: Base & { timelineId: string; conversationId: string; readerId: string; readAt: string };
  /** A generic notification (the card shows its message). */
  notification: Base & { timelineId?: string };
}
export type EventType = keyof EventDataMap;

export type EventMessage<T extends EventType = EventType> = {
  [K in T]: { type: K; data: EventDataMap[K]; timestamp: string };
}[T];

export type UnsubscribeReason = 'requested' | 'left' | 'removed' | 'archived' | 'deleted';

export type ServerMessage =
  | { type: 'authenticated'; userId: string }
  | { type: 'subscribed'; timelineId: string }
  | { type: 'unsubscribed'; timelineId: string; reason: UnsubscribeReason }
  | { type: 'error'; message: string; timelineId?: string }
  | { type: 'auth_error'; message: string }
  /** The user's unread notification count changed (issue 27): on every socket they have open. */
  | { type: 'notifications'; unreadCount: number }
  | EventMessage;

export const PROTOCOL_TYPES = new Set([
  'authenticated',
  'subscribed',
  'unsubscribed',
  'error',
  'auth_error',
  'notifications',
]);

/** Socket error texts (the client only logs them). */
export const REALTIME_ERRORS = {
  notAuthenticated: 'Not authenticated',
  wrongUser: 'User does not match the session',
  noAccess: 'Timeline not found',
  badMessage: 'Unreadable message',
  tooManySubscriptions: 'Too many subscriptions',
} as const;

export const isUuidLike = (value: string) => id.safeParse(value).success;
