// POST /api/reactions {postId, emoji} → the post's new reactions (spec 001 §7). Optimistic: the card
// changes at once, only that post is patched in the cache, and a failure toggles it back.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactionResponse } from '../../../../common/schemas/post.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { failureToast } from '../lib/error-toast.ts';
import { toggleReaction, withReactions } from '../lib/feed-cache.ts';
import { patchPost, refetchFeeds } from './post-cache.ts';

export async function postReaction(postId: string, emoji: string): Promise<ReactionResponse> {
  const res = await apiRequest('POST', '/api/reactions', { postId, emoji });
  return (await res.json()) as ReactionResponse;
}

const reactionKey = (postId: string) => ['reaction', postId];

/** Posts whose live counts arrived while this tab's own toggle of them was on its way. */
const heldBack = new WeakMap<QueryClient, Set<string>>();

/**
 * Whether live counts for the post must wait: while this tab's toggle of it is on its way, the event and
 * the toggle's answer cannot be ordered (either may be newer), so the post's counts reload once it settles.
 */
export function holdLiveReaction(queryClient: QueryClient, postId: string): boolean {
  if (queryClient.isMutating({ mutationKey: reactionKey(postId) }) === 0) return false;
  const held = heldBack.get(queryClient) ?? new Set<string>();
  heldBack.set(queryClient, held.add(postId));
  return true;
}

export function useToggleReaction(timelineId: string, postId: string) {
  const queryClient = useQueryClient();
  const mutationKey = reactionKey(postId);
  /** Whether this is the last toggle of the post still on its way (it answers last). */
  const isLast = () => queryClient.isMutating({ mutationKey }) <= 1;
  return useMutation({
    mutationKey,
    mutationFn: (emoji: string) => postReaction(postId, emoji),
    onMutate: (emoji) => patchPost(queryClient, timelineId, postId, (post) => toggleReaction(post, emoji)),
    onSuccess: (answer) => {
      // The server's counts, unless a later toggle of this post is still on its way.
      if (isLast()) patchPost(queryClient, timelineId, postId, (post) => withReactions(post, answer));
    },
    onError: (error, emoji) => {
      // Toggling again undoes exactly this toggle, whatever else changed meanwhile.
      patchPost(queryClient, timelineId, postId, (post) => toggleReaction(post, emoji));
      notifyFailure(error, failureToast(error, 'Failed to update reaction', { preferServer: true }));
    },
    onSettled: () => {
      if (isLast() && heldBack.get(queryClient)?.delete(postId)) void refetchFeeds(queryClient, timelineId);
    },
  });
}
