// GET /api/timelines/{id}/join-requests?status= (owner and moderators; spec 001 §7).
import { useQuery } from '@tanstack/react-query';
import type { JoinRequest, JoinRequestStatus } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { joinRequestsUrl, timelineKeys } from '../../../lib/timeline-keys.ts';

export async function getJoinRequests(id: string, status?: JoinRequestStatus): Promise<JoinRequest[]> {
  const res = await apiRequest('GET', joinRequestsUrl(id, status));
  return (await res.json()) as JoinRequest[];
}

/** `status` undefined lists every request. */
export function useJoinRequests(id: string, status: JoinRequestStatus | undefined, enabled: boolean) {
  return useQuery({
    queryKey: timelineKeys.joinRequests(id, status),
    queryFn: () => getJoinRequests(id, status),
    enabled,
  });
}
