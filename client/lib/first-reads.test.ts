import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dropPageReads,
  markFollowed,
  readFetch,
  resetFirstReads,
  sessionHinted,
  startPageReads,
} from './first-reads.ts';

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

  it("leaves a threadline's reads to its page, which reads them again once live", async () => {
    vi.stubGlobal('fetch', fetchMock);
    resetFirstReads();
    const id = '3f0e2b6c-9a1d-4c8e-8f00-0123456789ab';
    startPageReads(`/timeline/${id}`);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    markFollowed();
    await readFetch(`/api/timelines/${id}`, init);
    await readFetch(`/api/timelines/${id}/posts?limit=20&type=all`, init);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // The switcher's list is the dashboard's: read again here.
    await readFetch('/api/user/timelines', init);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('lets no later fetch take a read dropped because nobody was signed in after all', async () => {
    vi.stubGlobal('fetch', fetchMock);
    resetFirstReads();
    startPageReads('/');
    dropPageReads();
    await readFetch('/api/user/timelines?filter=active', init);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});

describe('sessionHinted', () => {
  it("is the server's hint in the head", () => {
    expect(sessionHinted()).toBeFalsy();
    const meta = document.createElement('meta');
    meta.name = 'tl-session';
    meta.id = 'tl-session';
    document.head.append(meta);
    expect(sessionHinted()).toBeTruthy();
    meta.remove();
  });
});
