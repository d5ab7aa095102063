// Lists the server answers page by page (issue 23: join requests, blocked users, conversations): each answer
// is the spec's array, and X-Next-Cursor names the next page while more remain. An infinite query holds the
// pages; screens read them as one array (`select`), so they render a list as before and add Load more.
import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '../../common/limits.ts';
import { apiRequest } from './queryClient.ts';

export interface ListPage<T> {
  items: T[];
  /** What X-Next-Cursor said; undefined on the last page. */
  nextCursor: string | undefined;
}

export const withCursor = (url: string, cursor?: string) =>
  cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url;

export async function fetchListPage<T>(url: string, cursor?: string): Promise<ListPage<T>> {
  const res = await apiRequest('GET', withCursor(url, cursor));
  const items = (await res.json()) as T[];
  return { items, nextCursor: res.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/**
 * The pages as one list. An item the server moved between two page reads (a conversation with a new message
 * jumps to the top) may come twice: it shows once, where it was seen first.
 */
export function flattenPages<T>(data: InfiniteData<ListPage<T>>, keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

/**
 * The infinite query of one paged list under `queryKey` (the key it always had, so invalidations keep
 * working; a refetch reloads every page loaded so far). The app's defaults stay: no retry, never stale.
 */
export function listPagesOptions<T, K extends QueryKey>(
  queryKey: K,
  url: string,
  keyOf: (item: T) => string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchListPage<T>(url, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: ListPage<T>) => lastPage.nextCursor,
    select: (data: InfiniteData<ListPage<T>, string | undefined>) => flattenPages(data, keyOf),
  });
}

/**
 * Whether the list itself failed (its first load, or a reload of its pages). A failed next page leaves the
 * loaded items on screen, and LoadMoreButton says so and offers to try again.
 */
export const listFailed = (query: { isError: boolean; isFetchNextPageError: boolean }) =>
  query.isError && !query.isFetchNextPageError;
