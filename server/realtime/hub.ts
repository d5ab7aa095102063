// The hub of one instance: its open sockets, who they are, which threadlines they follow, and the /ws
// protocol (spec 000 §7, common/realtime.ts). Bus events come in through `handle`:
//   - session: that session's sockets close with 4001;
//   - sockets: those past their user's cap (DECISIONS §3, counted by the registry) close with 4008;
//   - access: matching subscriptions drop at once (synchronously, before any later event) with `unsubscribed`;
//   - timeline and user events: rendered once (render.ts; or as the publisher on this instance built it),
//     then the same text goes to every recipient found as its delivery starts, in bus order.
// Per-socket state lives on the socket object itself (RealtimeSocket) and every listener is shared, so an
// idle socket costs little beyond ws's own objects; one interval pings all sockets.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import {
  CLOSE_CODES,
  type ClientMessage,
  clientMessage,
  type EventMessage,
  isUuidLike,
  REALTIME,
  REALTIME_ERRORS,
  type ServerMessage,
} from '../../common/realtime.ts';
import type { Role } from '../../common/roles.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { timelineMembers, timelines } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import { timelineFor } from '../policies/timeline.ts';
import { unreadCounts } from '../queries/notifications.ts';
import { renderEvent } from './render.ts';
import type {
  AccessBusEvent,
  BusEvent,
  Prerendered,
  SocketRegistry,
  SocketsBusEvent,
  TimelineBusEvent,
  UserBusEvent,
} from './types.ts';

/** A socket whose client reads slower than this much queued output is dropped (it can refetch). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** WebSocket "service restart": the client reconnects (any code but 1000) and refetches. */
export const SERVICE_RESTART = 1012;
/** A subscription check that an access change overtook is redone at most this often. */
const SUBSCRIBE_ATTEMPTS = 5;
/** Sockets written to per task by one delivery (`Hub.deliver`). */
const SEND_SLICE = 100;
/** Lets pending I/O callbacks (answers, other sockets) run before going on. */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Threadlines remembered between their `deleted` and their access event (`Hub.deleting`). */
export const MAX_DELETING = 1000;
/** Socket ids per `sockets` bus event: well under NOTIFY's payload limit. */
const CLOSE_IDS_PER_EVENT = 100;

let lastOpenedUs = 0;
/** Microseconds since the epoch, strictly increasing in this process: the order sockets opened in. */
function openedNow() {
  lastOpenedUs = Math.max(Date.now() * 1000, lastOpenedUs + 1);
  return lastOpenedUs;
}

/** ws builds these for /ws (the server's `WebSocket` option): the connection's state, nothing more. */
export class RealtimeSocket extends WebSocket {
  hub!: Hub;
  /** Its row in the socket registry. */
  id = '';
  openedUs = 0;
  /** Settles once the registry has counted it (its release waits for that). */
  admitted: Promise<void> = Promise.resolve();
  /** The session's user (the upgrade needed a signed-in session). */
  userId = '';
  /** The session's stored key, to close the socket when the session ends. */
  sid = '';
  authenticated = false;
  /** Answered the last ping. */
  alive = true;
  /** Rate limit: the current one-second window and the messages in it. */
  window = 0;
  count = 0;
  /** Followed threadlines and the role each was followed with (archiving keeps only the owner). */
  subs: Map<string, Role> | undefined;
}

export interface HubOptions {
  db: Db;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  /** Counts each user's sockets (the cap); the sockets it returns go out on the bus through `publish`. */
  registry: SocketRegistry;
  publish: (event: SocketsBusEvent) => Promise<void>;
  pingIntervalMs?: number;
  sessionCheckMs?: number;
  /** A socket closed for sending too many messages (counted in /metrics by rule). */
  onRateLimited?: (rule: string) => void;
}

const text = (message: ServerMessage) => JSON.stringify(message);

