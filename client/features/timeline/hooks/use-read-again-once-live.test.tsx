import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, jsonResponse as json, render, waitFor } from '../../home/test/render.tsx';
import { useFeed } from '../api/get-posts.ts';
import { useTimeline } from '../api/get-timeline.ts';
import { feedUrl } from '../lib/feed-pages.ts';
import { useReadAgainOnceLive } from './use-read-again-once-live.ts';

const TL = '00000000-0000-4000-a000-000000000001';
const DETAIL = `/api/timelines/${TL}`;
const FEED = feedUrl(TL, 'all');

let setLive: (live: boolean) => void = () => {};
function Page() {
  const [live, set] = React.useState(false);
  setLive = set;
  useTimeline(TL);
  useFeed(TL, 'all');
  useReadAgainOnceLive(TL, live);
  return null;
}

/** Every GET by URL; `hold` keeps answers waiting until released. */
function mount() {
  const calls: string[] = [];
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (held) await held;
      return json(url === FEED ? [] : { timeline: { id: TL }, members: [] });
    }),
  );
  const hold = () => {
    held = new Promise((resolve) => {
      release = () => {
        held = null;
        resolve();
      };
    });
  };
  const count = (url: string) => calls.filter((c) => c === url).length;
  return { count, hold, release: () => release() };
}

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

describe('useReadAgainOnceLive', () => {
  it('reads the details and the first page again once the page is first live, and only then', async () => {
    const { count } = mount();
    render(<Page />, { path: `/timeline/${TL}` });
    await waitFor(() => expect([count(DETAIL), count(FEED)]).toEqual([1, 1]));
    act(() => setLive(true));
    await waitFor(() => expect([count(DETAIL), count(FEED)]).toEqual([2, 2]));
    // A reconnect is refreshAfterReconnect's business: going live again reads nothing here. Fake clocks run
    // whatever the hook would have waited for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    act(() => setLive(false));
    act(() => setLive(true));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect([count(DETAIL), count(FEED)]).toEqual([2, 2]);
  });

  it('waits for a read still on its way when the page goes live, then reads again', async () => {
    const { count, hold, release } = mount();
    hold();
    render(<Page />, { path: `/timeline/${TL}` });
    await waitFor(() => expect([count(DETAIL), count(FEED)]).toEqual([1, 1]));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    act(() => setLive(true));
    // The answers predating the subscription are still out: nothing is read twice at once.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect([count(DETAIL), count(FEED)]).toEqual([1, 1]);
    release();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect([count(DETAIL), count(FEED)]).toEqual([2, 2]);
  });
});
