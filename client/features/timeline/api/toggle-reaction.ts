// POST /api/reactions {postId, emoji} → the post's new reactions (spec 001 §7). Optimistic: the card
// changes at once, only that post is patched in the cache, and a failure toggles it back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactionResponse } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { failureToast } from '../lib/error-toast.ts';
import { toggleReaction, withReactions } from '../lib/feed-cache.ts';
import { patchPost } from './post-cache.ts';

export async function postReaction(postId: string, emoji: string): Promise<ReactionResponse> {
  const res = await apiRequest('POST', '/api/reactions', { postId, emoji });
  return (await res.json()) as ReactionResponse;
}

export function useToggleReaction(timelineId: string, postId: string) {
  const queryClient = useQueryClient();
  const mutationKey = ['reaction', postId];
  return useMutation({
    mutationKey,
    mutationFn: (emoji: string) => postReaction(postId, emoji),
    onMutate: (emoji) => patchPost(queryClient, timelineId, postId, (post) => toggleReaction(post, emoji)),
    onSuccess: (answer) => {
      // The server's counts, unless a later toggle of this post is still on its way (it will answer last).
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        patchPost(queryClient, timelineId, postId, (post) => withReactions(post, answer));
      }
    },
    onError: (error, emoji) => {
      // Toggling again undoes exactly this toggle, whatever else changed meanwhile.
      patchPost(queryClient, timelineId, postId, (post) => toggleReaction(post, emoji));
      notifyFailure(error, failureToast(error, 'Failed to update reaction', { preferServer: true }));
    },
  });
}
