// GET /api/timelines/{id}/posts?limit=20&cursor=&type= (spec 001 §7): the feed, page by page.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedFilter, Post } from '../../../../common/schemas/post.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { feedUrl, nextFeedCursor } from '../lib/feed-pages.ts';

export async function getPosts(timelineId: string, filter: FeedFilter, cursor?: string): Promise<Post[]> {
  const res = await apiRequest('GET', feedUrl(timelineId, filter, cursor));
  return (await res.json()) as Post[];
}

export function useFeed(timelineId: string, filter: FeedFilter) {
  return useInfiniteQuery({
    queryKey: timelineKeys.posts(timelineId, filter),
    queryFn: ({ pageParam }) => getPosts(timelineId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => nextFeedCursor(lastPage),
  });
}