// Shared by every socket (`this` is the socket): no closures per connection.
function onMessage(this: WebSocket, data: WebSocket.RawData, isBinary: boolean) {
  const socket = this as RealtimeSocket;
  socket.hub.receive(socket, data, isBinary);
}
function onPong(this: WebSocket) {
  (this as RealtimeSocket).alive = true;
}
function onClose(this: WebSocket) {
  const socket = this as RealtimeSocket;
  socket.hub.remove(socket);
}
function onError(this: WebSocket, err: Error) {
  // Protocol errors (too big: 1009, bad frames) close the socket themselves.
  (this as RealtimeSocket).hub.log.debug({ err }, 'websocket error');
}

export class Hub {
  readonly sockets = new Set<RealtimeSocket>();
  private readonly byId = new Map<string, RealtimeSocket>();
  /** Sockets the registry failed to count (a database error): counted again at the next check. */
  private readonly uncounted = new Set<RealtimeSocket>();
  private readonly byUser = new Map<string, Set<RealtimeSocket>>();
  private readonly byTimeline = new Map<string, Set<RealtimeSocket>>();
  /**
   * Subscription checks in flight, per threadline and user, with a count of the access events for them that
   * arrived meanwhile: a check that one overtook is done again. Kept only while a check runs, and per
   * threadline and user, so one person's join/leave loop cannot starve anyone else's subscriptions.
   */
  private readonly checks = new Map<string, Map<string, { running: number; changes: number }>>();
  /** Rendered events, and the access drops between them, go out in bus order. */
  private tail: Promise<void> = Promise.resolve();
  /** Steps queued on `tail` and not done yet: with none, an access drop happens synchronously. */
  private queued = 0;
  private timers: NodeJS.Timeout[] = [];
  private checkingSessions = false;
  private checkingAccess = false;
  /** Sockets written to per task by one delivery (tests make it small). */
  sendSlice = SEND_SLICE;
  /** Events rendered so far (tests: none for an event nobody here receives, none for a prerendered one). */
  renders = 0;
  /**
   * Threadlines whose `deleted` this hub has handled and whose access event (which ends their
   * subscriptions) has not come yet: a prerendered event between the two is not sent, as render.ts refuses
   * to render one for a deleted threadline. A few ids at most; bounded in case an access event is lost.
   */
  private readonly deleting = new Set<string>();
  /** How many threadlines `deleting` holds (tests: its bound). */
  get deletingCount(): number {
    return this.deleting.size;
  }
  /** Messages written to sockets (metrics read it at scrape time). */
  delivered = 0;
  readonly log: FastifyBaseLogger;

  constructor(private readonly opts: HubOptions) {
    this.log = opts.log;
  }

  start() {
    const ping = setInterval(() => this.sweep(), this.opts.pingIntervalMs ?? REALTIME.pingIntervalMs);
    const check = setInterval(() => {
      this.recount();
      this.checkSessions().catch((err) => this.log.warn({ err }, 'socket session check failed'));
      this.checkAccess().catch((err) => this.log.warn({ err }, 'socket access check failed'));
    }, this.opts.sessionCheckMs ?? REALTIME.sessionCheckMs);
    ping.unref();
    check.unref();
    this.timers.push(ping, check);
  }

  /** A socket that passed the upgrade checks. */
  add(socket: RealtimeSocket, userId: string, sid: string) {
    socket.hub = this;
    socket.userId = userId;
    socket.sid = sid;
    socket.id = randomUUID();
    socket.openedUs = openedNow();
    this.sockets.add(socket);
    this.byId.set(socket.id, socket);
    socket.on('message', onMessage);
    socket.on('pong', onPong);
    socket.on('close', onClose);
    // @fastify/websocket's own error listener closes over the Fastify request and reply, keeping them alive
    // as long as the socket: ours is shared and keeps nothing.
    socket.removeAllListeners('error');
    socket.on('error', onError);
    socket.admitted = this.admit(socket);
  }

  /** Counts the socket in; its user's oldest past the cap are closed, wherever they are. Never throws. */
  private async admit(socket: RealtimeSocket) {
    try {
      const over = await this.opts.registry.admit(socket);
      for (let i = 0; i < over.length; i += CLOSE_IDS_PER_EVENT) {
        const close = over.slice(i, i + CLOSE_IDS_PER_EVENT);
        await this.opts.publish({ kind: 'sockets', userId: socket.userId, close });
      }
    } catch (err) {
      // The socket stays: a database hiccup must not cut people off; it is counted again at the next check.
      this.log.warn({ err }, 'socket registry: could not count the socket');
      if (this.byId.get(socket.id) === socket) this.uncounted.add(socket);
    }
  }

