// PATCH /api/timelines/{id}/permissions → TimelineDetail (owner; spec 001 §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionsBody, TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { setCachedTimeline } from './timeline-cache.ts';

export async function updatePermissions(id: string, body: PermissionsBody): Promise<TimelineDetail> {
  const res = await apiRequest('PATCH', `/api/timelines/${id}/permissions`, body);
  return (await res.json()) as TimelineDetail;
}

export function useUpdatePermissions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PermissionsBody) => updatePermissions(id, body),
    onSuccess: (timeline) => {
      setCachedTimeline(queryClient, id, timeline);
      toast({ title: 'Success', description: 'Permissions updated.' });
    },
    onError: (error) => notifyFailure(error, failureToast(error, 'Failed to update permissions')),
  });
}
