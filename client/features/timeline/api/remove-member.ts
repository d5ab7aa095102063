// DELETE /api/timelines/{id}/members/{userId} {reason?}: remove and block (owner; spec 001 §4, §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { optionalTextBody } from '../lib/optional-text.ts';
import { joinRequestsPrefix } from './join-requests-cache.ts';
import { invalidateTimelineDetail } from './timeline-cache.ts';

export interface RemoveMemberInput {
  userId: string;
  name: string;
  reason?: string;
}

export async function removeMember(id: string, userId: string, reason?: string): Promise<void> {
  await apiCall('DELETE', `/api/timelines/${id}/members/${userId}`, optionalTextBody('reason', reason));
}

export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: RemoveMemberInput) => removeMember(id, userId, reason),
    onSuccess: (_data, { name }) => {
      toast({ title: 'Member Blocked', description: `${name} has been removed and blocked.` });
      void invalidateTimelineDetail(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: timelineKeys.blocked(id) });
      // Their pending requests are cancelled and the member count changes.
      void queryClient.invalidateQueries({ queryKey: joinRequestsPrefix(id) });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.pendingSummary });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.lists });
    },
    onError: (error) => notifyFailure(error, failureToast(error, 'Failed to block member')),
  });
}
