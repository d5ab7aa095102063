// POST /api/timelines/{id}/unblock/{userId} (owner; spec 001 §4, §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';

export async function unblockUser(id: string, userId: string): Promise<void> {
  await apiCall('POST', `/api/timelines/${id}/unblock/${userId}`);
}

export function useUnblockUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; name: string }) => unblockUser(id, userId),
    onSuccess: (_data, { name }) => {
      toast({ title: 'User Unblocked', description: `${name} can join again with the join code.` });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.blocked(id) });
    },
    onError: (error) => notifyFailure(error, failureToast(error, 'Failed to unblock user')),
  });
}
