import { afterEach, describe, expect, it, vi } from 'vitest';
import { markFollowed, readFetch, resetFirstReads, startPageReads } from './first-reads.ts';

const fetchMock = vi.fn(async () => new Response('{}'));
const init = { credentials: 'include' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('readFetch', () => {
  it("takes the page's early reads once, and reads again what is claimed after the socket signed in", async () => {
    vi.stubGlobal('fetch', fetchMock);
    resetFirstReads();
    startPageReads('/');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // Claimed before the socket: no new fetch (live-dashboard.ts reads a live list again).
    await readFetch('/api/user/timelines?filter=active', init);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    markFollowed();
    // Claimed after: the early answer is taken and the URL read again.
    await readFetch('/api/user/timelines/unread-counts', init);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/user/timelines/unread-counts', init);
    // Each early answer is claimed once; a URL read later is read once.
    await readFetch('/api/user/timelines/unread-counts', init);
    await readFetch('/api/timelines', init);
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });
});
