// What an approval or rejection changes: every status list of requests, the members (on approval),
// the owner's pending badges and the dashboard's member counts (spec 001 §4).
import type { QueryClient } from '@tanstack/react-query';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { invalidateTimelineDetail } from './timeline-cache.ts';

/** ['/api/timelines', id, 'join-requests']: the prefix of every status filter's key. */
export const joinRequestsPrefix = (id: string) => timelineKeys.joinRequests(id).slice(0, 3);

export async function invalidateAfterResponse(queryClient: QueryClient, id: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: joinRequestsPrefix(id) }),
    invalidateTimelineDetail(queryClient, id),
    queryClient.invalidateQueries({ queryKey: timelineKeys.pendingSummary }),
    queryClient.invalidateQueries({ queryKey: timelineKeys.lists }),
  ]);
}
