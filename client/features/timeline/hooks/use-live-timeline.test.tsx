import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMENT_TOAST_MS } from '../../../../common/realtime.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { cleanup, jsonResponse as json, render } from '../../home/test/render.tsx';
import {
  confirm,
  drop,
  emit,
  reconnect,
  resetRealtime,
  setStatus,
  subscriptions,
  update,
} from '../test/realtime.ts';
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
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Blocked from Timeline' }));
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

  describe('when the server stops the threadline events', () => {
    const detailInvalidated = (qc: ReturnType<typeof mount>['queryClient']) =>
      qc.getQueryState(timelineKeys.detail(TL))?.isInvalidated ?? false;

    it('asks the server for the page again (its refusal sends the reader home)', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { queryClient } = mount();
      act(() => confirm(TL));
      act(() => drop(TL));
      act(() => vi.advanceTimersByTime(ACCESS_END_GRACE_MS - 10));
      expect(detailInvalidated(queryClient)).toBe(false);
      act(() => vi.advanceTimersByTime(20));
      expect(detailInvalidated(queryClient)).toBe(true);
    });

    it('not when the whole connection dropped, or the subscription came back', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { queryClient } = mount();
      act(() => confirm(TL));
      act(() => {
        drop(TL);
        setStatus('disconnected');
      });
      act(() => vi.advanceTimersByTime(ACCESS_END_GRACE_MS * 2));
      expect(detailInvalidated(queryClient)).toBe(false);
      act(() => setStatus('authenticated'));
      act(() => confirm(TL));
      act(() => drop(TL));
      act(() => confirm(TL));
      act(() => vi.advanceTimersByTime(ACCESS_END_GRACE_MS * 2));
      expect(detailInvalidated(queryClient)).toBe(false);
    });

    it('a removal notice right behind it wins: told, sent home, the page not asked again', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { history, queryClient } = mount();
      act(() => confirm(TL));
      act(() => drop(TL));
      act(() => emit('timeline_updated', update(TL, 'access_removed', { userId: ME, reason: 'removed' })));
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Removed from Timeline' }));
      expect(history.at(-1)).toBe('/');
      expect(queryClient.getQueryState(timelineKeys.detail(TL))).toBeUndefined();
    });
  });
});
