// POST /api/subscription/cancel (spec 000 §7-8): the paid plan ends at the current period's end.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthorizedError } from '../../../lib/authUtils.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

export async function cancelSubscription(): Promise<void> {
  await apiCall('POST', '/api/subscription/cancel');
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      toast({
        title: 'Subscription Canceled',
        description: 'Your subscription will end at the current period.',
      });
      await queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus });
    },
    onError: async (error) => {
      notifyFailure(error, { title: 'Error', description: 'Failed to cancel subscription' });
      // A 409 means the screen was stale (cancelled elsewhere, or the period ended): show what is true now.
      if (!isUnauthorizedError(error))
        await queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus });
    },
  });
}
