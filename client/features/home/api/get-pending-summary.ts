// GET /api/pending-requests-summary: only when signed in, never retried (spec 000 §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingSummaryItem } from '../../../../common/schemas/timeline.ts';
import { useAuth } from '../../../lib/auth.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export async function getPendingSummary(): Promise<PendingSummaryItem[]> {
  const res = await apiRequest('GET', timelineKeys.pendingSummary[0]);
  return (await res.json()) as PendingSummaryItem[];
}

export const pendingSummaryQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: timelineKeys.pendingSummary,
    queryFn: getPendingSummary,
    enabled,
    retry: false,
  });

/** Pending counts by threadline id. */
export function usePendingSummary() {
  const { isAuthenticated } = useAuth();
  const query = useQuery(pendingSummaryQueryOptions(isAuthenticated));
  const byId = new Map((query.data ?? []).map((s) => [s.timelineId, s.pendingCount] as const));
  return { ...query, byId };
}
