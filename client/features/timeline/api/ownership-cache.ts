// The ownership offer (issue 26) as the cached page data holds it: `timeline.pendingOwnerId`, written from a
// call's answer so the owner's member row and the offered member's banner change without waiting for a reload.
import type { QueryClient } from '@tanstack/react-query';
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export function setCachedPendingOwner(queryClient: QueryClient, id: string, userId: string | null) {
  queryClient.setQueryData<TimelinePageData>(timelineKeys.detail(id), (old) =>
    old ? { ...old, timeline: { ...old.timeline, pendingOwnerId: userId } } : old,
  );
}
