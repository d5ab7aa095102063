// GET /api/timelines/{id} → {timeline, member, members} (spec 001 §7).
import { useQuery } from '@tanstack/react-query';
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export async function getTimeline(id: string): Promise<TimelinePageData> {
  const res = await apiRequest('GET', `/api/timelines/${id}`);
  return (await res.json()) as TimelinePageData;
}

export function useTimeline(id: string) {
  return useQuery({ queryKey: timelineKeys.detail(id), queryFn: () => getTimeline(id) });
}
