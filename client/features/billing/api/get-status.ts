// GET /api/subscription/status (spec 000 §3, §7): plan, limits, usage and the live subscription's status.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export async function getSubscriptionStatus(): Promise<SubscriptionStatus> {
  const res = await apiRequest('GET', timelineKeys.subscriptionStatus[0]);
  return (await res.json()) as SubscriptionStatus;
}

export const subscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: timelineKeys.subscriptionStatus, queryFn: getSubscriptionStatus });

export const useSubscriptionStatus = () => useQuery(subscriptionStatusQueryOptions());
