import { afterEach, describe, expect, it, vi } from 'vitest';
import { markFollowed, readFetch, resetFirstReads } from './first-reads.ts';

const fetchMock = vi.fn(async () => new Response('{}'));

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('readFetch', () => {
  it('reads a preloaded URL once more when claimed after the socket signed in, once otherwise', async () => {
    vi.stubGlobal('fetch', fetchMock);
    resetFirstReads('/');
    const init = { credentials: 'include' } as const;
    // Claimed before the socket: one fetch (live-dashboard.ts reads it again if it is a live list).
    await readFetch('/api/meta', init);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    markFollowed();
    // Claimed after: the preloaded answer is taken and the URL read again.
    await readFetch('/api/user/timelines/unread-counts', init);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/user/timelines/unread-counts', init);
    // The preload is claimed only once; URLs the HTML did not ask for are read once.
    await readFetch('/api/user/timelines/unread-counts', init);
    await readFetch('/api/timelines', init);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});