  /** Counts the sockets whose counting failed (every session check; tests). */
  recount() {
    for (const socket of this.uncounted) socket.admitted = this.admit(socket);
    this.uncounted.clear();
  }

  /** This instance's open sockets as the registry knows them. */
  registered() {
    return this.sockets.values();
  }

  remove(socket: RealtimeSocket) {
    this.sockets.delete(socket);
    if (this.byId.get(socket.id) === socket) {
      this.byId.delete(socket.id);
      this.uncounted.delete(socket);
      socket.admitted
        .then(() => this.opts.registry.release(socket))
        .catch((err) => this.log.warn({ err }, 'socket registry: could not forget a closed socket'));
    }
    if (socket.authenticated) removeFrom(this.byUser, socket.userId, socket);
    if (socket.subs)
      for (const timelineId of socket.subs.keys()) removeFrom(this.byTimeline, timelineId, socket);
    socket.subs = undefined;
  }

  /** How many sockets follow a threadline on this instance (tests and bench). */
  subscriberCount(timelineId: string): number {
    return this.byTimeline.get(timelineId)?.size ?? 0;
  }

  // --- client messages ----------------------------------------------------------------------------------

  receive(socket: RealtimeSocket, data: WebSocket.RawData, isBinary: boolean) {
    if (socket.readyState !== WebSocket.OPEN) return;
    const second = Math.floor(Date.now() / 1000);
    if (socket.window !== second) {
      socket.window = second;
      socket.count = 0;
    }
    if (++socket.count > REALTIME.maxMessagesPerSecond) {
      this.opts.onRateLimited?.('socket-messages');
      socket.close(CLOSE_CODES.policy, 'Too many messages');
      return;
    }
    let message: ClientMessage;
    try {
      if (isBinary) throw new Error('binary');
      const parsed = clientMessage.safeParse(JSON.parse(data.toString()));
      if (!parsed.success) throw parsed.error;
      message = parsed.data;
    } catch {
      this.send(socket, text({ type: 'error', message: REALTIME_ERRORS.badMessage }));
      return;
    }
    switch (message.type) {
      case 'authenticate':
        this.authenticate(socket, message.userId);
        return;
      case 'subscribe_timeline':
        this.subscribe(socket, message.timelineId).catch((err) => {
          this.log.error({ err }, 'subscribe_timeline failed');
          this.send(
            socket,
            text({ type: 'error', message: REALTIME_ERRORS.noAccess, timelineId: message.timelineId }),
          );
        });
        return;
      case 'unsubscribe_timeline':
        this.unsubscribe(socket, message.timelineId, 'requested');
        return;
    }
  }

  private authenticate(socket: RealtimeSocket, userId: string) {
    if (userId !== socket.userId) {
      this.send(socket, text({ type: 'auth_error', message: REALTIME_ERRORS.wrongUser }));
      return;
    }
    if (!socket.authenticated) {
      socket.authenticated = true;
      addTo(this.byUser, socket.userId, socket);
    }
    this.send(socket, text({ type: 'authenticated', userId }));
  }

