// What each socket event makes out of date, in one place: the dashboard's lists, unread and pending badges
// and My Join Requests are refetched; a threadline's own caches (feed, members, requests) are only marked
// stale, so the page refetches them when it is opened next (the open page updates itself: feature timeline).
// Direct messages refresh the conversation list and the header's unread count; the open thread appends the
// message itself (feature messages), other cached conversations are marked stale.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import * as React from 'react';
import type { EventMessage } from '../../../common/realtime.ts';
import { conversationKeys } from '../conversation-keys.ts';
import { markFollowed, tookEarly } from '../first-reads.ts';
import { timelineKeys } from '../timeline-keys.ts';
import { whenIdle } from '../when-idle.ts';
import type { RealtimeClient } from './realtime-client.ts';

export interface Outdated {
  /** Refetched now when on screen. */
  refetch: QueryKey[];
  /** Marked stale only: refetched the next time something shows them. */
  stale: QueryKey[];
}

/** Changes that alter the dashboard's lists (member counts, roles, states, who belongs where). */
const LIST_CHANGES = new Set(['member_left', 'member_removed', 'role_changed']);
const STATE_CHANGES = new Set(['archived', 'restored', 'deleted', 'access_removed']);

/** A threadline's own caches: GET /api/timelines/{id}, its feed, members, requests, search. */
const threadline = (id: string): QueryKey => ['/api/timelines', id];

export function outdatedBy(message: EventMessage, userId: string): Outdated {
  if (message.type === 'new_message' || message.type === 'message_read')
    return messagingOutdated(message, userId);
  const refetch: QueryKey[] = [];
  const stale: QueryKey[] = [threadline(message.data.timelineId ?? '')];
  const fromOthers = message.data.author?.id !== userId;
  switch (message.type) {
    case 'new_post':
      if (fromOthers) refetch.push(timelineKeys.unreadCounts);
      break;
    case 'new_comment':
      if (fromOthers) refetch.push(timelineKeys.unreadCounts);
      stale.push(timelineKeys.comments(message.data.postId));
      break;
    case 'new_member':
      refetch.push(timelineKeys.lists);
      break;
    case 'timeline_updated': {
      const change = message.data.change;
      if (LIST_CHANGES.has(change)) refetch.push(timelineKeys.lists);
      if (STATE_CHANGES.has(change)) {
        refetch.push(timelineKeys.lists, timelineKeys.unreadCounts, timelineKeys.pendingSummary);
      }
      if (change === 'post_deleted') refetch.push(timelineKeys.unreadCounts);
      // Someone's account went with their conversations, for both people: the list's key is the prefix of
      // every conversation's, so an open one reads again too.
      if (change === 'account_deleted') refetch.push(conversationKeys.list, conversationKeys.unreadCount);
      // A request retracted, approved or rejected (to owners and moderators).
      if (change === 'join_requests') refetch.push(timelineKeys.pendingSummary);
      break;
    }
    case 'join_request':
      refetch.push(timelineKeys.pendingSummary);
      break;
    case 'join_request_processed':
      refetch.push(timelineKeys.myJoinRequests, timelineKeys.lists, timelineKeys.unreadCounts);
      break;
    case 'notification':
      break;
  }
  return { refetch, stale: message.data.timelineId ? stale : stale.slice(1) };
}

/**
 * A message sent or read changes the conversation list (last message, order, unread per conversation) and
 * the header's total; the threadline's own caches are untouched. The list always refetches (the sender's
 * other tabs show the new last message too); the total only changes for the recipient of a message, and
 * for the reader of one (their other tabs).
 */
function messagingOutdated(message: EventMessage<'new_message' | 'message_read'>, userId: string): Outdated {
  const data = message.data;
  const mineChanged = 'senderId' in data ? data.senderId !== userId : data.readerId === userId;
  return {
    refetch: mineChanged ? [conversationKeys.list, conversationKeys.unreadCount] : [conversationKeys.list],
    // A cached thread not on screen: its messages or read receipts are refetched when it opens again.
    stale: [conversationKeys.conversation(data.conversationId)],
  };
}

