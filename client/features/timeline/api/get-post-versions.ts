// GET /api/posts/{id}/versions → [{content, editedAt, editor}] newest first, the current text leading
// (DECISIONS §9). Under a free owner the server answers 403 {planUpgradeRequired}: the dialog's upgrade card.
import { useQuery } from '@tanstack/react-query';
import type { PostVersion } from '../../../../common/schemas/post.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { postVersionsKey } from './post-versions-key.ts';

export async function getPostVersions(postId: string): Promise<PostVersion[]> {
  const res = await apiRequest('GET', `/api/posts/${postId}/versions`);
  return (await res.json()) as PostVersion[];
}

export function usePostVersions(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: postVersionsKey(postId),
    queryFn: () => getPostVersions(postId),
    enabled,
    // A 403 (free owner) or 404 is an answer, not a hiccup.
    retry: false,
  });
}