  private async subscribe(socket: RealtimeSocket, timelineId: string) {
    const refuse = (message: string) => this.send(socket, text({ type: 'error', message, timelineId }));
    if (!socket.authenticated) return refuse(REALTIME_ERRORS.notAuthenticated);
    if (!isUuidLike(timelineId)) return refuse(REALTIME_ERRORS.noAccess);
    if (socket.subs?.has(timelineId)) return this.send(socket, text({ type: 'subscribed', timelineId }));
    if ((socket.subs?.size ?? 0) >= REALTIME.maxSubscriptions)
      return refuse(REALTIME_ERRORS.tooManySubscriptions);
    const check = this.beginCheck(timelineId, socket.userId);
    try {
      for (let attempt = 0; attempt < SUBSCRIBE_ATTEMPTS; attempt++) {
        const seen = check.changes;
        let role: Role;
        try {
          role = (await timelineFor(this.opts.db, timelineId, socket.userId, 'view')).member.role;
        } catch (err) {
          if (err instanceof HttpError) return refuse(REALTIME_ERRORS.noAccess);
          throw err;
        }
        if (socket.readyState !== WebSocket.OPEN) return;
        // An access event while the check ran may have ended this access: check again.
        if (seen !== check.changes) continue;
        socket.subs ??= new Map();
        if (!socket.subs.has(timelineId) && socket.subs.size >= REALTIME.maxSubscriptions) {
          return refuse(REALTIME_ERRORS.tooManySubscriptions);
        }
        socket.subs.set(timelineId, role);
        addTo(this.byTimeline, timelineId, socket);
        return this.send(socket, text({ type: 'subscribed', timelineId }));
      }
      return refuse(REALTIME_ERRORS.noAccess);
    } finally {
      this.endCheck(timelineId, socket.userId);
    }
  }

  private beginCheck(timelineId: string, userId: string) {
    const users = this.checks.get(timelineId) ?? new Map<string, { running: number; changes: number }>();
    this.checks.set(timelineId, users);
    const check = users.get(userId) ?? { running: 0, changes: 0 };
    users.set(userId, check);
    check.running++;
    return check;
  }

  private endCheck(timelineId: string, userId: string) {
    const users = this.checks.get(timelineId);
    const check = users?.get(userId);
    if (!users || !check || --check.running > 0) return;
    users.delete(userId);
    if (users.size === 0) this.checks.delete(timelineId);
  }

  private unsubscribe(
    socket: RealtimeSocket,
    timelineId: string,
    reason: AccessBusEvent['reason'] | 'requested',
  ) {
    if (socket.subs?.delete(timelineId)) removeFrom(this.byTimeline, timelineId, socket);
    this.send(socket, text({ type: 'unsubscribed', timelineId, reason }));
  }

  // --- bus events ---------------------------------------------------------------------------------------

  /** One bus event, in bus order (`prerendered`: its message, when this instance published it). Never throws. */
  handle(event: BusEvent, prerendered?: Prerendered) {
    try {
      switch (event.kind) {
        case 'session':
          this.endSession(event.sid);
          return;
        case 'sockets':
          this.replace(event);
          return;
        case 'access':
          if (event.reason === 'deleted') this.deleting.delete(event.timelineId);
          this.dropAccess(event);
          return;
        case 'inbox':
          this.tellInbox(event.userIds);
          return;
        case 'timeline':
          if (event.type === 'timeline_updated' && event.change === 'deleted')
            this.noteDeleting(event.timelineId);
          else if (prerendered && this.deleting.has(event.timelineId)) return;
          this.render(event, prerendered);
          return;
        case 'user':
          this.render(event, prerendered);
          return;
      }
    } catch (err) {
      this.log.error({ err, event: event.kind }, 'real-time event failed');
    }
  }

  private endSession(sid: string) {
    for (const socket of this.sockets) {
      if (socket.sid === sid) socket.close(CLOSE_CODES.sessionEnded, 'Session ended');
    }
  }

  private replace(event: SocketsBusEvent) {
    for (const id of event.close) {
      const socket = this.byId.get(id);
      if (socket?.userId === event.userId) socket.close(CLOSE_CODES.replaced, 'Too many connections');
    }
  }

  /**
   * Bus order is delivery order: an event published before the access event (a threadline's `deleted`)
   * still reaches the sockets it drops, and nothing after it does. With nothing queued the drop happens at
   * once; the checks in flight that it concerns are marked at once either way, so they are done again.
   */
  private dropAccess(event: AccessBusEvent) {
    const users = this.checks.get(event.timelineId);
    if (users) {
      for (const [userId, check] of users) if (!event.userId || event.userId === userId) check.changes++;
    }
    if (this.queued === 0) this.applyDrop(event);
    else this.enqueue(async () => this.applyDrop(event));
  }

