// GET /api/timelines/{id}/join-requests?status=&cursor= (owner and moderators; spec 001 §7): 50 a page,
// newest first, the next page named by X-Next-Cursor (issue 23; client/lib/list-pages.ts).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { JoinRequest, JoinRequestStatus } from '../../../../common/schemas/timeline.ts';
import { listPagesOptions } from '../../../lib/list-pages.ts';
import { joinRequestsUrl, timelineKeys } from '../../../lib/timeline-keys.ts';

/** `status` undefined lists every request; `data` is every page loaded so far, as one list. */
export function useJoinRequests(id: string, status: JoinRequestStatus | undefined, enabled: boolean) {
  return useInfiniteQuery({
    ...listPagesOptions(
      timelineKeys.joinRequests(id, status),
      joinRequestsUrl(id, status),
      (r: JoinRequest) => r.id,
    ),
    enabled,
  });
}
