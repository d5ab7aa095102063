// Query keys shared by every feature that reads threadlines, so one mutation can refresh the others.
import type { TimelineState } from '../../common/roles.ts';
import type { FeedFilter } from '../../common/schemas/post.ts';
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
  /** Prefix of every feed of a threadline (each filter is its own infinite query). */
  allPosts: (id: string) => ['/api/timelines', id, 'posts'] as const,
  /** GET /api/timelines/{id}/posts?type=...: an infinite query, pages fetched by `feedUrl`. */
  posts: (id: string, filter: FeedFilter) => ['/api/timelines', id, 'posts', filter] as const,
  /** Prefix of every search of a threadline. */
  allSearches: (id: string) => ['/api/timelines', id, 'search'] as const,
  /** GET /api/timelines/{id}/search?q=... */
  search: (id: string, q: string) => ['/api/timelines', id, 'search', q] as const,
  /** GET /api/posts/{postId}/comments: an infinite query, oldest first. */
  comments: (postId: string) => ['/api/posts', postId, 'comments'] as const,
  subscriptionStatus: ['/api/subscription/status'] as const,
};

export const timelineListUrl = (filter?: TimelineState) =>
  filter ? `/api/user/timelines?filter=${filter}` : '/api/user/timelines';
export const joinRequestsUrl = (id: string, status?: JoinRequestStatus) =>
  `/api/timelines/${id}/join-requests${status ? `?status=${status}` : ''}`;
