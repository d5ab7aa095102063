// POST /api/timelines/{id}/pin/{postId} and DELETE /api/timelines/{id}/pin (owner; spec 001 §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PinResponse } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { refetchFeeds, setCachedPinned } from './post-cache.ts';

export async function setPin(timelineId: string, postId: string | null): Promise<PinResponse> {
  const res = postId
    ? await apiRequest('POST', `/api/timelines/${timelineId}/pin/${postId}`)
    : await apiRequest('DELETE', `/api/timelines/${timelineId}/pin`);
  return (await res.json()) as PinResponse;
}

/** `postId` pins that post (replacing any other); null unpins. */
export function usePinPost(timelineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string | null) => setPin(timelineId, postId),
    onSuccess: ({ pinnedPostId }) => {
      setCachedPinned(queryClient, timelineId, pinnedPostId);
      // The pinned post moves to the top and the one it replaces back to its place: reload the pages.
      void refetchFeeds(queryClient, timelineId);
      toast({ title: 'Success', description: pinnedPostId ? 'Post pinned' : 'Post unpinned' });
    },
    onError: (error, postId) =>
      notifyFailure(error, failureToast(error, postId ? 'Failed to pin post' : 'Failed to unpin post')),
  });
}
