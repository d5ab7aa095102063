// DELETE /api/timelines/{id}/transfer → {message} (issue 26, DECISIONS §10): the owner withdraws the offer,
// or the member offered declines it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure, type ToastContent } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { setCachedPendingOwner } from './ownership-cache.ts';
import { invalidateTimelineDetail } from './timeline-cache.ts';

/** Who ends the offer: the owner (withdraw) or the member offered (decline). */
export type OfferEnd = 'withdraw' | 'decline';

const COPY: Record<OfferEnd, { success: (name: string) => ToastContent; failure: string }> = {
  withdraw: {
    success: (name) => ({
      title: 'Offer withdrawn',
      description: `${name} can no longer take over this threadline.`,
    }),
    failure: 'Failed to withdraw the offer',
  },
  decline: {
    success: (name) => ({ title: 'Offer declined', description: `${name} stays the owner.` }),
    failure: 'Failed to decline the offer',
  },
};

export async function withdrawOwnership(id: string): Promise<void> {
  await apiCall('DELETE', `/api/timelines/${id}/transfer`);
}

/** `name`: the member offered (withdraw) or the owner (decline), for the toast. */
export function useWithdrawOwnership(id: string, end: OfferEnd) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_input: { name: string }) => withdrawOwnership(id),
    onSuccess: (_data, { name }) => {
      setCachedPendingOwner(queryClient, id, null);
      toast(COPY[end].success(name));
    },
    onError: (error) => {
      notifyFailure(error, failureToast(error, COPY[end].failure, { preferServer: true }));
      // Most likely the offer had already gone (accepted, withdrawn or declined elsewhere).
      void invalidateTimelineDetail(queryClient, id);
    },
  });
}
