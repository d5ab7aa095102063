import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventMessage } from '../../../common/realtime.ts';
import { cleanup, jsonResponse, renderHook, waitFor } from '../../features/home/test/render.tsx';
import { notificationKeys } from '../../features/notifications/lib/keys.ts';
import { conversationKeys } from '../conversation-keys.ts';
import { createQueryClient } from '../queryClient.ts';
import { timelineKeys } from '../timeline-keys.ts';
import {
  COALESCE_MS,
  createInvalidator,
  OUTDATED_AFTER_RECONNECT,
  outdatedBy,
  readBeforeFirstConnection,
  useLiveDashboard,
} from './live-dashboard.ts';
import { RealtimeClient } from './realtime-client.ts';
import { fakeSockets } from './test-socket.ts';

const ME = 'me';
const T = '11111111-1111-4111-8111-111111111111';
const other = { id: 'ada', name: 'Ada', profileImageUrl: null };
const mine = { id: ME, name: 'Me', profileImageUrl: null };

const event = (type: string, data: object) =>
  ({ type, data: { message: 'x', timelineId: T, ...data }, timestamp: '' }) as unknown as EventMessage;

/** Stubs fetch to answer `body` to every URL; returns the URLs asked for, in order. */
function recordFetches(body: unknown): string[] {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return jsonResponse(body);
    }),
  );
  return fetched;
}

describe('outdatedBy', () => {
  it('someone else’s post or comment refreshes the unread badges; my own does not', () => {
    expect(outdatedBy(event('new_post', { author: other, postId: 'p' }), ME).refetch).toEqual([
      timelineKeys.unreadCounts,
    ]);
    expect(outdatedBy(event('new_post', { author: mine, postId: 'p' }), ME).refetch).toEqual([]);
    const comment = outdatedBy(event('new_comment', { author: other, postId: 'p', commentId: 'c' }), ME);
    expect(comment.refetch).toEqual([timelineKeys.unreadCounts]);
    // The threadline's cached pages and that post's comments are stale for the next visit.
    expect(comment.stale).toEqual([['/api/timelines', T], timelineKeys.comments('p')]);
  });

  it('join requests refresh the pending badges; a decision refreshes My Join Requests and the lists', () => {
    expect(outdatedBy(event('join_request', { author: other }), ME).refetch).toEqual([
      timelineKeys.pendingSummary,
    ]);
    expect(outdatedBy(event('join_request_processed', { author: other }), ME).refetch).toEqual([
      timelineKeys.myJoinRequests,
      timelineKeys.lists,
      timelineKeys.unreadCounts,
    ]);
  });

  it('member changes refresh the lists (member counts, roles); state changes refresh every badge', () => {
    expect(outdatedBy(event('new_member', { author: other }), ME).refetch).toEqual([timelineKeys.lists]);
    for (const change of ['member_left', 'member_removed', 'role_changed']) {
      expect(outdatedBy(event('timeline_updated', { change }), ME).refetch).toEqual([timelineKeys.lists]);
    }
    for (const change of ['archived', 'restored', 'deleted', 'access_removed']) {
      expect(outdatedBy(event('timeline_updated', { change }), ME).refetch).toEqual([
        timelineKeys.lists,
        timelineKeys.unreadCounts,
        timelineKeys.pendingSummary,
      ]);
    }
    expect(
      outdatedBy(event('timeline_updated', { change: 'join_requests', pendingCount: 0 }), ME).refetch,
    ).toEqual([timelineKeys.pendingSummary]);
    // A deleted account's conversations went for both people: the list, the count and an open one.
    expect(outdatedBy(event('timeline_updated', { change: 'account_deleted' }), ME).refetch).toEqual([
      conversationKeys.list,
      conversationKeys.unreadCount,
    ]);
    for (const change of ['reactions', 'pin', 'permissions', 'approval']) {
      const outdated = outdatedBy(event('timeline_updated', { change }), ME);
      expect(outdated.refetch, change).toEqual([]);
      expect(outdated.stale).toEqual([['/api/timelines', T]]);
    }
  });
});

describe('outdatedBy: direct messages', () => {
  const C = '22222222-2222-4222-8222-222222222222';
  const sent = (senderId: string) =>
    event('new_message', {
      author: senderId === ME ? mine : other,
      conversationId: C,
      messageId: 'm',
      senderId,
    });
  const read = (readerId: string) =>
    event('message_read', {
      author: readerId === ME ? mine : other,
      conversationId: C,
      readerId,
      readAt: '',
    });

  it('a message to me refreshes the conversation list and the header’s unread count', () => {
    expect(outdatedBy(sent(other.id), ME)).toEqual({
      refetch: [conversationKeys.list, conversationKeys.unreadCount],
      stale: [conversationKeys.conversation(C)],
    });
  });

  it('my own message (from another tab) refreshes the list only: my unread count cannot change', () => {
    expect(outdatedBy(sent(ME), ME).refetch).toEqual([conversationKeys.list]);
  });

  it('reading (in another tab) refreshes both; the other person reading mine refreshes the list', () => {
    expect(outdatedBy(read(ME), ME).refetch).toEqual([conversationKeys.list, conversationKeys.unreadCount]);
    expect(outdatedBy(read(other.id), ME).refetch).toEqual([conversationKeys.list]);
  });

  it('leaves the threadline’s own caches alone', () => {
    for (const message of [sent(other.id), sent(ME), read(ME), read(other.id)]) {
      expect(outdatedBy(message, ME).stale).toEqual([conversationKeys.conversation(C)]);
    }
  });

  it('a reconnect refreshes the list and the count and marks every conversation stale', () => {
    expect(OUTDATED_AFTER_RECONNECT.refetch).toEqual(
      expect.arrayContaining([conversationKeys.list, conversationKeys.unreadCount]),
    );
    expect(OUTDATED_AFTER_RECONNECT.stale).toContainEqual(['/api/conversations']);
  });
});

