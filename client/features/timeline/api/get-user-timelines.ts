// GET /api/user/timelines (unfiltered) for the 'Switch Threadline' dropdown (spec 001 §7).
import { useQuery } from '@tanstack/react-query';
import type { TimelineListItem } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys, timelineListUrl } from '../../../lib/timeline-keys.ts';

export async function getUserTimelines(): Promise<TimelineListItem[]> {
  const res = await apiRequest('GET', timelineListUrl());
  return (await res.json()) as TimelineListItem[];
}

export function useUserTimelines() {
  return useQuery({ queryKey: timelineKeys.list(), queryFn: getUserTimelines });
}
