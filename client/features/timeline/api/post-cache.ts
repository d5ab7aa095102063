// Applies a post edit to every cached feed (one per filter) and search of a threadline, so all views
// agree without refetching. Pure edits live in ../lib/feed-cache.ts.
import type { QueryClient } from '@tanstack/react-query';
import type { FeedFilter, Post } from '../../../../common/schemas/post.ts';
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { dropUnlisted, type FeedData, mapPost } from '../lib/feed-cache.ts';
import { invalidateTimelineDetail } from './timeline-cache.ts';

export function patchPost(
  queryClient: QueryClient,
  timelineId: string,
  postId: string,
  fn: (post: Post) => Post,
) {
  for (const [key, data] of queryClient.getQueriesData<FeedData>({
    queryKey: timelineKeys.allPosts(timelineId),
  })) {
    // A filter lists live posts only: a post deleted under "Text" leaves it (its tombstone is under "All").
    const next = dropUnlisted(mapPost(data, postId, fn), key[3] as FeedFilter, postId);
    if (next !== data) queryClient.setQueryData<FeedData>(key, next);
  }
  queryClient.setQueriesData<Post[]>({ queryKey: timelineKeys.allSearches(timelineId) }, (data) =>
    mapPost(data, postId, fn),
  );
}

/** The threadline page's pinned post id, kept in step with pin, unpin and delete. */
export function setCachedPinned(queryClient: QueryClient, timelineId: string, pinnedPostId: string | null) {
  queryClient.setQueryData<TimelinePageData>(timelineKeys.detail(timelineId), (old) =>
    old ? { ...old, timeline: { ...old.timeline, pinnedPostId } } : old,
  );
}

/** Every feed of the threadline: reloaded in place (the loaded posts stay on screen meanwhile). */
export const refetchFeeds = (queryClient: QueryClient, timelineId: string) =>
  queryClient.invalidateQueries({ queryKey: timelineKeys.allPosts(timelineId) });

/**
 * A 403 means the page's rules are out of date (the owner switched posting or comments off, changed the
 * caller's role, or archived the threadline): reload the page data so the composer and comment boxes follow.
 */
export function refreshIfRefused(queryClient: QueryClient, timelineId: string, error: unknown) {
  if (error instanceof Error && error.message.startsWith('403:')) {
    void invalidateTimelineDetail(queryClient, timelineId);
  }
}
