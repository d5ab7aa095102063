// The /ws protocol's constants and event-type guard (see realtime.ts, which re-exports all of them). Kept
// free of zod so the browser's socket code stays small.
import type { EventMessage, EventType } from './realtime.ts';

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
  /**
   * Open sockets per user, across instances (DECISIONS §3); a session's sockets are some of its user's, so
   * this bounds a session too. Past it the oldest close with CLOSE_CODES.replaced.
   */
  maxSocketsPerUser: 10,
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
  /**
   * Replaced: the user opened more than REALTIME.maxSocketsPerUser sockets and this was the oldest. The client
   * does not reconnect by itself (it would close another of the user's tabs, which would fight back); it
   * reconnects when its tab is shown again.
   */
  replaced: 4008,
} as const;

/** Spec 000 §4 and §9: the notification card. */
export const NOTIFICATION_CARD = {
  enterDelayMs: 100,
  visibleMs: 5000,
  exitMs: 300,
  maxKept: 50,
  /** The quoted start of a post, comment or message on the card (code points, "…" included). */
  excerptChars: 120,
} as const;

/** Spec 001 §7: "New Comment: {name} commented on a post", 3 s. */
export const COMMENT_TOAST_MS = 3000;

export const EVENT_TYPES = [
  'new_post',
  'new_comment',
  'new_member',
  'timeline_updated',
  'join_request',
  'join_request_processed',
  'new_message',
  'message_read',
  'notification',
] as const satisfies readonly EventType[];

export const isEventMessage = (m: { type: string }): m is EventMessage =>
  (EVENT_TYPES as readonly string[]).includes(m.type);
