// GET /api/user/timelines?filter=... (spec 000 §7). The key is the shared one so other features refresh it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimelineState } from '../../../../common/roles.ts';
import type { TimelineListItem } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys, timelineListUrl } from '../../../lib/timeline-keys.ts';

export async function getTimelines(filter: TimelineState): Promise<TimelineListItem[]> {
  const res = await apiRequest('GET', timelineListUrl(filter));
  return (await res.json()) as TimelineListItem[];
}

export const timelinesQueryOptions = (filter: TimelineState) =>
  queryOptions({
    queryKey: timelineKeys.list(filter),
    queryFn: () => getTimelines(filter),
  });

export const useTimelines = (filter: TimelineState) => useQuery(timelinesQueryOptions(filter));
