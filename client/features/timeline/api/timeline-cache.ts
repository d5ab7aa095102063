// Writes a mutation's answer into the cached page data, so the page updates without a refetch.
import type { QueryClient } from '@tanstack/react-query';
import type { Member, TimelineDetail, TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export function setCachedTimeline(queryClient: QueryClient, id: string, timeline: TimelineDetail) {
  queryClient.setQueryData<TimelinePageData>(timelineKeys.detail(id), (old) =>
    old ? { ...old, timeline: { ...old.timeline, ...timeline, role: old.timeline.role } } : old,
  );
}

export function setCachedMember(queryClient: QueryClient, id: string, member: Member) {
  queryClient.setQueryData<TimelinePageData>(timelineKeys.detail(id), (old) =>
    old
      ? { ...old, members: old.members.map((m) => (m.userId === member.userId ? { ...m, ...member } : m)) }
      : old,
  );
}

/** The page itself, without the blocked list and join requests that share its key prefix. */
export const invalidateTimelineDetail = (queryClient: QueryClient, id: string) =>
  queryClient.invalidateQueries({ queryKey: timelineKeys.detail(id), exact: true });

/** Delete and leave: while one runs, this tab goes home by itself (live events of it are not news). */
export const exitKey = (id: string) => ['exit-timeline', id] as const;
export const isExiting = (queryClient: QueryClient, id: string) =>
  queryClient.isMutating({ mutationKey: exitKey(id) }) > 0;
