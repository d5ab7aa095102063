// A threadline's first reads start before its events are followed (common/first-load.ts starts them with the
// app, seconds before the socket on a slow phone): a post or change between such a read and the subscription
// would be in neither. So once the page is first live, what was read (or on its way) before is read once
// more, when the main thread is idle, so the re-read does not compete with the first load. Later
// reconnects are live-cache.ts's refreshAfterReconnect.
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { whenIdle } from '../../../lib/when-idle.ts';

/** How often a re-read due while an earlier read is still on its way looks again. */
const BUSY_RETRY_MS = 250;

/** The page's reads that happened (or started) before now: read or on their way. */
export function readSoFar(queryClient: QueryClient, timelineId: string): QueryKey[] {
  return [timelineKeys.detail(timelineId), timelineKeys.posts(timelineId, 'all')].filter((queryKey) => {
    const state = queryClient.getQueryState(queryKey);
    return !!state && (state.dataUpdatedAt > 0 || state.fetchStatus === 'fetching');
  });
}

export function useReadAgainOnceLive(timelineId: string, live: boolean) {
  const queryClient = useQueryClient();
  const done = React.useRef(false);
  React.useEffect(() => {
    if (!live || done.current) return;
    const before = readSoFar(queryClient, timelineId);
    let cancel = () => {};
    const again = () => {
      // A read still on its way may have started before the subscription: wait for it, then read again.
      if (before.some((key) => queryClient.getQueryState(key)?.fetchStatus === 'fetching')) {
        const timer = setTimeout(() => (cancel = whenIdle(again)), BUSY_RETRY_MS);
        cancel = () => clearTimeout(timer);
        return;
      }
      done.current = true;
      for (const queryKey of before) void queryClient.invalidateQueries({ queryKey, exact: true });
    };
    cancel = whenIdle(again);
    return () => cancel();
  }, [live, queryClient, timelineId]);
}
