// DELETE /api/posts/{id} → {id, deletedAt} (spec 001 §7): the post becomes a tombstone in place.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletePostResponse } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { toTombstone } from '../lib/feed-cache.ts';
import { patchPost, refetchFeeds, setCachedPinned } from './post-cache.ts';

export async function deletePost(postId: string): Promise<DeletePostResponse> {
  const res = await apiRequest('DELETE', `/api/posts/${postId}`);
  return (await res.json()) as DeletePostResponse;
}

export function useDeletePost(timelineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId }: { postId: string; pinned: boolean }) => deletePost(postId),
    onSuccess: ({ id, deletedAt }, { pinned }) => {
      patchPost(queryClient, timelineId, id, (post) => toTombstone(post, deletedAt));
      if (pinned) {
        // Deleting the pinned post unpins it: its tombstone goes back to its own place.
        setCachedPinned(queryClient, timelineId, null);
        void refetchFeeds(queryClient, timelineId);
      }
      toast({ title: 'Post deleted' });
    },
    onError: (error) => notifyFailure(error, failureToast(error, 'Failed to delete post')),
  });
}
