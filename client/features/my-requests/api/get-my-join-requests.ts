// GET /api/my-join-requests (spec 000 §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyJoinRequest } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export async function getMyJoinRequests(): Promise<MyJoinRequest[]> {
  const res = await apiRequest('GET', timelineKeys.myJoinRequests[0]);
  return (await res.json()) as MyJoinRequest[];
}

export const myJoinRequestsQueryOptions = () =>
  queryOptions({ queryKey: timelineKeys.myJoinRequests, queryFn: getMyJoinRequests });

export const useMyJoinRequests = () => useQuery(myJoinRequestsQueryOptions());
