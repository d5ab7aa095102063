// GET /api/search (DECISIONS §9): pages of results across the user's threadlines, via nextCursor.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../common/schemas/search.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { type SearchForm, searchUrl } from '../lib/search-params.ts';

export async function advancedSearch(form: SearchForm, cursor?: string): Promise<SearchResponse> {
  const res = await apiRequest('GET', searchUrl(form, cursor));
  return (await res.json()) as SearchResponse;
}

/** Runs for a submitted form with words in it; the same search asked again within 30 s reuses its pages. */
export function useAdvancedSearch(form: SearchForm, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/search', searchUrl(form)],
    queryFn: ({ pageParam }) => advancedSearch(form, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && form.q.trim().length > 0,
    staleTime: 30_000,
  });
}
