// PATCH /api/timelines/{id}/appearance → TimelineDetail (owner, Pro and Community; DECISIONS §9). The page
// takes the answer at once; the dashboard cards read theirs again when next shown.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppearanceBody } from '../../../../common/schemas/appearance.ts';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { setCachedTimeline } from './timeline-cache.ts';

export async function updateAppearance(id: string, body: AppearanceBody): Promise<TimelineDetail> {
  const res = await apiRequest('PATCH', `/api/timelines/${id}/appearance`, body);
  return (await res.json()) as TimelineDetail;
}

export function useUpdateAppearance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppearanceBody) => updateAppearance(id, body),
    onSuccess: (timeline) => {
      setCachedTimeline(queryClient, id, timeline);
      void queryClient.invalidateQueries({ queryKey: timelineKeys.lists });
    },
  });
}