  private enqueue(step: () => Promise<void>) {
    this.queued++;
    this.tail = this.tail.then(step).then(
      () => {
        this.queued--;
      },
      (err) => {
        this.queued--;
        this.log.error({ err }, 'real-time delivery failed');
      },
    );
  }

  private applyDrop(event: AccessBusEvent) {
    const followers = this.byTimeline.get(event.timelineId);
    if (!followers) return;
    for (const socket of [...followers]) {
      const role = socket.subs?.get(event.timelineId);
      const matches = event.userId
        ? socket.userId === event.userId
        : !(event.keepRole && role === event.keepRole);
      if (matches) this.unsubscribe(socket, event.timelineId, event.reason);
    }
  }

  /** Each of `userIds` with a socket here gets their unread count, read in one query, in bus order. */
  private tellInbox(userIds: string[]) {
    const here = [...new Set(userIds)].filter((id) => this.byUser.has(id));
    if (here.length === 0) return;
    const counting = unreadCounts(this.opts.db, here).catch((err) => {
      this.log.error({ err }, 'unread notification count failed');
      return null;
    });
    this.enqueue(async () => {
      const counts = await counting;
      if (!counts) return;
      for (const userId of here) {
        const data = text({ type: 'notifications', unreadCount: counts.get(userId) ?? 0 });
        for (const socket of this.byUser.get(userId) ?? []) this.send(socket, data);
      }
    });
  }

  private noteDeleting(timelineId: string) {
    if (this.deleting.size >= MAX_DELETING) this.deleting.delete(this.deleting.values().next().value!);
    this.deleting.add(timelineId);
  }

  /**
   * Renders once and queues the send behind earlier events (renders run concurrently, sends in order). A
   * prerendered event skips the render's queries.
   */
  private render(event: TimelineBusEvent | UserBusEvent, prerendered?: Prerendered) {
    // Nobody here to tell: skip the queries.
    if (
      event.kind === 'timeline'
        ? !this.byTimeline.has(event.timelineId)
        : !event.userIds.some((id) => this.byUser.has(id))
    ) {
      return;
    }
    if (prerendered) {
      const message = prerendered;
      this.enqueue(async () => {
        // The send loop is one long task: the publisher's own answer goes out first, as it did while the
        // render's queries ran.
        await nextTask();
        await this.deliver(event, message);
      });
      return;
    }
    this.renders++;
    const rendering = renderEvent(this.opts.db, event).catch((err) => {
      this.log.error({ err, type: event.type }, 'real-time event render failed');
      return null;
    });
    this.enqueue(async () => {
      const message = await rendering;
      if (message) await this.deliver(event, message);
    });
  }

  /**
   * To the recipients found as it starts, SEND_SLICE sockets per task: a threadline followed by a thousand
   * sockets here is about 16 ms of writes, and other requests (the poster's own answer among them) go out
   * between slices instead of waiting for all of them. Later events wait in the queue, so order holds.
   */
  private async deliver(event: TimelineBusEvent | UserBusEvent, message: EventMessage) {
    // One encoding for every recipient.
    const data = Buffer.from(JSON.stringify(message));
    const timelineId = event.kind === 'timeline' ? event.timelineId : undefined;
    const recipients =
      event.kind === 'timeline'
        ? [...(this.byTimeline.get(event.timelineId) ?? [])]
        : [...new Set(event.userIds)].flatMap((userId) => [...(this.byUser.get(userId) ?? [])]);
    for (let start = 0; start < recipients.length; start += this.sendSlice) {
      if (start > 0) await nextTask();
      const end = Math.min(start + this.sendSlice, recipients.length);
      for (let i = start; i < end; i++) {
        const socket = recipients[i]!;
        // Unsubscribed by its own request meanwhile (access drops wait for the delivery in the queue).
        if (timelineId && !socket.subs?.has(timelineId)) continue;
        this.send(socket, data);
      }
    }
  }

  /** Events received and not yet sent out (metrics: the bus's lag here, in events). */
  get backlog(): number {
    return this.queued;
  }

