// On open, mark posts and comments read once per threadline, then refresh the dashboard's unread badges
// (spec 000 §7, 001 §7). Failures are only logged: they never block reading.
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { useMarkCommentsViewed } from '../api/mark-comments-viewed.ts';
import { useMarkViewed } from '../api/mark-viewed.ts';

/** `ready`: the page loaded, so the user is a member and the calls can succeed. */
export function useMarkReadOnOpen(id: string, ready: boolean) {
  const queryClient = useQueryClient();
  const { mutateAsync: markViewed } = useMarkViewed();
  const { mutateAsync: markCommentsViewed } = useMarkCommentsViewed();
  const markedId = React.useRef<string | null>(null);

  React.useEffect(() => {
    if (!ready || markedId.current === id) return;
    markedId.current = id;
    void Promise.allSettled([markViewed(id), markCommentsViewed(id)]).then((results) => {
      for (const r of results) if (r.status === 'rejected') console.warn('Mark read failed', r.reason);
      return queryClient.invalidateQueries({ queryKey: timelineKeys.unreadCounts });
    });
  }, [id, ready, markViewed, markCommentsViewed, queryClient]);
}
