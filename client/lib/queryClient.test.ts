import type { QueryFunctionContext } from '@tanstack/react-query';
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
  it('never retries, never refetches on focus, and data never goes stale', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations?.retry).toBe(false);
  });
});
