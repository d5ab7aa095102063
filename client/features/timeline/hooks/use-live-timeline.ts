// The open threadline follows its events (issue 11): comments, reactions, deletions, the pin, members,
// permissions, archive and delete update in place; a member removed or blocked is told and sent home.
// New posts are the feed's own business (use-live-posts.ts): only it knows where the reader is.
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useLocation } from 'wouter';
import type { EventMessage, UnsubscribeReason } from '../../../../common/realtime.ts';
import {
  useRealtimeEvent,
  useRealtimeReconnect,
  useRealtimeSubscriptions,
  useTimelineSubscription,
} from '../../../lib/realtime/hooks.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';
import {
  applyPageEvent,
  PAGE_EVENTS,
  type PageEvent,
  type PageEventType,
  refreshAfterReconnect,
} from '../api/live-cache.ts';
import { useMarkCommentsViewed } from '../api/mark-comments-viewed.ts';
import { useMarkViewed } from '../api/mark-viewed.ts';
import { invalidateTimelineDetail, isExiting } from '../api/timeline-cache.ts';

/** Posts and comments that arrive while the page is open are read: marked so, at most this often. */
export const LIVE_MARK_READ_MS = 2000;

/**
 * A removal's own notice (access_removed) comes right behind the server's `unsubscribed`; if it has not
 * come after this long, the page asks the server instead.
 */
export const ACCESS_END_GRACE_MS = 1000;

/** Returns whether the server confirmed the subscription (the page is live). */
export function useLiveTimeline(timelineId: string, currentUserId: string | undefined): boolean {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const markRead = useMarkLiveRead(timelineId);
  const grace = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  React.useEffect(() => () => clearTimeout(grace.current), []);

  // The server ended the page's events. Archived (for non-owners), deleted, or left in another tab: the
  // page asks again and the server's 403 or 404 sends the reader home with the page's usual notice. This
  // tab's own leave or delete goes home by itself.
  useTimelineSubscription(timelineId, (reason: UnsubscribeReason) => {
    if (reason === 'requested' || isExiting(queryClient, timelineId)) return;
    const reload = () => void invalidateTimelineDetail(queryClient, timelineId);
    clearTimeout(grace.current);
    if (reason === 'removed') grace.current = setTimeout(reload, ACCESS_END_GRACE_MS);
    else reload();
  });

  useRealtimeEvent<PageEventType>(PAGE_EVENTS, (message: PageEvent) => {
    const effect = applyPageEvent(queryClient, timelineId, message, currentUserId);
    if (effect.kind === 'toast') toast(effect.toast);
    if (effect.kind === 'leave') {
      clearTimeout(grace.current);
      toast(effect.toast);
      // Nothing of it stays cached: coming back asks the server (and is refused).
      queryClient.removeQueries({ queryKey: timelineKeys.detail(timelineId) });
      void queryClient.invalidateQueries({ queryKey: timelineKeys.lists });
      navigate('/', { replace: true });
      return;
    }
    if (message.type === 'new_comment' && message.data.author?.id !== currentUserId) {
      markRead('comments');
    }
  });

  useRealtimeEvent('new_post', (message: EventMessage<'new_post'>) => {
    if (message.data.timelineId === timelineId && message.data.post.author.id !== currentUserId) {
      markRead('posts');
    }
  });

  useRealtimeReconnect(() => refreshAfterReconnect(queryClient, timelineId));
  return useRealtimeSubscriptions().has(timelineId);
}

/**
 * Marks the threadline read again after live posts or comments (the open page shows them), so the
 * dashboard does not count them as unread once the reader goes back. Batched: one call per burst.
 */
function useMarkLiveRead(timelineId: string) {
  const queryClient = useQueryClient();
  const { mutateAsync: markViewed } = useMarkViewed();
  const { mutateAsync: markCommentsViewed } = useMarkCommentsViewed();
  const pending = React.useRef(new Set<'posts' | 'comments'>());
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  return React.useCallback(
    (what: 'posts' | 'comments') => {
      pending.current.add(what);
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const kinds = [...pending.current];
        pending.current.clear();
        const calls = kinds.map((k) =>
          k === 'posts' ? markViewed(timelineId) : markCommentsViewed(timelineId),
        );
        void Promise.allSettled(calls).then((results) => {
          for (const r of results) if (r.status === 'rejected') console.warn('Mark read failed', r.reason);
          return queryClient.invalidateQueries({ queryKey: timelineKeys.unreadCounts });
        });
      }, LIVE_MARK_READ_MS);
    },
    [timelineId, markViewed, markCommentsViewed, queryClient],
  );
}
