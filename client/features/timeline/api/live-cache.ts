// What each live event of the open threadline does to the cache (issue 11): patch what the event carries,
// reload what it only names. Returns what the page must show beyond that (a toast, or leaving the page).
import type { QueryClient } from '@tanstack/react-query';
import type { EventMessage } from '../../../../common/realtime.ts';
import { COMMENT_TOAST_MS } from '../../../../common/realtime-constants.ts';
import type { FeedFilter, Post } from '../../../../common/schemas/post.ts';
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import type { Toast } from '../../../lib/use-toast.ts';
import { replaceComment, withEditedComment, withEditedText } from '../lib/edits-cache.ts';
import { type CommentsData, type FeedData, prependPost, toTombstone } from '../lib/feed-cache.ts';
import { feedHas, liveFeedTakes, withLiveComment, withReactionCounts } from '../lib/live-feed.ts';
import { joinRequestsPrefix } from './join-requests-cache.ts';
import { patchPost, refetchFeeds, setCachedPinned } from './post-cache.ts';
import { postVersionsKey } from './post-versions-key.ts';
import { invalidateTimelineDetail, isExiting } from './timeline-cache.ts';
import { holdLiveReaction } from './toggle-reaction.ts';

export const PAGE_EVENTS = ['new_comment', 'new_member', 'timeline_updated', 'join_request'] as const;
export type PageEventType = (typeof PAGE_EVENTS)[number];
export type PageEvent = EventMessage<PageEventType>;

export type LiveEffect =
  | { kind: 'none' }
  | { kind: 'toast'; toast: Toast }
  /** Access ended: tell the user and go home. */
  | { kind: 'leave'; toast: Toast };

const NONE: LiveEffect = { kind: 'none' };

/** Spec 001 §7: "New Comment: {name} commented on a post" (or "Someone"), 3 s. */
export const commentToast = (name: string | undefined): Toast => ({
  title: 'New Comment',
  description: `${name?.trim() || 'Someone'} commented on a post`,
  duration: COMMENT_TOAST_MS,
});

/** The removed or blocked member's own notice (the spec has no copy for it). */
export function accessRemovedToast(reason: 'removed' | 'blocked' | undefined): Toast {
  return {
    title: reason === 'blocked' ? 'Blocked from Threadline' : 'Removed from Threadline',
    description:
      reason === 'blocked'
        ? 'You were blocked from this threadline and can no longer open it.'
        : 'You were removed from this threadline and can no longer open it.',
    variant: 'destructive',
  };
}

/**
 * A post someone made: at the top of every loaded feed whose filter lists it (searches are left alone).
 * True when it is new to the feed `shownFilter` (so the page may hold it back behind the pill).
 */
export function insertLivePost(
  queryClient: QueryClient,
  timelineId: string,
  post: Post,
  shownFilter: FeedFilter,
): boolean {
  let isNew = false;
  for (const [key, data] of queryClient.getQueriesData<FeedData>({
    queryKey: timelineKeys.allPosts(timelineId),
  })) {
    const filter = key[3] as FeedFilter;
    // A fetch in flight may have been answered before this post existed: its answer would lose the post
    // (a first load would never have had it). Cancelled and fetched again, after the post (invalidating
    // alone would join a first load in flight).
    if (queryClient.getQueryState(key)?.fetchStatus === 'fetching' && liveFeedTakes(filter, post)) {
      void queryClient
        .cancelQueries({ queryKey: key, exact: true })
        .then(() => queryClient.invalidateQueries({ queryKey: key, exact: true }));
    }
    if (!data || !liveFeedTakes(filter, post) || feedHas(data, post.id)) continue;
    if (filter === shownFilter) isNew = true;
    queryClient.setQueryData<FeedData>(key, (d) => prependPost(d, post));
  }
  return isNew;
}

/** Whether the post's comments are already cached with this comment in them (this tab wrote it). */
function hasComment(queryClient: QueryClient, postId: string, commentId: string) {
  const data = queryClient.getQueryData<CommentsData>(timelineKeys.comments(postId));
  return Boolean(data?.pages.some((page) => page.some((c) => c.id === commentId)));
}

/** The post as any cached feed of the threadline holds it. */
function findCachedPost(queryClient: QueryClient, timelineId: string, postId: string): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<FeedData>({
    queryKey: timelineKeys.allPosts(timelineId),
  })) {
    for (const page of data?.pages ?? []) {
      const post = page.find((p) => p.id === postId);
      if (post) return post;
    }
  }
  return undefined;
}

function applyComment(
  queryClient: QueryClient,
  timelineId: string,
  { data }: EventMessage<'new_comment'>,
  me: string | undefined,
): LiveEffect {
  const { postId, commentId, commentCount, comment } = data;
  const cached = findCachedPost(queryClient, timelineId, postId);
  const known = cached?.latestComment?.id === commentId || hasComment(queryClient, postId, commentId);
  patchPost(queryClient, timelineId, postId, (post) => withLiveComment(post, commentCount, comment));
  if (!known) {
    // The expanded list reloads in place (a collapsed one loads fresh when opened).
    void queryClient.invalidateQueries({ queryKey: timelineKeys.comments(postId) });
    // Without the comment itself, only a reload shows it as the latest under a collapsed post.
    if (!comment && cached) void refetchFeeds(queryClient, timelineId);
  }
  if (data.author?.id === me) return NONE;
  return { kind: 'toast', toast: commentToast(data.author?.name) };
}

