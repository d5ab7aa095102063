// GET /api/user/timelines/unread-counts, refetched every 30 s (spec 000 §7, §9).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { UI_TIMING } from '../../../../common/limits.ts';
import type { UnreadCount } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export async function getUnreadCounts(): Promise<UnreadCount[]> {
  const res = await apiRequest('GET', timelineKeys.unreadCounts[0]);
  return (await res.json()) as UnreadCount[];
}

export const unreadCountsQueryOptions = () =>
  queryOptions({
    queryKey: timelineKeys.unreadCounts,
    queryFn: getUnreadCounts,
    refetchInterval: UI_TIMING.unreadRefetchMs,
  });

/** Counts by threadline id. */
export function useUnreadCounts() {
  const query = useQuery(unreadCountsQueryOptions());
  const byId = new Map((query.data ?? []).map((c) => [c.timelineId, c] as const));
  return { ...query, byId };
}
