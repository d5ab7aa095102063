// TanStack Query set-up and the fetch helpers of spec 000 §7-8.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { readFetch } from './first-reads.ts';

/** Any non-OK answer becomes Error(`${status}: ${body text or status text}`). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** A call with credentials; a JSON body (and its content type) only when data is given. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await (method === 'GET' ? readFetch : fetch)(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** `apiRequest` for calls whose answer is not needed: the body is still read, so the request completes. */
export async function apiCall(method: string, url: string, data?: unknown): Promise<void> {
  const res = await apiRequest(method, url, data);
  await res.text();
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: GET the query key segments joined with '/', parsed as JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await readFetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) {
      // Drained, or a no-store answer's unread body keeps the request open in the browser.
      await res.text();
      return null as T;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** No retries, no refetch on focus, data never goes stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