  /** Resolves once every event handled so far has gone out (tests). */
  drain(): Promise<void> {
    return this.tail;
  }

  private send(socket: RealtimeSocket, data: string | Buffer) {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    socket.send(data, { binary: false });
    this.delivered++;
  }

  // --- liveness and sessions ----------------------------------------------------------------------------

  /** One ping round: a socket that did not answer the previous ping is dropped. */
  sweep() {
    for (const socket of this.sockets) {
      if (!socket.alive) {
        socket.terminate();
        continue;
      }
      socket.alive = false;
      socket.ping();
    }
  }

  /**
   * Every subscription here, checked against the database in one query (issue 23): access ends through one
   * bus event, and an instance that never got it (a failed NOTIFY) stops sending within one check. Only
   * subscriptions older than the query are judged, so one made meanwhile is never dropped on stale rows.
   */
  async checkAccess() {
    if (this.checkingAccess || this.byTimeline.size === 0) return;
    this.checkingAccess = true;
    try {
      const judged = [...this.sockets].flatMap((socket) =>
        [...(socket.subs?.keys() ?? [])].map((timelineId) => ({ socket, timelineId })),
      );
      const timelineIds = [...new Set(judged.map((j) => j.timelineId))];
      const userIds = [...new Set(judged.map((j) => j.socket.userId))];
      const rows = await this.opts.db
        .select({
          timelineId: timelineMembers.timelineId,
          userId: timelineMembers.userId,
          role: timelineMembers.role,
          archivedAt: timelines.archivedAt,
          deletedAt: timelines.deletedAt,
        })
        .from(timelineMembers)
        .innerJoin(timelines, eq(timelines.id, timelineMembers.timelineId))
        .where(
          and(inArray(timelineMembers.timelineId, timelineIds), inArray(timelineMembers.userId, userIds)),
        );
      const access = new Map(rows.map((r) => [`${r.timelineId}:${r.userId}`, r]));
      for (const { socket, timelineId } of judged) {
        if (!socket.subs?.has(timelineId)) continue;
        const row = access.get(`${timelineId}:${socket.userId}`);
        const reason = !row
          ? 'removed'
          : row.deletedAt
            ? 'deleted'
            : row.archivedAt && row.role !== 'owner'
              ? 'archived'
              : null;
        if (reason) this.unsubscribe(socket, timelineId, reason);
      }
    } finally {
      this.checkingAccess = false;
    }
  }

  /** Closes the sockets whose session has expired or ended (one query for all of them). */
  async checkSessions() {
    if (this.checkingSessions || this.sockets.size === 0) return;
    this.checkingSessions = true;
    try {
      const sids = new Set<string>();
      for (const socket of this.sockets) sids.add(socket.sid);
      const live = await this.opts.sessions.liveKeys([...sids]);
      for (const socket of this.sockets) {
        if (!live.has(socket.sid)) socket.close(CLOSE_CODES.sessionEnded, 'Session ended');
      }
    } finally {
      this.checkingSessions = false;
    }
  }

  /**
   * The bus missed events (its listening connection was down): close every socket with 1012 so each client
   * reconnects and refetches what it shows, which is how it catches up.
   */
  restartAll() {
    for (const socket of this.sockets) socket.close(SERVICE_RESTART, 'Events may have been missed');
  }

  /** Closes every socket (1001 going away), waiting up to `graceMs` before cutting the rest. */
  async close(graceMs = 1000) {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const open = [...this.sockets];
    if (open.length === 0) return;
    const closed = open.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
        }),
    );
    for (const socket of open) socket.close(CLOSE_CODES.goingAway, 'Server shutting down');
    const timer = setTimeout(() => {
      for (const socket of open) socket.terminate();
    }, graceMs);
    await Promise.all(closed);
    clearTimeout(timer);
  }
}

function addTo(map: Map<string, Set<RealtimeSocket>>, key: string, socket: RealtimeSocket) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(socket);
}

function removeFrom(map: Map<string, Set<RealtimeSocket>>, key: string, socket: RealtimeSocket) {
  const set = map.get(key);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) map.delete(key);
}
