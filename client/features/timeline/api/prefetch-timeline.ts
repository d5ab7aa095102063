// The threadline page's first two reads, started by the router as soon as a signed-in user is on
// /timeline/{id} (issue 14's page speed): they run while the page's chunk downloads instead of after it, so
// the first posts paint one and two round trips sooner. Same keys and fetchers as useTimeline and useFeed,
// which then find the answers in flight or cached.
import type { QueryClient } from '@tanstack/react-query';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { getPosts } from './get-posts.ts';
import { getTimeline } from './get-timeline.ts';

export function prefetchTimelinePage(queryClient: QueryClient, id: string) {
  void queryClient.prefetchQuery({ queryKey: timelineKeys.detail(id), queryFn: () => getTimeline(id) });
  void queryClient.prefetchInfiniteQuery({
    queryKey: timelineKeys.posts(id, 'all'),
    queryFn: ({ pageParam }) => getPosts(id, 'all', pageParam),
    initialPageParam: undefined as string | undefined,
  });
}
