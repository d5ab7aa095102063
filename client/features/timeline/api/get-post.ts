// GET /api/posts/{id} → {post, position} (issue 25): the post a deep link or a notification's View opens,
// and how many posts the feed shows before it. 404 when it is gone or not the reader's to see.
import { useQuery } from '@tanstack/react-query';
import type { PostDetail } from '../../../../common/schemas/post.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

export async function getPost(postId: string): Promise<PostDetail> {
  const res = await apiRequest('GET', `/api/posts/${encodeURIComponent(postId)}`);
  return (await res.json()) as PostDetail;
}

export function usePostDetail(postId: string | null) {
  return useQuery({
    queryKey: ['/api/posts', postId, 'detail'],
    queryFn: () => getPost(postId!),
    enabled: postId !== null,
    // A 404 is an answer (the post is gone), not a hiccup; the feed itself stays the source of truth.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
