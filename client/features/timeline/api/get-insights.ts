// GET /api/timelines/{id}/insights?days=7|30|90 (owners and moderators; DECISIONS §9).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightsRange } from '../../../../common/analytics.ts';
import type { Insights } from '../../../../common/schemas/insights.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

export const insightsKey = (id: string, days: InsightsRange) =>
  ['/api/timelines', id, 'insights', days] as const;

export async function getInsights(id: string, days: InsightsRange): Promise<Insights> {
  const res = await apiRequest('GET', `/api/timelines/${id}/insights?days=${days}`);
  return (await res.json()) as Insights;
}

/** Fetched while the dialog is open; a minute old, it is read again (activity keeps coming). */
export function useInsights(id: string, days: InsightsRange, enabled: boolean) {
  return useQuery({
    queryKey: insightsKey(id, days),
    queryFn: () => getInsights(id, days),
    enabled,
    staleTime: 60_000,
    // Switching range keeps the last numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
