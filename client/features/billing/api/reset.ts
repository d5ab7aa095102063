// POST /api/subscription/reset (spec 000 §4, §7-8): abandon an incomplete upgrade and return to free.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

export async function resetSubscription(): Promise<void> {
  await apiCall('POST', '/api/subscription/reset');
}

export function useResetSubscription() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: timelineKeys.subscriptionStatus }),
      // The dashboard's plan line reads the user's plan.
      queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    ]);
  return useMutation({
    mutationFn: resetSubscription,
    onSuccess: async () => {
      toast({ title: 'Account Reset', description: 'Your account has been reset to the Free plan.' });
      await refresh();
    },
    onError: async (error) => {
      notifyFailure(error, {
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to reset account',
      });
      if (!isUnauthorizedError(error)) await refresh();
    },
  });
}
