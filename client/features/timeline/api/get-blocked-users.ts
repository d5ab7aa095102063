// GET /api/timelines/{id}/blocked-users?cursor= (owner only; spec 001 §7): 50 a page, most recent first, the
// next page named by X-Next-Cursor (issue 23; client/lib/list-pages.ts).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { BlockedUser } from '../../../../common/schemas/timeline.ts';
import { listPagesOptions } from '../../../lib/list-pages.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

/** Fetched only while the owner looks at the Blocked list; `data` is every page loaded so far. */
export function useBlockedUsers(id: string, enabled: boolean) {
  return useInfiniteQuery({
    ...listPagesOptions(
      timelineKeys.blocked(id),
      `/api/timelines/${id}/blocked-users`,
      (b: BlockedUser) => b.userId,
    ),
    enabled,
  });
}
