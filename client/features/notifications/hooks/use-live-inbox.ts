// The bell's count as the server sends it over the socket (issue 27: `{type: 'notifications', unreadCount}`,
// after a new notification or a read in any of the user's tabs or devices). A changed count also makes the
// panel's list out of date: read again if it is open, else when it opens.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import type { NotificationsPage } from '../../../../common/schemas/notifications.ts';
import { useRealtimeClient } from '../../../lib/realtime/context.ts';
import type { RealtimeClient } from '../../../lib/realtime/realtime-client.ts';
import { notificationKeys } from '../lib/keys.ts';

export function applyUnreadCount(queryClient: QueryClient, count: number) {
  const { inbox, list } = notificationKeys;
  const page = queryClient.getQueryData<NotificationsPage>(inbox);
  // Nothing cached: the bell reads it when it shows. The same count: this tab's own read, already applied.
  if (!page || page.unreadCount === count) return;
  queryClient.setQueryData<NotificationsPage>(inbox, { ...page, unreadCount: count });
  void queryClient.invalidateQueries({ queryKey: list });
}

// Followed once per socket client, for the rest of its life (it is dropped at sign-out): a bell unmounted
// meanwhile (between one page's header and the next) must not miss a change and keep a wrong number.
const followed = new WeakSet<RealtimeClient>();

export function useLiveInbox() {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  React.useEffect(() => {
    if (!client || followed.has(client)) return;
    followed.add(client);
    client.onInbox((count) => applyUnreadCount(queryClient, count));
  }, [client, queryClient]);
}
