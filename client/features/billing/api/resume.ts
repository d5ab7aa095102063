// POST /api/subscription/resume (issue 25): a cancelled plan renews again, as long as its period lasts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

export async function resumeSubscription(): Promise<void> {
  await apiCall('POST', '/api/subscription/resume');
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: async () => {
      // Waits for the fresh status, so the badge and buttons change together before the toast's moment passes.
      await queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus });
      toast({ title: 'Subscription Resumed', description: 'Your plan will renew as before.' });
    },
    onError: async (error) => {
      // The server says why (already ended, not cancelling): a 409 means the screen was stale.
      notifyFailure(error, {
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to resume subscription',
      });
      if (!isUnauthorizedError(error))
        await queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus });
    },
  });
}
