import {
  MutationObserver,
  type QueryClient,
  type QueryFunctionContext,
  QueryObserver,
} from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall, apiRequest, createQueryClient, getQueryFn } from './queryClient.ts';

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

function mockFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const context = (queryKey: readonly unknown[]) => ({ queryKey }) as unknown as QueryFunctionContext;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getQueryFn', () => {
  it('GETs the query key segments joined with "/" with credentials and parses JSON', async () => {
    const fetchMock = mockFetch(json({ ok: 1 }));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/timelines', 'abc', 'posts']));
    expect(result).toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/timelines/abc/posts');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('throws "401: {body}" on a 401 by default', async () => {
    mockFetch(json({ message: 'Unauthorized' }, 401, 'Unauthorized'));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });

  it('returns null on a 401 with on401 returnNull, having read the body', async () => {
    const res = json({ message: 'Unauthorized' }, 401);
    mockFetch(res);
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
    // An unread no-store body keeps the request open in Chromium.
    expect(res.bodyUsed).toBe(true);
  });

  it('apiCall reads the answer it does not need', async () => {
    const res = json({ message: 'Left timeline' });
    mockFetch(res);
    await apiCall('DELETE', '/api/timelines/x/members/leave');
    expect(res.bodyUsed).toBe(true);
  });

  it('still throws other errors with on401 returnNull, using the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});

describe('apiRequest', () => {
  it('sends a JSON body with a JSON content type and credentials', async () => {
    const fetchMock = mockFetch(json({ id: 1 }));
    const res = await apiRequest('PUT', '/api/profile', { displayName: 'Ada' });
    expect(await res.json()).toEqual({ id: 1 });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"displayName":"Ada"}');
  });

  it('sends no content type and no body when there is no data', async () => {
    const fetchMock = mockFetch(json({}));
    await apiRequest('POST', '/api/timelines/1/archive');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.headers).toEqual({});
    expect(init.body).toBeUndefined();
  });

  it('throws "status: body" on a non-OK answer', async () => {
    mockFetch(json({ message: 'Invalid email or password' }, 401));
    await expect(apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toThrow(
      '401: {"message":"Invalid email or password"}',
    );
  });
});

describe('createQueryClient', () => {
  /** A fetch answering every call with `answer()` (a fresh Response each time), counting the calls. */
  function serve(answer: () => Response = () => json({ ok: 1 })) {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const urls = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.map(([url]) => url);

  /** A component's useQuery, without React: subscribing is mounting. */
  const mount = (client: QueryClient, queryKey: readonly unknown[], options: object = {}) =>
    new QueryObserver(client, { queryKey, ...options }).subscribe(() => {});

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads with the default query fn: GET of the key joined with "/"', async () => {
    const fetchMock = serve();
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/timelines', 'abc'] })).resolves.toEqual({
      ok: 1,
    });
    expect(urls(fetchMock)).toEqual(['/api/timelines/abc']);
  });

  it('does not retry a failing query: one fetch, and the error at once', async () => {
    vi.useFakeTimers();
    const fetchMock = serve(() => json({ message: 'Disk full' }, 500));
    const client = createQueryClient();
    const unmount = mount(client, ['/api/broken']);
    // Past every delay a retry would wait.
    await vi.runAllTimersAsync();
    expect(client.getQueryState(['/api/broken'])?.status).toBe('error');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('does not retry a failing mutation: one call', async () => {
    vi.useFakeTimers();
    const fetchMock = serve(() => json({ message: 'Disk full' }, 500));
    const mutation = new MutationObserver(createQueryClient(), {
      mutationFn: () => apiRequest('POST', '/api/timelines/1/archive'),
    });
    const outcome = mutation.mutate().catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await outcome).toMatchObject({ message: '500: {"message":"Disk full"}' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not refetch when the window regains focus, even what is stale', async () => {
    const fetchMock = serve();
    const client = createQueryClient();
    client.mount();
    const shown = ['/api/timelines', '/api/focus-probe'];
    const unmounts = [
      mount(client, [shown[0]]),
      // Asks for a refetch on every focus: once it has refetched, the focus has been handled.
      mount(client, [shown[1]], { refetchOnWindowFocus: 'always' }),
    ];
    for (const key of shown) {
      await vi.waitFor(() => expect(client.getQueryState([key])?.status).toBe('success'));
    }
    await client.invalidateQueries({ queryKey: [shown[0]], refetchType: 'none' });
    window.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(urls(fetchMock)).toEqual([...shown, shown[1]]));
    for (const unmount of unmounts) unmount();
    client.unmount();
  });

  it('keeps data fresh: a second mount reads the cache, it does not refetch', async () => {
    const fetchMock = serve();
    const client = createQueryClient();
    mount(client, ['/api/timelines'])();
    await vi.waitFor(() => expect(client.getQueryState(['/api/timelines'])?.status).toBe('success'));
    const unmount = mount(client, ['/api/timelines']);
    // A key never read before is fetched on mount: once it has been, so would a stale one.
    const probe = mount(client, ['/api/focus-probe']);
    await vi.waitFor(() => expect(urls(fetchMock)).toEqual(['/api/timelines', '/api/focus-probe']));
    unmount();
    probe();
  });
});
