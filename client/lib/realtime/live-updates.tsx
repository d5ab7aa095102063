// Everything the signed-in app does with its socket, loaded as one chunk once someone is signed in: the
// RealtimeClient itself, following every active threadline, the dashboard's live badges, which events make a
// notification card (the card's own code comes once the page is idle), and asking who is signed in when the
// server ends the session.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useLocation } from 'wouter';
import { REALTIME } from '../../../common/realtime-constants.ts';
import type { TimelineListItem } from '../../../common/schemas/timeline.ts';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { isSigningOut, USER_QUERY_KEY } from '../auth.ts';
import { lazyNamed } from '../lazy-named.ts';
import { getOpenConversation } from '../open-conversation.ts';
import { apiRequest } from '../queryClient.ts';
import { registerServiceWorkerWhenIdle } from '../service-worker.ts';
import { timelineKeys, timelineListUrl } from '../timeline-keys.ts';
import { whenSettled } from '../when-idle.ts';
import { useLiveDashboard } from './live-dashboard.ts';
import { createNotificationStore, type NotificationStore, toNotification } from './notifications.ts';
import type { RealtimeClient } from './realtime-client.ts';

export { RealtimeClient, socketUrl } from './realtime-client.ts';

export function LiveUpdates({ client }: { client: RealtimeClient }) {
  const queryClient = useQueryClient();
  useFollowActiveThreadlines(client);
  useLiveDashboard(client, queryClient);
  useSessionEnd(client, queryClient);
  useRetryWhenBack(client);
  useStateAttribute(client);
  const store = useNotificationStore(client);
  // The static cache and Web Push (issue 27), once signed in.
  React.useEffect(registerServiceWorkerWhenIdle, []);
  return <DeferredNotificationCard store={store} />;
}

const NotificationCard = lazyNamed(
  () => import('../../components/notification-card.tsx'),
  'NotificationCard',
);

/**
 * The card's code, fetched once the page has settled, or at once for a card that comes sooner (the store
 * keeps it meanwhile, and the card shows the newest when it mounts): no signed-in page's first load carries
 * it (issue 14's budget; issue 27 needed the room). Mounted before anything is said in it, its live region
 * is heard.
 */
function DeferredNotificationCard({ store }: { store: NotificationStore }) {
  const [wanted, setWanted] = React.useState(() => store.getSnapshot().length > 0);
  React.useEffect(() => {
    if (wanted) return;
    const cancel = whenSettled(() => setWanted(true));
    const off = store.subscribe(() => setWanted(true));
    return () => {
      cancel();
      off();
    };
  }, [store, wanted]);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <NotificationCard store={store} />
    </React.Suspense>
  );
}

/**
 * The dashboard's Active list (the same query, so it is fetched once), followed as it changes: badges and
 * the card work on every screen. The open threadline page adds its own (useTimelineSubscription).
 */
function useFollowActiveThreadlines(client: RealtimeClient) {
  const { data } = useQuery({
    queryKey: timelineKeys.list('active'),
    queryFn: async () =>
      (await apiRequest('GET', timelineListUrl('active'))).json() as Promise<TimelineListItem[]>,
  });
  // ids -> release, for the client they were asked of.
  const held = React.useRef<{ client: RealtimeClient; releases: Map<string, () => void> } | null>(null);
  // One slot stays free for the open page when someone belongs to more than the server follows.
  const ids = (data ?? [])
    .filter((t) => t.state === 'active')
    .slice(0, REALTIME.maxSubscriptions - 1)
    .map((t) => t.id);
  const key = ids.join(',');

  React.useEffect(() => {
    if (held.current?.client !== client) {
      releaseAll(held.current?.releases);
      held.current = { client, releases: new Map() };
    }
    const { releases } = held.current;
    const wanted = new Set(key ? key.split(',') : []);
    for (const [id, release] of releases) {
      if (!wanted.has(id)) {
        release();
        releases.delete(id);
      }
    }
    for (const id of wanted) if (!releases.has(id)) releases.set(id, client.subscribe(id));
  }, [client, key]);

  React.useEffect(
    () => () => {
      releaseAll(held.current?.releases);
      held.current = null;
    },
    [],
  );
}

function releaseAll(releases: Map<string, () => void> | undefined) {
  if (!releases) return;
  for (const release of releases.values()) release();
  releases.clear();
}

/** Signed out elsewhere or expired (close 4001): ask who is signed in; the same user still there reconnects. */
function useSessionEnd(client: RealtimeClient, queryClient: QueryClient) {
  React.useEffect(
    () =>
      client.onSessionEnded(async () => {
        // This tab's own Sign Out ended it: its navigation to /api/logout (then /) is under way.
        if (isSigningOut()) return;
        await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        const user = queryClient.getQueryData<CurrentUser | null>(USER_QUERY_KEY);
        if (user?.id === client.userId) client.connect();
      }),
    [client, queryClient],
  );
}

/**
 * After the 5 attempts ran out, or once the socket was replaced by the user's newer tabs (close 4008): try
 * again when the network or the tab comes back (shown, or its window focused), a user's doing, so two tabs
 * never take turns closing each other.
 */
function useRetryWhenBack(client: RealtimeClient) {
  React.useEffect(() => {
    const retry = () => {
      if (document.visibilityState === 'visible') client.retry();
    };
    window.addEventListener('online', retry);
    window.addEventListener('focus', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      window.removeEventListener('focus', retry);
      document.removeEventListener('visibilitychange', retry);
    };
  }, [client]);
}

/**
 * <html data-realtime="authenticated" data-realtime-subscribed="3">: the socket's state and how many
 * threadlines the server confirmed, for end-to-end tests and debugging.
 */
function useStateAttribute(client: RealtimeClient) {
  React.useEffect(() => {
    const root = document.documentElement;
    const show = () => {
      root.dataset.realtime = client.state;
      root.dataset.realtimeSubscribed = String(client.subscribed.size);
    };
    show();
    const offState = client.onState(show);
    const offSubscriptions = client.onSubscriptions(show);
    return () => {
      offState();
      offSubscriptions();
      delete root.dataset.realtime;
      delete root.dataset.realtimeSubscribed;
    };
  }, [client]);
}

/** Other people's events become cards, except those about the threadline page or conversation open now. */
function useNotificationStore(client: RealtimeClient) {
  const [store] = React.useState(createNotificationStore);
  const [location] = useLocation();
  const here = React.useRef(location);
  here.current = location;
  React.useEffect(() => {
    const show = (message: Parameters<typeof toNotification>[0]) => {
      const notification = toNotification(message, {
        userId: client.userId,
        location: here.current,
        openConversationId: getOpenConversation(),
      });
      if (notification) store.add(notification);
    };
    const offEvent = client.onEvent(show);
    const offUnknown = client.onUnknownEvent(show);
    return () => {
      offEvent();
      offUnknown();
    };
  }, [client, store]);
  return store;
}
