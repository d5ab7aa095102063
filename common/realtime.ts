// The /ws protocol (spec 000 §7, DECISIONS §8), shared by the server and the client.
//   client -> server: authenticate {userId}, subscribe_timeline {timelineId}, unsubscribe_timeline {timelineId}
//   server -> client: authenticated, subscribed, unsubscribed, error, auth_error, and notifications: a message
//   whose `type` is the event (new_post, new_comment, ...) with `data` and `timestamp`.
import { z } from 'zod';
import type { Comment, Post } from './schemas/post.ts';

export const REALTIME = {
  path: '/ws',
  /** Spec 000 §9: reconnect after any close but 1000, at most 5 times, 1 s doubling. */
  normalClose: 1000,
  maxReconnectAttempts: 5,
  reconnectBaseDelayMs: 1000,
  /** The server pings this often and drops a socket that missed the previous pong. */
  pingIntervalMs: 30_000,
  /** Largest client message accepted; a bigger one closes the socket with 1009. */
  maxMessageBytes: 4096,
  /** Client messages per second per socket; a flood closes the socket with 1008. */
  maxMessagesPerSecond: 20,
  /** Threadlines one socket may follow at once (the dashboard follows every active one). */
  maxSubscriptions: 500,
  /** Open sockets are checked against their session this often (expired or signed-out sessions close). */
  sessionCheckMs: 60_000,
  /** PostgreSQL NOTIFY refuses payloads of 8000 bytes or more (DECISIONS §1). */
  maxBusPayloadBytes: 7900,
} as const;

/** Close codes the server uses (4000-4999 are the application's own). */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  /** The session signed out or expired: the client must not reconnect until a user signs in again. */
  sessionEnded: 4001,
} as const;

/** Spec 000 §4 and §9: the notification card. */
export const NOTIFICATION_CARD = {
  enterDelayMs: 100,
  visibleMs: 5000,
  exitMs: 300,
  maxKept: 50,
} as const;

/** Spec 001 §7: "New Comment: {name} commented on a post", 3 s. */
export const COMMENT_TOAST_MS = 3000;

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
  'reactions',
  'member_left',
  'member_removed',
  'role_changed',
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
}

/** Every event type and its data. The messaging issue adds `new_message`. */
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
  /** A generic notification (the card shows its message). */
  notification: Base & { timelineId?: string };
}
export type EventType = keyof EventDataMap;
export const EVENT_TYPES = [
  'new_post',
  'new_comment',
  'new_member',
  'timeline_updated',
  'join_request',
  'join_request_processed',
  'notification',
] as const satisfies readonly EventType[];

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
  | EventMessage;

export const PROTOCOL_TYPES = new Set(['authenticated', 'subscribed', 'unsubscribed', 'error', 'auth_error']);

export const isEventMessage = (m: { type: string }): m is EventMessage =>
  (EVENT_TYPES as readonly string[]).includes(m.type);

/** Socket error texts (the client only logs them). */
export const REALTIME_ERRORS = {
  notAuthenticated: 'Not authenticated',
  wrongUser: 'User does not match the session',
  noAccess: 'Timeline not found',
  badMessage: 'Unreadable message',
  tooManySubscriptions: 'Too many subscriptions',
} as const;

export const isUuidLike = (value: string) => id.safeParse(value).success;
