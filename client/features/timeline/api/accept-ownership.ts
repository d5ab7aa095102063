// POST /api/timelines/{id}/transfer/accept → {message} (the member offered; issue 26, DECISIONS §10): they
// become the owner and the old owner a moderator. 403 {planUpgradeRequired, limit} when their own plan cannot
// hold the threadline (threadlines owned, members): the limit toast with its Upgrade Plan button, as creating
// one past the limit shows (DECISIONS §4). 404 when the offer has gone.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { acceptLimitCopy } from '../lib/ownership-copy.ts';
import { invalidateTimelineDetail } from './timeline-cache.ts';

export async function acceptOwnership(id: string): Promise<void> {
  await apiCall('POST', `/api/timelines/${id}/transfer/accept`);
}

/** `memberCount`: the threadline's members, for the member-limit toast's plan. */
export function useAcceptOwnership(id: string, memberCount?: number) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => acceptOwnership(id),
    // Pending until the page data is read again, so the offer gives way to the owner's tools in one step.
    onSuccess: async () => {
      toast({ title: 'You are now the owner', description: 'The previous owner stays on as a moderator.' });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.lists });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus });
      await invalidateTimelineDetail(queryClient, id);
    },
    onError: (error) => {
      const limit = acceptLimitCopy(error, memberCount);
      if (limit) {
        toast({
          title: limit.title,
          description: limit.description,
          variant: 'destructive',
          action: limit.canUpgrade
            ? {
                label: 'Upgrade Plan',
                altText: 'Upgrade Plan on the Billing page',
                onClick: () => navigate('/billing'),
              }
            : undefined,
        });
        return;
      }
      notifyFailure(error, failureToast(error, 'Failed to accept ownership', { preferServer: true }));
      // The offer may have been withdrawn meanwhile: the page shows what is there now.
      void invalidateTimelineDetail(queryClient, id);
    },
  });
}
