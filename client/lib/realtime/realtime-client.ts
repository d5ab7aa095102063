// The one socket of a tab (spec 000 §4, §7, §9): a framework-free state machine, so it runs under tests with
// a fake WebSocket. States: disconnected -> connecting -> connected (unauthenticated) -> authenticated.
// Runtime values from realtime-constants.ts: common/realtime.ts also builds zod schemas (server-side).
import type {
  ClientMessage,
  EventMessage,
  ServerMessage,
  UnsubscribeReason,
} from '../../../common/realtime.ts';
import { CLOSE_CODES, isEventMessage, REALTIME } from '../../../common/realtime-constants.ts';
import type { ConnectionState } from './hooks.ts';

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** A message shaped like an event whose type this client does not know (a newer server's). */
export interface UnknownEventMessage {
  type: string;
  data: Record<string, unknown>;
  timestamp: string;
}

export interface RealtimeClientOptions {
  url: string;
  userId: string;
  createSocket?: SocketFactory;
  /** Where protocol errors and unknown messages go; never to the screen (spec 000 §8). */
  log?: Pick<Console, 'debug' | 'warn'>;
}

const OPEN = 1;

/** ws:// or wss:// to /ws on the page's own host. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME.path}`;
}

type Listener<T> = (value: T) => void;

class Listeners<T> {
  private readonly set = new Set<Listener<T>>();
  add = (listener: Listener<T>) => {
    this.set.add(listener);
    return () => {
      this.set.delete(listener);
    };
  };
  emit(value: T) {
    for (const listener of [...this.set]) {
      try {
        listener(value);
      } catch (error) {
        // One screen's broken handler must not stop the others (or the socket).
        console.error(error);
      }
    }
  }
}

export class RealtimeClient {
  readonly userId: string;
  private readonly url: string;
  private readonly createSocket: SocketFactory;
  private readonly log: Pick<Console, 'debug' | 'warn'>;

  private socket: SocketLike | null = null;
  private stateValue: ConnectionState = 'disconnected';
  /** Threadlines some screen wants, with how many screens want each. */
  private readonly wanted = new Map<string, number>();
  /** Asked for on this connection (subscribe sent, no unsubscribe or refusal since). */
  private readonly requested = new Set<string>();
  /** What the server confirmed (subscribed replies minus unsubscribed ones). */
  private readonly subscribedSet = new Set<string>();
  /** An immutable copy of it for React (a new object on every change). */
  private subscribedSnapshot: ReadonlySet<string> = new Set();
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** disconnect() or a session end: no reconnecting until connect() is called again. */
  private stopped = true;
  private socketsOpened = 0;
  private lastCloseCode: number | null = null;
  private firstAuthenticated: number | null = null;

  private readonly stateListeners = new Listeners<ConnectionState>();
  private readonly eventListeners = new Listeners<EventMessage>();
  private readonly unknownListeners = new Listeners<UnknownEventMessage>();
  private readonly reconnectListeners = new Listeners<void>();
  private readonly sessionEndedListeners = new Listeners<void>();
  private readonly subscriptionListeners = new Listeners<ReadonlySet<string>>();
  private readonly endedListeners = new Listeners<{ timelineId: string; reason: UnsubscribeReason }>();
  private readonly inboxListeners = new Listeners<number>();

  constructor(options: RealtimeClientOptions) {
    this.url = options.url;
    this.userId = options.userId;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.log = options.log ?? console;
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** When this client was first authenticated (Date.now()), or null: a hook that subscribes late can tell. */
  get firstAuthenticatedAt(): number | null {
    return this.firstAuthenticated;
  }

  /** Threadlines the server confirmed. */
  get subscribed(): ReadonlySet<string> {
    return this.subscribedSnapshot;
  }

  /** Reconnect attempts made since the last successful authentication. */
  get reconnectAttempts(): number {
    return this.attempts;
  }

  /** The reconnect budget ran out (spec 000 §9); `retry()` starts over. */
  get gaveUp(): boolean {
    return (
      !this.stopped &&
      this.socket === null &&
      this.timer === null &&
      this.attempts >= REALTIME.maxReconnectAttempts
    );
  }

  /**
   * Closed as the oldest of the user's sockets past the server's cap (CLOSE_CODES.replaced): it stays closed
   * until `retry()` (the tab shown again), so it does not push out another of the user's tabs in turn.
   */
  get replaced(): boolean {
    return (
      !this.stopped &&
      this.socket === null &&
      this.timer === null &&
      this.lastCloseCode === CLOSE_CODES.replaced
    );
  }

  get closeCode(): number | null {
    return this.lastCloseCode;
  }

  onState = (listener: Listener<ConnectionState>) => this.stateListeners.add(listener);
  onEvent = (listener: Listener<EventMessage>) => this.eventListeners.add(listener);
  /** Event-shaped messages of types this client does not know (logged, and the card shows generic text). */
  onUnknownEvent = (listener: Listener<UnknownEventMessage>) => this.unknownListeners.add(listener);
  /** After a connection that was lost (or never made) is authenticated again: refetch what was missed. */
  onReconnect = (listener: () => void) => this.reconnectListeners.add(listener);
  /** The server closed with CLOSE_CODES.sessionEnded: the app should check who is signed in. */
  onSessionEnded = (listener: () => void) => this.sessionEndedListeners.add(listener);
  onSubscriptions = (listener: Listener<ReadonlySet<string>>) => this.subscriptionListeners.add(listener);
  /** The server ended a subscription itself (left, removed, archived, deleted): not our own unsubscribe. */
  onSubscriptionEnded = (listener: Listener<{ timelineId: string; reason: UnsubscribeReason }>) =>
    this.endedListeners.add(listener);
  /** The user's unread notification count changed (issue 27): read, or new, in any of their tabs. */
  onInbox = (listener: Listener<number>) => this.inboxListeners.add(listener);

  connect() {
    this.stopped = false;
    if (this.socket || this.timer) return;
    this.open();
  }

  /**
   * Starts over after the reconnect budget ran out or the socket was replaced (the browser came back online,
   * the tab came back).
   */
  retry() {
    if (!this.gaveUp && !this.replaced) return;
    this.attempts = 0;
    this.open();
  }

  /** Closes normally (1000) and stays closed: signed out, or the provider went away. */
  disconnect() {
    this.stopped = true;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      this.detach(socket);
      try {
        socket.close(CLOSE_CODES.normal);
      } catch {
        // Closing a socket that never opened can throw in some browsers; it is gone either way.
      }
    }
    this.resetConnection();
    this.setState('disconnected');
  }

  /**
   * Follows a threadline's events until the returned function is called. Several screens may ask for the
   * same one; it is unsubscribed when the last lets go.
   */
  subscribe(timelineId: string): () => void {
    const count = this.wanted.get(timelineId) ?? 0;
    this.wanted.set(timelineId, count + 1);
    if (count === 0 && this.stateValue === 'authenticated') this.sendSubscribe(timelineId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.wanted.get(timelineId) ?? 1) - 1;
      if (left > 0) {
        this.wanted.set(timelineId, left);
        return;
      }
      this.wanted.delete(timelineId);
      if (this.stateValue === 'authenticated' && this.requested.has(timelineId)) {
        this.requested.delete(timelineId);
        this.send({ type: 'unsubscribe_timeline', timelineId });
      }
    };
  }

  /** Threadlines some screen wants (subscribed or waiting). */
  get wantedIds(): string[] {
    return [...this.wanted.keys()];
  }

  private open() {
    this.clearTimer();
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url);
    } catch (error) {
      this.log.warn('realtime: could not open the socket', error);
      this.setState('disconnected');
      this.scheduleReconnect();
      return;
    }
    this.socketsOpened += 1;
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setState('connected');
      this.send({ type: 'authenticate', userId: this.userId });
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = () => {
      // A close always follows; the close code decides what happens next.
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event.code);
    };
  }

  private closed(code: number) {
    this.socket = null;
    this.lastCloseCode = code;
    this.resetConnection();
    this.setState('disconnected');
    if (code === CLOSE_CODES.normal || this.stopped) return;
    if (code === CLOSE_CODES.sessionEnded) {
      // Signed out or expired: only a new sign-in brings the socket back.
      this.stopped = true;
      this.sessionEndedListeners.emit();
      return;
    }
    if (code === CLOSE_CODES.replaced) {
      // The user's newer tabs took its place: reconnecting now would close one of them, which would do the
      // same. It waits for retry(), when this tab is shown again (the events missed are refetched then).
      this.log.debug('realtime: replaced by newer connections; waiting until the tab is shown');
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped || this.attempts >= REALTIME.maxReconnectAttempts) {
      if (!this.stopped) this.log.warn('realtime: gave up reconnecting');
      return;
    }
    const delay = REALTIME.reconnectBaseDelayMs * 2 ** this.attempts;
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private receive(raw: unknown) {
    let message: ServerMessage | UnknownEventMessage;
    try {
      message = JSON.parse(String(raw));
    } catch {
      this.log.warn('realtime: unreadable message');
      return;
    }
    if (!message || typeof message !== 'object' || typeof message.type !== 'string') {
      this.log.warn('realtime: message without a type');
      return;
    }
    const msg = message as ServerMessage;
    switch (msg.type) {
      case 'authenticated':
        this.authenticated();
        return;
      case 'subscribed':
        // Not wanted any more: the unsubscribe already sent after it will be answered too.
        if (this.requested.has(msg.timelineId) && !this.subscribedSet.has(msg.timelineId)) {
          this.subscribedSet.add(msg.timelineId);
          this.subscriptionsChanged();
        }
        return;
      case 'unsubscribed':
        // 'requested' answers our own unsubscribe (a later subscribe may be on its way, so the intent
        // stays); any other reason is the server ending access.
        if (msg.reason !== 'requested') {
          this.requested.delete(msg.timelineId);
          this.log.debug(`realtime: unsubscribed (${msg.reason})`, msg.timelineId);
        }
        if (this.subscribedSet.delete(msg.timelineId)) this.subscriptionsChanged();
        if (msg.reason !== 'requested') {
          this.endedListeners.emit({ timelineId: msg.timelineId, reason: msg.reason });
        }
        return;
      case 'error':
        if (msg.timelineId) this.requested.delete(msg.timelineId);
        this.log.warn('realtime: error', msg.message, msg.timelineId ?? '');
        return;
      case 'auth_error':
        this.log.warn('realtime: auth_error', msg.message);
        return;
      case 'notifications':
        this.inboxListeners.emit(msg.unreadCount);
        return;
    }
    if (isEventMessage(msg)) {
      this.eventListeners.emit(msg);
      return;
    }
    const unknown = message as UnknownEventMessage;
    this.log.debug('realtime: unknown message type', unknown.type);
    if (unknown.data && typeof unknown.data === 'object' && typeof unknown.timestamp === 'string') {
      this.unknownListeners.emit(unknown);
    }
  }

  private authenticated() {
    const reconnected = this.socketsOpened > 1;
    this.attempts = 0;
    this.firstAuthenticated ??= Date.now();
    this.setState('authenticated');
    // The subscriptions that waited for authentication.
    for (const id of this.wanted.keys()) this.sendSubscribe(id);
    if (reconnected) this.reconnectListeners.emit();
  }

  private sendSubscribe(timelineId: string) {
    if (this.requested.has(timelineId)) return;
    this.requested.add(timelineId);
    this.send({ type: 'subscribe_timeline', timelineId });
  }

  private send(message: ClientMessage) {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    socket.send(JSON.stringify(message));
  }

  private resetConnection() {
    this.requested.clear();
    if (this.subscribedSet.size > 0) {
      this.subscribedSet.clear();
      this.subscriptionsChanged();
    }
  }

  private subscriptionsChanged() {
    this.subscribedSnapshot = new Set(this.subscribedSet);
    this.subscriptionListeners.emit(this.subscribedSnapshot);
  }

  private detach(socket: SocketLike) {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: ConnectionState) {
    if (state === this.stateValue) return;
    this.stateValue = state;
    this.stateListeners.emit(state);
  }
}
