// DELETE /api/timelines/{id}/members/leave (non-owners; spec 001 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { exitKey } from './timeline-cache.ts';

export async function leaveTimeline(id: string): Promise<void> {
  await apiCall('DELETE', `/api/timelines/${id}/members/leave`);
}

/** On success the caller navigates home; the page's cached data goes once it has unmounted. */
export function useLeaveTimeline(id: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: exitKey(id),
    mutationFn: () => leaveTimeline(id),
    onSuccess: () => {
      toast({ title: 'Left Threadline', description: `You have left "${name}".` });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.lists });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.unreadCounts });
    },
    onError: (error) =>
      notifyFailure(error, failureToast(error, 'Failed to leave threadline', { preferServer: true })),
  });
}
