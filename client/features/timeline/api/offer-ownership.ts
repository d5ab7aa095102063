// POST /api/timelines/{id}/transfer {userId} → {message} (owner; issue 26, DECISIONS §10): offers the
// threadline to a member, replacing an earlier offer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { setCachedPendingOwner } from './ownership-cache.ts';
import { invalidateTimelineDetail } from './timeline-cache.ts';

export interface OfferOwnershipInput {
  userId: string;
  name: string;
}

export async function offerOwnership(id: string, userId: string): Promise<void> {
  await apiCall('POST', `/api/timelines/${id}/transfer`, { userId });
}

export function useOfferOwnership(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: OfferOwnershipInput) => offerOwnership(id, userId),
    onSuccess: (_data, { userId, name }) => {
      setCachedPendingOwner(queryClient, id, userId);
      toast({
        title: 'Ownership offered',
        description: `${name} becomes the owner once they accept on this threadline's page.`,
      });
    },
    onError: (error) => {
      notifyFailure(error, failureToast(error, 'Failed to offer ownership', { preferServer: true }));
      // The member may have left, or the offer changed elsewhere: show what is there now.
      void invalidateTimelineDetail(queryClient, id);
    },
  });
}
