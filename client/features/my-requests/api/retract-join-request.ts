// DELETE /api/join-requests/{id}: retract my pending request (spec 000 §2, §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

export async function retractJoinRequest(id: string): Promise<void> {
  await apiCall('DELETE', `/api/join-requests/${id}`);
}

export function useRetractJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retractJoinRequest,
    onSuccess: async () => {
      toast({
        title: 'Request Retracted',
        description: 'Your join request has been successfully retracted.',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.pendingSummary }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.myJoinRequests }),
      ]);
    },
    onError: (error) => {
      notifyFailure(error, {
        title: 'Error',
        description: 'Failed to retract join request. Please try again.',
      });
    },
  });
}
