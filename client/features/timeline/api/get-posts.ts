// GET /api/timelines/{id}/posts?limit=20&cursor=&type= (spec 001 §7): the feed, page by page.
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import type { FeedFilter, Post } from '../../../../common/schemas/post.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { feedUrl, nextFeedCursor } from '../lib/feed-pages.ts';

export async function getPosts(timelineId: string, filter: FeedFilter, cursor?: string): Promise<Post[]> {
  const res = await apiRequest('GET', feedUrl(timelineId, filter, cursor));
  return (await res.json()) as Post[];
}

const feedOptions = (timelineId: string, filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: timelineKeys.posts(timelineId, filter),
    queryFn: ({ pageParam }) => getPosts(timelineId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => nextFeedCursor(lastPage),
  });

export function useFeed(timelineId: string, filter: FeedFilter) {
  return useInfiniteQuery(feedOptions(timelineId, filter));
}

/**
 * Starts the feed's first page as the page opens, not once it has rendered its feed (issue 14's page speed):
 * it takes the read the app's entry started (common/first-load.ts). What it read before the page's events
 * were followed is read again once they are (use-read-again-once-live.ts).
 */
export function usePrefetchFeed(timelineId: string) {
  const queryClient = useQueryClient();
  React.useEffect(() => {
    void queryClient.prefetchInfiniteQuery(feedOptions(timelineId, 'all'));
  }, [queryClient, timelineId]);
}

/** Whether the unfiltered feed's first page is in; renders its caller only when that changes. */
export function useFeedShown(timelineId: string): boolean {
  return useInfiniteQuery({
    ...feedOptions(timelineId, 'all'),
    enabled: false,
    notifyOnChangeProps: ['isSuccess'],
  }).isSuccess;
}