/** After a reconnect, anything may have happened meanwhile. */
export const OUTDATED_AFTER_RECONNECT: Outdated = {
  refetch: [
    timelineKeys.lists,
    timelineKeys.unreadCounts,
    timelineKeys.pendingSummary,
    timelineKeys.myJoinRequests,
    conversationKeys.list,
    conversationKeys.unreadCount,
    // The bell's count and, as their prefix, the notification panel's pages (features/notifications/lib/keys.ts:
    // written out here, so the bell's lazily loaded code shares no module with this chunk).
    ['/api/notifications'],
  ],
  stale: [['/api/timelines'], ['/api/posts'], ['/api/conversations']],
};

/** How long invalidations are gathered, so a busy threadline costs one refetch, not one per event. */
export const COALESCE_MS = 250;

/** Gathers keys and invalidates them together once COALESCE_MS after the first. */
export function createInvalidator(queryClient: QueryClient) {
  const refetch = new Map<string, QueryKey>();
  const stale = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    for (const queryKey of stale.values()) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
    for (const queryKey of refetch.values()) void queryClient.invalidateQueries({ queryKey });
    stale.clear();
    refetch.clear();
  };
  return {
    add(outdated: Outdated) {
      for (const key of outdated.refetch) refetch.set(JSON.stringify(key), key);
      for (const key of outdated.stale) stale.set(JSON.stringify(key), key);
      if (!timer && (refetch.size > 0 || stale.size > 0)) timer = setTimeout(flush, COALESCE_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * The lists read before the socket's first authentication: an event between that read and the
 * authentication reached neither. A page's first reads start with its HTML (common/first-load.ts), seconds
 * before the socket on a slow phone, so those are read once more (and one still on its way); a list read
 * after it is current.
 */
export function readBeforeFirstConnection(
  queryClient: QueryClient,
  authenticatedAt: number,
  /** The app took early answers before now: a list answered after the sign-in may have been read before it. */
  early = false,
): Outdated {
  const refetch = OUTDATED_AFTER_RECONNECT.refetch.filter((queryKey) =>
    queryClient.getQueriesData({ queryKey }).some(([key]) => {
      // One still on its way has no answer yet (0): it may have been read before too.
      const at = queryClient.getQueryState(key)?.dataUpdatedAt ?? authenticatedAt;
      return at < authenticatedAt || early;
    }),
  );
  return { refetch, stale: [] };
}

/** Keeps the dashboard, My Join Requests and cached threadlines in step with the socket. */
export function useLiveDashboard(client: RealtimeClient, queryClient: QueryClient) {
  React.useEffect(() => {
    const invalidator = createInvalidator(queryClient);
    const offEvent = client.onEvent((message) => invalidator.add(outdatedBy(message, client.userId)));
    const offReconnect = client.onReconnect(() => invalidator.add(OUTDATED_AFTER_RECONNECT));
    // The socket may have signed in before this effect ran (the chunk's first render on a slow machine): the
    // client remembers when, and what was read before that is read again all the same.
    // Read again once the page is idle, so the re-reads do not compete with its first load (a threadline
    // lost about 5 Lighthouse points to them).
    let done = false;
    let idle: (() => void) | null = null;
    const followed = () => {
      const at = client.firstAuthenticatedAt;
      if (done || at === null) return;
      done = true;
      const tookEarlyAnswers = tookEarly;
      markFollowed();
      const outdated = readBeforeFirstConnection(queryClient, at, tookEarlyAnswers);
      if (outdated.refetch.length > 0) idle = whenIdle(() => invalidator.add(outdated));
    };
    followed();
    const offState = client.onState(followed);
    return () => {
      offEvent();
      offReconnect();
      offState();
      idle?.();
      invalidator.cancel();
    };
  }, [client, queryClient]);
}
