import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMENT_TOAST_MS } from '../../../../common/realtime.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { cleanup, jsonResponse as json, render, renderHook } from '../../home/test/render.tsx';
import { exitKey } from '../api/timeline-cache.ts';
import { confirm, emit, end, reconnect, resetRealtime, subscriptions, update } from '../test/realtime.ts';
import { ACCESS_END_GRACE_MS, LIVE_MARK_READ_MS, useLiveTimeline } from './use-live-timeline.ts';

vi.mock('../../../lib/realtime/hooks.ts', () => import('../test/realtime.ts'));
const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/use-toast.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/use-toast.ts')>()),
  toast,
}));

const TL = '00000000-0000-4000-a000-000000000001';
const ME = '00000000-0000-4000-9000-0000000000aa';
const BO = { id: '00000000-0000-4000-9000-0000000000bb', name: 'Bo', profileImageUrl: null };

function Page() {
  useLiveTimeline(TL, ME);
  return null;
}

function mount() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return json({});
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(timelineKeys.detail(TL), { timeline: { id: TL }, member: {}, members: [] });
  const { history } = render(<Page />, { path: `/timeline/${TL}`, queryClient });
  return { calls, queryClient, history };
}

const comment = (author = BO) => ({
  message: 'x',
  timelineId: TL,
  postId: '00000000-0000-4000-8000-000000000001',
  commentId: '00000000-0000-4000-8000-0000000c0001',
  commentCount: 1,
  author,
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  resetRealtime();
  toast.mockReset();
  vi.unstubAllGlobals();
});

describe('useLiveTimeline', () => {
  it('follows the threadline while mounted', () => {
    mount();
    expect(subscriptions).toEqual([TL]);
    cleanup();
    expect(subscriptions).toEqual([]);
  });

  it("toasts others' comments for 3 s, not one's own, and marks them read once after a burst", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mount();
    act(() => emit('new_comment', comment()));
    act(() => emit('new_comment', comment({ ...BO, id: ME })));
    act(() => emit('new_comment', comment()));
    expect(toast).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenCalledWith({
      title: 'New Comment',
      description: 'Bo commented on a post',
      duration: COMMENT_TOAST_MS,
    });
    act(() => vi.advanceTimersByTime(LIVE_MARK_READ_MS));
    await vi.waitFor(() => expect(calls).toContain(`POST /api/timelines/${TL}/mark-comments-viewed`));
    expect(calls.filter((c) => c.includes('mark-comments-viewed'))).toHaveLength(1);
    expect(calls.filter((c) => c.includes('/mark-viewed'))).toHaveLength(0);
  });

  it('tells a removed member and sends them home, forgetting the page', () => {
    const { history, queryClient } = mount();
    act(() => emit('timeline_updated', update(TL, 'access_removed', { userId: ME, reason: 'blocked' })));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Blocked from Threadline' }));
    expect(history.at(-1)).toBe('/');
    expect(queryClient.getQueryData(timelineKeys.detail(TL))).toBeUndefined();
  });

  it('ignores another threadline being removed, and refreshes the page after a reconnect', () => {
    const { history, queryClient } = mount();
    act(() => emit('timeline_updated', update('other', 'access_removed', { userId: ME })));
    expect(toast).not.toHaveBeenCalled();
    expect(history.at(-1)).toBe(`/timeline/${TL}`);
    act(() => reconnect());
    expect(queryClient.getQueryState(timelineKeys.detail(TL))?.isInvalidated).toBe(true);
  });

  describe('when the server ends the threadline events', () => {
    const detailInvalidated = (qc: ReturnType<typeof mount>['queryClient']) =>
      qc.getQueryState(timelineKeys.detail(TL))?.isInvalidated ?? false;

    it('archived or deleted: asks the server for the page again (its refusal sends the reader home)', () => {
      for (const reason of ['archived', 'deleted', 'left'] as const) {
        const { queryClient } = mount();
        act(() => end(TL, reason));
        expect(detailInvalidated(queryClient)).toBe(true);
        cleanup();
      }
    });

    it('not in the tab that is leaving or deleting it', async () => {
      const { queryClient } = mount();
      const leaving = queryClient
        .getMutationCache()
        .build(queryClient, { mutationKey: exitKey(TL), mutationFn: () => new Promise(() => {}) });
      void leaving.execute(undefined);
      await vi.waitFor(() => expect(queryClient.isMutating()).toBe(1));
      act(() => end(TL, 'left'));
      expect(detailInvalidated(queryClient)).toBe(false);
    });

    it('removed: the removal notice right behind it wins; without one the page asks after a pause', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const first = mount();
      act(() => end(TL, 'removed'));
      act(() => emit('timeline_updated', update(TL, 'access_removed', { userId: ME, reason: 'removed' })));
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Removed from Threadline' }));
      expect(first.history.at(-1)).toBe('/');
      act(() => vi.advanceTimersByTime(ACCESS_END_GRACE_MS * 2));
      expect(first.queryClient.getQueryState(timelineKeys.detail(TL))).toBeUndefined();
      cleanup();

      const second = mount();
      act(() => end(TL, 'removed'));
      act(() => vi.advanceTimersByTime(ACCESS_END_GRACE_MS - 10));
      expect(detailInvalidated(second.queryClient)).toBe(false);
      act(() => vi.advanceTimersByTime(20));
      expect(detailInvalidated(second.queryClient)).toBe(true);
    });
  });

  it('reports a live page once the server confirmed the subscription', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    const live = renderHook(() => useLiveTimeline(TL, ME));
    expect(live.current).toBe(false);
    act(() => confirm(TL));
    expect(live.current).toBe(true);
  });
});
