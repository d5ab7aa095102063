// GET /api/posts/{postId}/comments (spec 001 §7): oldest first, loaded when a post's comments expand.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Comment } from '../../../../common/schemas/post.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { commentsUrl, nextCommentsCursor } from '../lib/feed-pages.ts';

export async function getComments(postId: string, cursor?: string): Promise<Comment[]> {
  const res = await apiRequest('GET', commentsUrl(postId, cursor));
  return (await res.json()) as Comment[];
}

export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: timelineKeys.comments(postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => nextCommentsCursor(lastPage),
    enabled,
  });
}
