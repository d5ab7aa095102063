// PATCH /api/posts/{id} {content, mentions?} → the post with its new text, mentions and editedAt (DECISIONS §9).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditPostBody, Post } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { withEditedText } from '../lib/edits-cache.ts';
import { failureToast } from '../lib/error-toast.ts';
import { patchPost, refreshIfRefused } from './post-cache.ts';
import { postVersionsKey } from './post-versions-key.ts';

export async function editPost(postId: string, body: EditPostBody): Promise<Post> {
  const res = await apiRequest('PATCH', `/api/posts/${postId}`, body);
  return (await res.json()) as Post;
}

export function useEditPost(timelineId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditPostBody) => editPost(postId, body),
    onSuccess: (post) => {
      if (post.editedAt) {
        const { content, editedAt, mentions } = post;
        patchPost(queryClient, timelineId, postId, (p) => withEditedText(p, content, editedAt, mentions));
      }
      void queryClient.invalidateQueries({ queryKey: postVersionsKey(postId) });
    },
    onError: (error) => {
      notifyFailure(error, failureToast(error, 'Failed to edit post', { preferServer: true }));
      refreshIfRefused(queryClient, timelineId, error);
    },
  });
}