function applyUpdate(
  queryClient: QueryClient,
  timelineId: string,
  message: EventMessage<'timeline_updated'>,
): LiveEffect {
  const { data } = message;
  switch (data.change) {
    case 'reactions': {
      const { postId, reactionCounts } = data;
      if (!postId || !reactionCounts) return NONE;
      // While this tab's own toggle of the post is on its way, its guess stays (the counts reload after).
      if (holdLiveReaction(queryClient, postId)) return NONE;
      patchPost(queryClient, timelineId, postId, (post) => withReactionCounts(post, reactionCounts));
      return NONE;
    }
    case 'post_edited': {
      // The feed and searches show the new text in place; an open History reloads.
      const { postId, content, editedAt, mentions } = data;
      if (!postId || content === undefined || !editedAt) return NONE;
      patchPost(queryClient, timelineId, postId, (post) => withEditedText(post, content, editedAt, mentions));
      void queryClient.invalidateQueries({ queryKey: postVersionsKey(postId) });
      return NONE;
    }
    case 'comment_edited': {
      const { comment } = data;
      if (!comment) return NONE;
      queryClient.setQueryData<CommentsData>(timelineKeys.comments(comment.postId), (d) =>
        replaceComment(d, comment),
      );
      patchPost(queryClient, timelineId, comment.postId, (post) => withEditedComment(post, comment));
      return NONE;
    }
    case 'post_deleted': {
      const { postId } = data;
      if (!postId) return NONE;
      // As the REST delete does: a tombstone in place; a pinned post's goes back to its own place.
      patchPost(queryClient, timelineId, postId, (post) =>
        post.deletedAt ? post : toTombstone(post, message.timestamp),
      );
      const page = queryClient.getQueryData<TimelinePageData>(timelineKeys.detail(timelineId));
      if (page?.timeline.pinnedPostId === postId) {
        setCachedPinned(queryClient, timelineId, null);
        void refetchFeeds(queryClient, timelineId);
      }
      return NONE;
    }
    case 'pin': {
      const page = queryClient.getQueryData<TimelinePageData>(timelineKeys.detail(timelineId));
      if (data.pinnedPostId === undefined) void invalidateTimelineDetail(queryClient, timelineId);
      else if (page?.timeline.pinnedPostId === data.pinnedPostId) return NONE;
      else setCachedPinned(queryClient, timelineId, data.pinnedPostId);
      // The pinned post moves to the top and the one it replaces back to its place.
      void refetchFeeds(queryClient, timelineId);
      return NONE;
    }
    case 'access_removed':
      return {
        kind: 'leave',
        toast: accessRemovedToast(data.reason),
      };
    case 'deleted':
      // The deleting tab goes home from its dialog; everyone else learns it from the server's 404.
      if (!isExiting(queryClient, timelineId)) void invalidateTimelineDetail(queryClient, timelineId);
      return NONE;
    case 'join_requests':
      // The owner's and moderators' channel: a request was settled elsewhere.
      void queryClient.invalidateQueries({ queryKey: joinRequestsPrefix(timelineId) });
      return NONE;
    case 'archived':
    case 'restored':
      void queryClient.invalidateQueries({ queryKey: timelineKeys.lists });
      void invalidateTimelineDetail(queryClient, timelineId);
      return NONE;
    case 'account_deleted':
      // Its posts and comments became tombstones, wherever they are in the feeds and open threads.
      refreshAfterReconnect(queryClient, timelineId);
      return NONE;
    case 'member_removed':
      // Removing blocks: the owner's blocked list (if open) gains them.
      void queryClient.invalidateQueries({ queryKey: timelineKeys.blocked(timelineId) });
      void invalidateTimelineDetail(queryClient, timelineId);
      return NONE;
    default:
      // permissions, approval, members (count, roles): the page data holds them. role_changed also marks
      // each step of an ownership transfer (issue 26): an offer made, declined or withdrawn (the offered
      // member's banner, the owner's row) and an accept (the new owner's tools, the old owner a moderator).
      void invalidateTimelineDetail(queryClient, timelineId);
      return NONE;
  }
}

/** Applies one event of the open threadline (`timelineId`); others' events are ignored. */
export function applyPageEvent(
  queryClient: QueryClient,
  timelineId: string,
  message: PageEvent,
  me: string | undefined,
): LiveEffect {
  if (message.data.timelineId !== timelineId) return NONE;
  switch (message.type) {
    case 'new_comment':
      return applyComment(queryClient, timelineId, message, me);
    case 'new_member':
      void invalidateTimelineDetail(queryClient, timelineId);
      return NONE;
    case 'timeline_updated':
      return applyUpdate(queryClient, timelineId, message);
    case 'join_request':
      void queryClient.invalidateQueries({ queryKey: joinRequestsPrefix(timelineId) });
      return NONE;
  }
}

/** After a reconnect: reload what events may have changed meanwhile (the page, feeds, open comments). */
export function refreshAfterReconnect(queryClient: QueryClient, timelineId: string) {
  void invalidateTimelineDetail(queryClient, timelineId);
  void refetchFeeds(queryClient, timelineId);
  void queryClient.invalidateQueries({ queryKey: timelineKeys.allSearches(timelineId) });
  // Comments are keyed by post; only the open (active) lists refetch.
  void queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === '/api/posts' && q.queryKey[2] === 'comments',
  });
}
