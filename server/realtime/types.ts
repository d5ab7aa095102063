// What crosses instances on the event bus: ids and small facts only, never whole records (DECISIONS §1).
// Each instance turns a bus event into socket messages itself (render.ts), with the REST presenters.

import type { EventMessage, TimelineChange, UnsubscribeReason } from '../../common/realtime.ts';
import type { Role } from '../../common/roles.ts';

/** An event for everyone subscribed to a threadline (members with access at the moment of sending). */
export type TimelineBusEvent =
  | { kind: 'timeline'; type: 'new_post'; timelineId: string; actorId: string; postId: string }
  | {
      kind: 'timeline';
      type: 'new_comment';
      timelineId: string;
      actorId: string;
      postId: string;
      commentId: string;
    }
  | { kind: 'timeline'; type: 'new_member'; timelineId: string; actorId: string }
  | {
      kind: 'timeline';
      type: 'timeline_updated';
      timelineId: string;
      actorId: string;
      change: Exclude<TimelineChange, 'access_removed' | 'join_requests'>;
      postId?: string;
      /** comment_edited: the comment. */
      commentId?: string;
      /** The member it concerns (left, removed, role changed). */
      userId?: string;
    };

/** An event for one user's own channel (every socket they have open, subscribed or not). */
export type UserBusEvent =
  | {
      kind: 'user';
      type: 'join_request';
      userIds: string[];
      timelineId: string;
      requestId: string;
      actorId: string;
    }
  | {
      kind: 'user';
      type: 'join_request_processed';
      userIds: string[];
      timelineId: string;
      requestId: string;
      actorId: string;
    }
  | {
      /** The pending requests changed without a new one: rendered as timeline_updated change join_requests. */
      kind: 'user';
      type: 'join_requests_changed';
      userIds: string[];
      timelineId: string;
      actorId: string;
    }
  | {
      kind: 'user';
      type: 'access_removed';
      userIds: string[];
      timelineId: string;
      actorId: string;
      reason: 'removed' | 'blocked';
    }
  /** To the members archiving unsubscribed (all but the owner): it is active again, follow it anew. */
  | { kind: 'user'; type: 'timeline_restored'; userIds: string[]; timelineId: string; actorId: string }
  /** A direct message: to both people in the conversation (actorId is the sender). */
  | {
      kind: 'user';
      type: 'new_message';
      userIds: string[];
      timelineId: string;
      actorId: string;
      conversationId: string;
      messageId: string;
    }
  /** actorId read the messages sent to them up to readAt: to both people in the conversation. */
  | {
      kind: 'user';
      type: 'message_read';
      userIds: string[];
      timelineId: string;
      actorId: string;
      conversationId: string;
      readAt: string;
    };

/**
 * Access to a threadline's events ended. Each hub drops the matching subscriptions at once (before any
 * later event on the bus) and tells the socket `unsubscribed`. No userId: everyone (deletion); `keepRole`:
 * everyone but that role (archiving leaves only the owner).
 */
export interface AccessBusEvent {
  kind: 'access';
  timelineId: string;
  userId?: string;
  keepRole?: Role;
  reason: Exclude<UnsubscribeReason, 'requested'>;
}

/** A session ended (sign-out): its sockets close with CLOSE_CODES.sessionEnded. `sid` is the stored key. */
export interface SessionBusEvent {
  kind: 'session';
  sid: string;
}

/**
 * A user's sockets past the cap (DECISIONS §3), oldest first: whichever instance holds each closes it with
 * CLOSE_CODES.replaced. The registry has forgotten them already.
 */
export interface SocketsBusEvent {
  kind: 'sockets';
  userId: string;
  close: string[];
}

/**
 * These users' notifications changed (issue 27: new ones, or read on another device): each hub holding one
 * of their sockets reads their unread counts in one query and sends `notifications` {unreadCount}.
 */
export interface InboxBusEvent {
  kind: 'inbox';
  userIds: string[];
}

export type BusEvent =
  | TimelineBusEvent
  | UserBusEvent
  | AccessBusEvent
  | SessionBusEvent
  | SocketsBusEvent
  | InboxBusEvent;

/** A socket as the registry knows it. */
export interface RegisteredSocket {
  id: string;
  userId: string;
  /** Microseconds since the epoch on the instance's clock at opening, strictly increasing per instance. */
  openedUs: number;
}

/**
 * Which sockets are open, per user, for the cap of DECISIONS §3: in memory on the embedded database (one
 * process), in PostgreSQL tables when several instances share one (registry-postgres.ts).
 */
export interface SocketRegistry {
  /** Records a socket that opened; returns the ids of its user's sockets past the cap (now forgotten). */
  admit(socket: RegisteredSocket): Promise<string[]>;
  /** Forgets a socket that closed. */
  release(socket: RegisteredSocket): Promise<void>;
  /** Which of these users have a socket open on any live instance (Web Push goes to the others). */
  connectedUsers(userIds: string[]): Promise<Set<string>>;
  /** Forgets every socket of this instance and stops (before its sockets close at shutdown). */
  close(): Promise<void>;
}

/**
 * The socket message for a timeline or user event, built by its publisher from the rows its transaction
 * read (render.ts `newPostMessage`), so this instance's hub sends it without reading them again. It stays in
 * this process: other instances get the ids and render the event themselves (DECISIONS §1).
 */
export type Prerendered = EventMessage;

/** In-process (embedded database) or PostgreSQL LISTEN/NOTIFY (several instances). */
export interface EventBus {
  /** Delivers to every instance, this one included (with `prerendered`), in publish order. */
  publish(event: BusEvent, prerendered?: Prerendered): Promise<void>;
  /**
   * One handler per hub; events arrive in order. `sentAt` (epoch ms, the publisher's clock) comes with
   * events from other instances, for the bus's lag in /metrics; `prerendered` with this instance's own.
   */
  onEvent(handler: (event: BusEvent, sentAt?: number, prerendered?: Prerendered) => void): void;
  /** Called after the listening connection came back: events may have been missed meanwhile. */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

/** What routes use: `app.realtime.publish(event)` after their transaction committed. */
export interface Realtime {
  /** Never throws: a failed publish is logged, and clients catch up by refetching. */
  publish(event: BusEvent, prerendered?: Prerendered): Promise<void>;
}
