// GET /api/posts/{id}/reactions → who reacted, per emoji (issue 25 item 9). Loaded when a reaction's list
// first opens; the key carries the post's counts, so a reaction given or taken back (here or live from
// someone else) makes the next opening load the list again.
import { useQuery } from '@tanstack/react-query';
import type { PostReactors } from '../../../../common/schemas/reactors.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

export async function getPostReactors(postId: string): Promise<PostReactors> {
  const res = await apiRequest('GET', `/api/posts/${postId}/reactions`);
  return (await res.json()) as PostReactors;
}

/** The counts as part of a key: the same for the same counts, whatever the order of the map. */
export const countsKey = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([emoji, n]) => `${emoji}${n}`)
    .join(',');

export function usePostReactors(postId: string, counts: string) {
  return useQuery({
    queryKey: ['/api/posts', postId, 'reactions', counts] as const,
    queryFn: () => getPostReactors(postId),
    staleTime: 30_000,
    // New counts while the list is open: the names shown stay until the new ones arrive (no "Loading…").
    placeholderData: (previous) => previous,
    retry: false,
  });
}
