// POST /api/posts {timelineId, type, content} → Post (spec 001 §7). Text posts for now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostBody, FeedFilter, Post } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { failureToast } from '../lib/error-toast.ts';
import { type FeedData, filterMatches, prependPost } from '../lib/feed-cache.ts';
import { refreshIfRefused } from './post-cache.ts';

export async function createPost(body: CreatePostBody): Promise<Post> {
  const res = await apiRequest('POST', '/api/posts', body);
  return (await res.json()) as Post;
}

export function useCreatePost(timelineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createPost({ timelineId, type: 'text', content }),
    onSuccess: (post) => {
      // At the top of each loaded feed that lists it: no refetch, no flicker.
      for (const [key] of queryClient.getQueriesData<FeedData>({
        queryKey: timelineKeys.allPosts(timelineId),
      })) {
        const filter = key[3] as FeedFilter;
        if (filterMatches(filter, post)) queryClient.setQueryData<FeedData>(key, (d) => prependPost(d, post));
      }
    },
    onError: (error) => {
      notifyFailure(error, failureToast(error, 'Failed to create post', { preferServer: true }));
      refreshIfRefused(queryClient, timelineId, error);
    },
  });
}
