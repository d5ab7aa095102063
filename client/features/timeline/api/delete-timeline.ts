// DELETE /api/timelines/{id} (owner; spec 001 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { exitKey } from './timeline-cache.ts';

export async function deleteTimeline(id: string): Promise<void> {
  await apiCall('DELETE', `/api/timelines/${id}`);
}

export function useDeleteTimeline(id: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: exitKey(id),
    mutationFn: () => deleteTimeline(id),
    onSuccess: () => {
      toast({ title: 'Threadline Deleted', description: `"${name}" has been deleted.` });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.lists });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.unreadCounts });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.pendingSummary });
    },
    onError: (error) => notifyFailure(error, failureToast(error, 'Failed to delete threadline')),
  });
}
