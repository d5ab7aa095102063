// The own toggle against live counts: an event that lands while the toggle is on its way cannot be ordered
// against its answer, so the post's counts reload once the toggle settles (and only then).
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEART } from '../../../../common/schemas/post.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { cleanup, jsonResponse, renderHook, waitFor } from '../../home/test/render.tsx';
import type { FeedData } from '../lib/feed-cache.ts';
import { makePost } from '../lib/test-posts.ts';
import { message, update } from '../test/realtime.ts';
import { applyPageEvent } from './live-cache.ts';
import { useToggleReaction } from './toggle-reaction.ts';

const TL = '00000000-0000-4000-a000-000000000001';
const ME = '00000000-0000-4000-9000-0000000000aa';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const post = makePost({ reactionCounts: {}, myReactions: [] });
  const queryClient = createQueryClient();
  const feedKey = timelineKeys.posts(TL, 'all');
  queryClient.setQueryData<FeedData>(feedKey, { pages: [[post]], pageParams: [undefined] });
  // The POST answers when the test says so.
  let answer: ((body: unknown) => void) | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = (body) => resolve(jsonResponse(body))))),
  );
  const toggle = renderHook(() => useToggleReaction(TL, post.id), { queryClient });
  const shown = () => queryClient.getQueryData<FeedData>(feedKey)?.pages[0]?.[0];
  const reloads = () => queryClient.getQueryState(feedKey)?.isInvalidated ?? false;
  const live = (count: number) =>
    applyPageEvent(
      queryClient,
      TL,
      message(
        'timeline_updated',
        update(TL, 'reactions', { postId: post.id, reactionCounts: { [HEART]: count } }),
      ),
      ME,
    );
  const mine = (count: number) => ({
    postId: post.id,
    emoji: HEART,
    reacted: true,
    reactionCounts: { [HEART]: count },
    myReactions: [HEART],
  });
  const respond = async (body: unknown) => {
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer!(body));
  };
  return { toggle, shown, reloads, live, mine, answer: respond };
}

describe('useToggleReaction with live counts', () => {
  it('holds counts that land mid-toggle, then reloads the feed once the answer is in', async () => {
    const { toggle, shown, reloads, live, mine, answer } = setup();
    act(() => toggle.current.mutate(HEART));
    await waitFor(() =>
      expect(shown()).toMatchObject({ reactionCounts: { [HEART]: 1 }, myReactions: [HEART] }),
    );

    // Someone else's like lands first; the toggle's answer (computed before it) comes after.
    live(2);
    expect(shown()?.reactionCounts).toEqual({ [HEART]: 1 });
    await answer(mine(1));
    await waitFor(() => expect(toggle.current.isSuccess).toBe(true));
    expect(reloads()).toBe(true);
    expect(shown()).toMatchObject({ reactionCounts: { [HEART]: 1 }, myReactions: [HEART] });
  });

  it('takes the answer without a reload when nothing landed meanwhile, and live counts after it', async () => {
    const { toggle, shown, reloads, live, mine, answer } = setup();
    act(() => toggle.current.mutate(HEART));
    await answer(mine(1));
    await waitFor(() => expect(toggle.current.isSuccess).toBe(true));
    expect(reloads()).toBe(false);
    live(3);
    expect(shown()).toMatchObject({ reactionCounts: { [HEART]: 3 }, myReactions: [HEART] });
    expect(reloads()).toBe(false);
  });
});
