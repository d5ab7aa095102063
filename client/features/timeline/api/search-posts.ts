// GET /api/timelines/{id}/search?q= (spec 001 §7): at most 50 posts, newest first.
import { useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../common/schemas/post.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export async function searchPosts(timelineId: string, q: string): Promise<Post[]> {
  const res = await apiRequest('GET', `/api/timelines/${timelineId}/search?${new URLSearchParams({ q })}`);
  return (await res.json()) as Post[];
}

/** Runs while `q` has something to look for; each query is cached for the visit. */
export function useSearchPosts(timelineId: string, q: string) {
  return useQuery({
    queryKey: timelineKeys.search(timelineId, q),
    queryFn: () => searchPosts(timelineId, q),
    enabled: q.trim().length > 0,
  });
}
