// Query keys shared by every feature that reads threadlines, so one mutation can refresh the others.
import type { TimelineState } from '../../common/roles.ts';
import type { JoinRequestStatus } from '../../common/schemas/timeline.ts';

export const timelineKeys = {
  /** Prefix of every list: invalidate it after create, join, archive, restore, leave, delete. */
  lists: ['/api/user/timelines'] as const,
  /** GET /api/user/timelines?filter=...; `undefined` is the switcher's unfiltered list. */
  list: (filter?: TimelineState) => ['/api/user/timelines', filter ?? 'all'] as const,
  unreadCounts: ['/api/user/timelines/unread-counts'] as const,
  pendingSummary: ['/api/pending-requests-summary'] as const,
  /** GET /api/timelines/{id} (the default query function joins the key). */
  detail: (id: string) => ['/api/timelines', id] as const,
  blocked: (id: string) => ['/api/timelines', id, 'blocked-users'] as const,
  joinRequests: (id: string, status?: JoinRequestStatus) =>
    ['/api/timelines', id, 'join-requests', status ?? 'all'] as const,
  myJoinRequests: ['/api/my-join-requests'] as const,
  subscriptionStatus: ['/api/subscription/status'] as const,
};

export const timelineListUrl = (filter?: TimelineState) =>
  filter ? `/api/user/timelines?filter=${filter}` : '/api/user/timelines';
export const joinRequestsUrl = (id: string, status?: JoinRequestStatus) =>
  `/api/timelines/${id}/join-requests${status ? `?status=${status}` : ''}`;