describe('createInvalidator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gathers a burst of events into one invalidation of each key', () => {
    const queryClient = createQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const invalidator = createInvalidator(queryClient);
    for (let i = 0; i < 20; i++) invalidator.add(outdatedBy(event('new_post', { author: other }), ME));
    invalidator.add(OUTDATED_AFTER_RECONNECT);
    vi.advanceTimersByTime(COALESCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    const calls = invalidate.mock.calls.map(([filters]) => filters);
    expect(calls.filter((f) => f?.refetchType === 'none').map((f) => f?.queryKey)).toEqual([
      ['/api/timelines', T],
      ['/api/timelines'],
      ['/api/posts'],
      ['/api/conversations'],
    ]);
    expect(calls.filter((f) => f?.refetchType !== 'none').map((f) => f?.queryKey)).toEqual([
      timelineKeys.unreadCounts,
      timelineKeys.lists,
      timelineKeys.pendingSummary,
      timelineKeys.myJoinRequests,
      conversationKeys.list,
      conversationKeys.unreadCount,
      notificationKeys.inbox,
    ]);
    invalidate.mockClear();
    vi.advanceTimersByTime(10_000);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('an invalidation marks a cached threadline stale without refetching it, and refetches the badges', async () => {
    const fetched = recordFetches({});
    const queryClient = createQueryClient();
    const threadline = ['/api/timelines', T];
    queryClient.setQueryData(threadline, { id: T });
    queryClient.setQueryData(timelineKeys.unreadCounts, {});
    // Both on screen: a plain invalidation refetches what is on screen.
    const observers = [threadline, timelineKeys.unreadCounts].map((queryKey) =>
      new QueryObserver(queryClient, { queryKey }).subscribe(() => {}),
    );
    try {
      const invalidator = createInvalidator(queryClient);
      invalidator.add({ refetch: [timelineKeys.unreadCounts], stale: [threadline] });
      vi.advanceTimersByTime(COALESCE_MS);
      expect(queryClient.getQueryState(threadline)?.isInvalidated).toBe(true);
      // The stale keys are invalidated before the badges: by the badges' fetch, the threadline's would have started.
      await vi.waitFor(() => expect(fetched).toEqual([timelineKeys.unreadCounts.join('/')]));
    } finally {
      for (const unsubscribe of observers) unsubscribe();
      vi.unstubAllGlobals();
    }
  });
});

describe('readBeforeFirstConnection', () => {
  it('reads the lists again that were read (or are on their way) before the first authentication, not later ones', async () => {
    const queryClient = createQueryClient();
    const at = Date.now();
    queryClient.setQueryData(timelineKeys.list('active'), [], { updatedAt: at - 5 });
    queryClient.setQueryData(timelineKeys.unreadCounts, {}, { updatedAt: at + 5 });
    queryClient.setQueryData(conversationKeys.unreadCount, { unreadCount: 0 }, { updatedAt: at - 1 });
    // On its way at the authentication: its answer may predate the socket too.
    let answer: (value: unknown) => void = () => {};
    void queryClient.fetchQuery({
      queryKey: timelineKeys.pendingSummary,
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    });
    expect(readBeforeFirstConnection(queryClient, at)).toEqual({
      refetch: [timelineKeys.lists, timelineKeys.pendingSummary, conversationKeys.unreadCount],
      stale: [],
    });
    answer([]);
    // Nothing read before it (a page that reads once the socket is up): nothing to read again.
    expect(readBeforeFirstConnection(createQueryClient(), at).refetch).toEqual([]);
  });

  it('reads again every list answered from an early read, even one answered after the authentication', () => {
    const queryClient = createQueryClient();
    const at = Date.now();
    // Taken from the entry's early read once the page drew, after the socket signed in but before this knew.
    queryClient.setQueryData(timelineKeys.list('active'), [], { updatedAt: at + 50 });
    expect(readBeforeFirstConnection(queryClient, at).refetch).toEqual([]);
    expect(readBeforeFirstConnection(queryClient, at, true).refetch).toEqual([timelineKeys.lists]);
  });
});

describe('useLiveDashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a socket signed in before the hook mounted (a slow first render) still has the older lists read again', async () => {
    const fetched = recordFetches([]);
    const sockets = fakeSockets();
    const log = { debug: () => {}, warn: () => {} };
    const client = new RealtimeClient({ url: 'ws://host/ws', userId: ME, createSocket: sockets.create, log });
    const queryClient = createQueryClient();
    const list = timelineKeys.list('active');
    queryClient.setQueryData(list, [], { updatedAt: Date.now() - 1000 });
    const unsubscribe = new QueryObserver(queryClient, { queryKey: list }).subscribe(() => {});
    try {
      client.connect();
      sockets.last().accept(ME);
      renderHook(() => useLiveDashboard(client, queryClient), { queryClient });
      await waitFor(() => expect(fetched).toEqual([list.join('/')]), 3000);
    } finally {
      unsubscribe();
      client.disconnect();
    }
  });
});
