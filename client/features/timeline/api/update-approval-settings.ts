// PATCH /api/timelines/{id}/approval-settings {joinApprovalRequired} → TimelineDetail (spec 001 §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { setCachedTimeline } from './timeline-cache.ts';

export async function updateApprovalSettings(id: string, joinApprovalRequired: boolean) {
  const res = await apiRequest('PATCH', `/api/timelines/${id}/approval-settings`, { joinApprovalRequired });
  return (await res.json()) as TimelineDetail;
}

export function useUpdateApprovalSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (joinApprovalRequired: boolean) => updateApprovalSettings(id, joinApprovalRequired),
    onSuccess: (timeline) => {
      setCachedTimeline(queryClient, id, timeline);
      toast({
        title: 'Success',
        description: timeline.joinApprovalRequired
          ? 'New members now need your approval to join.'
          : 'Anyone with the join code can now join directly.',
      });
    },
    onError: (error) => notifyFailure(error, failureToast(error, 'Failed to update approval settings')),
  });
}
