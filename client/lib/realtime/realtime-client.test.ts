import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES, REALTIME, REALTIME_ERRORS } from '../../../common/realtime.ts';
import { RealtimeClient, socketUrl } from './realtime-client.ts';
import { fakeSockets } from './test-socket.ts';

const USER = '5f0c6a8e-1b2c-4d3e-8f90-0a1b2c3d4e5f';
const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

function setup() {
  const factory = fakeSockets();
  const log = { debug: vi.fn(), warn: vi.fn() };
  const client = new RealtimeClient({ url: 'ws://host/ws', userId: USER, createSocket: factory.create, log });
  const states: string[] = [];
  client.onState((s) => states.push(s));
  return { client, factory, log, states };
}

describe('socketUrl', () => {
  it('is /ws on the same host, wss when the page is https', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:5000' })).toBe('ws://127.0.0.1:5000/ws');
    expect(socketUrl({ protocol: 'https:', host: 'threadline.example' })).toBe('wss://threadline.example/ws');
  });
});

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes disconnected -> connecting -> connected -> authenticated, authenticating on open', () => {
    const { client, factory, states } = setup();
    expect(client.state).toBe('disconnected');
    client.connect();
    const socket = factory.last();
    expect(socket.url).toBe('ws://host/ws');
    expect(client.state).toBe('connecting');
    socket.open();
    expect(client.state).toBe('connected');
    expect(socket.sent).toEqual([{ type: 'authenticate', userId: USER }]);
    socket.receive({ type: 'authenticated', userId: USER });
    expect(client.state).toBe('authenticated');
    expect(states).toEqual(['connecting', 'connected', 'authenticated']);
  });

  it('sends the subscriptions that waited only after authentication', () => {
    const { client, factory } = setup();
    client.subscribe(T1);
    client.connect();
    const socket = factory.last();
    client.subscribe(T2);
    socket.open();
    // Connected but not authenticated: nothing but authenticate yet.
    expect(socket.types()).toEqual(['authenticate']);
    socket.receive({ type: 'authenticated', userId: USER });
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe_timeline', timelineId: T1 },
      { type: 'subscribe_timeline', timelineId: T2 },
    ]);
    // Once authenticated, a new subscription goes out at once.
    const T3 = '33333333-3333-4333-8333-333333333333';
    client.subscribe(T3);
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe_timeline', timelineId: T3 });
  });

  it('keeps the subscribed set from the server replies', () => {
    const { client, factory } = setup();
    const seen: string[][] = [];
    client.onSubscriptions((s) => seen.push([...s]));
    client.subscribe(T1);
    client.subscribe(T2);
    client.connect();
    factory.last().accept(USER);
    expect([...client.subscribed]).toEqual([]);
    factory.last().receive({ type: 'subscribed', timelineId: T1 });
    factory.last().receive({ type: 'subscribed', timelineId: T2 });
    expect([...client.subscribed]).toEqual([T1, T2]);
    // The server ends access (left, removed, archived, deleted): gone from the set, nothing re-sent.
    const before = factory.last().sent.length;
    factory.last().receive({ type: 'unsubscribed', timelineId: T1, reason: 'removed' });
    expect([...client.subscribed]).toEqual([T2]);
    expect(factory.last().sent.length).toBe(before);
    // Screens hear about the server's own unsubscribes, not the answers to theirs.
    const ended = vi.fn();
    client.onSubscriptionEnded(ended);
    factory.last().receive({ type: 'unsubscribed', timelineId: T2, reason: 'requested' });
    factory.last().receive({ type: 'subscribed', timelineId: T2 });
    factory.last().receive({ type: 'unsubscribed', timelineId: T1, reason: 'archived' });
    expect(ended.mock.calls).toEqual([[{ timelineId: T1, reason: 'archived' }]]);
    // A refusal is logged only.
    factory.last().receive({ type: 'error', message: REALTIME_ERRORS.noAccess, timelineId: T2 });
    expect(seen).toEqual([[T1], [T1, T2], [T2], [], [T2]]);
  });

  it('unsubscribes when the last screen lets go, and not before', () => {
    const { client, factory } = setup();
    client.connect();
    const socket = factory.last();
    socket.accept(USER);
    const a = client.subscribe(T1);
    const b = client.subscribe(T1);
    expect(socket.types().filter((t) => t === 'subscribe_timeline')).toHaveLength(1);
    socket.receive({ type: 'subscribed', timelineId: T1 });
    a();
    a();
    expect(socket.types()).not.toContain('unsubscribe_timeline');
    b();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe_timeline', timelineId: T1 });
    socket.receive({ type: 'unsubscribed', timelineId: T1, reason: 'requested' });
    expect(client.subscribed.size).toBe(0);
  });

  it('ends up subscribed after a quick subscribe, release, subscribe (a remount)', () => {
    const { client, factory } = setup();
    client.connect();
    const socket = factory.last();
    socket.accept(USER);
    client.subscribe(T1)();
    client.subscribe(T1);
    expect(socket.types().slice(1)).toEqual([
      'subscribe_timeline',
      'unsubscribe_timeline',
      'subscribe_timeline',
    ]);
    socket.receive({ type: 'subscribed', timelineId: T1 });
    socket.receive({ type: 'unsubscribed', timelineId: T1, reason: 'requested' });
    socket.receive({ type: 'subscribed', timelineId: T1 });
    expect([...client.subscribed]).toEqual([T1]);
  });

  it('delivers events to listeners and only logs errors and unknown types', () => {
    const { client, factory, log } = setup();
    const events: string[] = [];
    const unknown: string[] = [];
    client.onEvent((m) => events.push(m.type));
    client.onUnknownEvent((m) => unknown.push(m.type));
    client.connect();
    const socket = factory.last();
    socket.accept(USER);
    socket.receive({
      type: 'new_comment',
      data: { message: 'Ada commented', timelineId: T1, postId: 'p', commentId: 'c', commentCount: 1 },
      timestamp: new Date().toISOString(),
    });
    socket.receive({ type: 'auth_error', message: REALTIME_ERRORS.wrongUser });
    socket.receive({ type: 'error', message: REALTIME_ERRORS.badMessage });
    socket.receiveRaw('not json');
    socket.receive({ type: 'pong_of_the_future' });
    socket.receive({ type: 'poll_created', data: { message: 'Hi' }, timestamp: new Date().toISOString() });
    expect(events).toEqual(['new_comment']);
    // Event-shaped messages of unknown types reach the card (generic text); others are only logged.
    expect(unknown).toEqual(['poll_created']);
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(log.debug).toHaveBeenCalledWith('realtime: unknown message type', 'pong_of_the_future');
    expect(client.state).toBe('authenticated');
  });

  it("hands the user's unread notification count (issue 27) to its listeners, never to the card", () => {
    const { client, factory, log } = setup();
    const counts: number[] = [];
    const other: string[] = [];
    client.onInbox((n) => counts.push(n));
    client.onEvent((m) => other.push(m.type));
    client.onUnknownEvent((m) => other.push(m.type));
    client.connect();
    const socket = factory.last();
    socket.accept(USER);
    socket.receive({ type: 'notifications', unreadCount: 3 });
    socket.receive({ type: 'notifications', unreadCount: 0 });
    expect(counts).toEqual([3, 0]);
    expect(other).toEqual([]);
    expect(log.debug).not.toHaveBeenCalled();
  });

  it('reconnects after 1, 2, 4, 8 and 16 s and gives up after 5 attempts', () => {
    const { client, factory, log } = setup();
    client.connect();
    factory.last().accept(USER);
    factory.last().drop(1006);
    expect(client.state).toBe('disconnected');
    const delays = [1000, 2000, 4000, 8000, 16000];
    expect(delays).toEqual(
      Array.from({ length: REALTIME.maxReconnectAttempts }, (_, i) => REALTIME.reconnectBaseDelayMs * 2 ** i),
    );
    for (const [i, delay] of delays.entries()) {
      expect(factory.sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(delay - 1);
      expect(factory.sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(factory.sockets).toHaveLength(i + 2);
      expect(client.state).toBe('connecting');
      // The server is still down.
      factory.last().drop(1006);
    }
    vi.advanceTimersByTime(120_000);
    expect(factory.sockets).toHaveLength(6);
    expect(client.gaveUp).toBe(true);
    expect(client.state).toBe('disconnected');
    expect(log.warn).toHaveBeenCalledWith('realtime: gave up reconnecting');
    // The browser came back online: a fresh budget.
    client.retry();
    expect(factory.sockets).toHaveLength(7);
  });

  it('after a reconnect: re-authenticates, re-subscribes, tells reconnect listeners, resets the budget', () => {
    const { client, factory } = setup();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.subscribe(T1);
    client.connect();
    factory.last().accept(USER);
    factory.last().receive({ type: 'subscribed', timelineId: T1 });
    expect(reconnected).not.toHaveBeenCalled();

    factory.last().drop(1001);
    expect(client.subscribed.size).toBe(0);
    vi.advanceTimersByTime(1000);
    factory.last().drop(1006);
    vi.advanceTimersByTime(2000);
    const socket = factory.last();
    socket.accept(USER);
    expect(socket.sent).toEqual([
      { type: 'authenticate', userId: USER },
      { type: 'subscribe_timeline', timelineId: T1 },
    ]);
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(client.reconnectAttempts).toBe(0);
    // The next drop starts from 1 s again.
    socket.drop(1006);
    vi.advanceTimersByTime(1000);
    expect(factory.sockets).toHaveLength(4);
  });

  it('a first connection that only succeeds on a retry also counts as a reconnect (events were missed)', () => {
    const { client, factory } = setup();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.connect();
    factory.last().drop(1006);
    vi.advanceTimersByTime(1000);
    factory.last().accept(USER);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('does not reconnect after a normal close (1000)', () => {
    const { client, factory } = setup();
    client.connect();
    factory.last().accept(USER);
    factory.last().drop(CLOSE_CODES.normal);
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);
    expect(client.state).toBe('disconnected');
  });

  it('does not reconnect after the session ended (4001) and tells the app to check the user', () => {
    const { client, factory } = setup();
    const ended = vi.fn();
    client.onSessionEnded(ended);
    client.connect();
    factory.last().accept(USER);
    factory.last().drop(CLOSE_CODES.sessionEnded);
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(client.gaveUp).toBe(false);
    client.retry();
    expect(factory.sockets).toHaveLength(1);
    // Signed in again (same user): the app connects again.
    client.connect();
    expect(factory.sockets).toHaveLength(2);
  });

  it('replaced by newer sockets (4008): stays closed until retry(), then reconnects and refetches', () => {
    const { client, factory } = setup();
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.subscribe(T1);
    client.connect();
    factory.last().accept(USER);
    factory.last().drop(CLOSE_CODES.replaced);
    expect(client.state).toBe('disconnected');
    expect(client.replaced).toBe(true);
    expect(client.gaveUp).toBe(false);
    // Past every reconnect any other close would have made: none (it would close another of the user's tabs).
    vi.advanceTimersByTime(REALTIME.reconnectBaseDelayMs * 2 ** REALTIME.maxReconnectAttempts);
    expect(factory.sockets).toHaveLength(1);
    // The tab is shown again.
    client.retry();
    expect(client.replaced).toBe(false);
    const socket = factory.last();
    expect(factory.sockets).toHaveLength(2);
    socket.accept(USER);
    expect(socket.sent).toContainEqual({ type: 'subscribe_timeline', timelineId: T1 });
    expect(reconnected).toHaveBeenCalledTimes(1);
    // Replaced again later: the same, no timer.
    socket.drop(CLOSE_CODES.replaced);
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(2);
    // A sign-out meanwhile: retry() does nothing.
    client.disconnect();
    client.retry();
    expect(factory.sockets).toHaveLength(2);
  });

  it('disconnect (signed out) closes with 1000, cancels a pending reconnect and stays closed', () => {
    const { client, factory } = setup();
    client.connect();
    const first = factory.last();
    first.accept(USER);
    client.disconnect();
    expect(first.closedWith).toBe(CLOSE_CODES.normal);
    expect(client.state).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(1);

    client.connect();
    factory.last().drop(1006);
    client.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(factory.sockets).toHaveLength(2);
  });

  it('ignores a socket it already let go of', () => {
    const { client, factory } = setup();
    const events = vi.fn();
    client.onEvent(events);
    client.connect();
    const old = factory.last();
    client.disconnect();
    client.connect();
    old.open();
    old.receive({ type: 'authenticated', userId: USER });
    expect(old.sent).toEqual([]);
    expect(client.state).toBe('connecting');
  });
});
