import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventMessage } from '../../../common/realtime.ts';
import { createQueryClient } from '../queryClient.ts';
import { timelineKeys } from '../timeline-keys.ts';
import { COALESCE_MS, createInvalidator, OUTDATED_AFTER_RECONNECT, outdatedBy } from './live-dashboard.ts';

const ME = 'me';
const T = '11111111-1111-4111-8111-111111111111';
const other = { id: 'ada', name: 'Ada', profileImageUrl: null };
const mine = { id: ME, name: 'Me', profileImageUrl: null };

const event = (type: string, data: object) =>
  ({ type, data: { message: 'x', timelineId: T, ...data }, timestamp: '' }) as unknown as EventMessage;

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
    for (const change of ['reactions', 'pin', 'permissions', 'approval']) {
      const outdated = outdatedBy(event('timeline_updated', { change }), ME);
      expect(outdated.refetch, change).toEqual([]);
      expect(outdated.stale).toEqual([['/api/timelines', T]]);
    }
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
    ]);
    expect(calls.filter((f) => f?.refetchType !== 'none').map((f) => f?.queryKey)).toEqual([
      timelineKeys.unreadCounts,
      timelineKeys.lists,
      timelineKeys.pendingSummary,
      timelineKeys.myJoinRequests,
    ]);
    invalidate.mockClear();
    vi.advanceTimersByTime(10_000);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('an invalidation marks a cached threadline stale without refetching it, and refetches the badges', async () => {
    vi.useRealTimers();
    const queryClient = createQueryClient();
    queryClient.setQueryData(['/api/timelines', T], { id: T });
    const invalidator = createInvalidator(queryClient);
    invalidator.add({ refetch: [], stale: [['/api/timelines', T]] });
    await new Promise((r) => setTimeout(r, COALESCE_MS + 20));
    expect(queryClient.getQueryState(['/api/timelines', T])?.isInvalidated).toBe(true);
  });
});
