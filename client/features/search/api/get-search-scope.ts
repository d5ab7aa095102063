// The threadlines to search in (GET /api/user/timelines, shared with the dashboard's cache) and the members
// of the chosen ones for the author filter (GET /api/timelines/{id}, shared with the threadline page's).
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TimelineListItem, TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys, timelineListUrl } from '../../../lib/timeline-keys.ts';

export function useSearchableTimelines() {
  return useQuery({
    queryKey: timelineKeys.list(),
    queryFn: async () => (await (await apiRequest('GET', timelineListUrl())).json()) as TimelineListItem[],
  });
}

/** Members of the given threadlines (asked only for a few: the author list stays short). */
export function useMembersOf(timelineIds: string[]) {
  return useQueries({
    queries: timelineIds.map((id) => ({
      queryKey: timelineKeys.detail(id),
      queryFn: async () =>
        (await (await apiRequest('GET', `/api/timelines/${id}`)).json()) as TimelinePageData,
    })),
  });
}
