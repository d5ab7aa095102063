// The open threadline follows its events (issue 11): comments, reactions, deletions, the pin, members,
// permissions, archive and delete update in place; a member removed or blocked is told and sent home.
// New posts are the feed's own business (use-live-posts.ts): only it knows where the reader is.
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useLocation } from 'wouter';
import type { EventMessage } from '../../../../common/realtime.ts';
import {
  useRealtimeEvent,
  useRealtimeReconnect,
  useRealtimeStatus,
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
 * The server stopped this threadline's events while the socket stayed up: archived (non-owners), deleted,
 * left elsewhere, or removed. After this pause (a removal's own notice comes right behind), the page asks
 * the server again, whose 403 or 404 sends the reader home with the page's usual notice.
 */
export const ACCESS_END_GRACE_MS = 1000;

/** Returns whether the server confirmed the subscription (the page is live). */
export function useLiveTimeline(timelineId: string, currentUserId: string | undefined): boolean {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const markRead = useMarkLiveRead(timelineId);
  useTimelineSubscription(timelineId);

  useRealtimeEvent<PageEventType>(PAGE_EVENTS, (message: PageEvent) => {
    const effect = applyPageEvent(queryClient, timelineId, message, currentUserId);
    if (effect.kind === 'toast') toast(effect.toast);
    if (effect.kind === 'leave') {
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
  return useAccessEnd(timelineId);
}

function useAccessEnd(timelineId: string): boolean {
  const queryClient = useQueryClient();
  const live = useRealtimeSubscriptions().has(timelineId);
  const status = useRealtimeStatus();
  const now = React.useRef({ live, status });
  now.current = { live, status };
  const wasLive = React.useRef(false);

  React.useEffect(() => {
    if (live) {
      wasLive.current = true;
      return;
    }
    if (!wasLive.current) return;
    wasLive.current = false;
    const timer = setTimeout(() => {
      // Back again, or the whole connection dropped (a reconnect refetches by itself), or this tab left.
      if (now.current.live || now.current.status !== 'authenticated') return;
      if (isExiting(queryClient, timelineId)) return;
      void invalidateTimelineDetail(queryClient, timelineId);
    }, ACCESS_END_GRACE_MS);
    return () => clearTimeout(timer);
  }, [live, queryClient, timelineId]);

  return live;
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
