// GET /api/notifications?cursor= (issue 27; DECISIONS §10): the inbox, newest first, and the unread count.
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationItem, NotificationsPage } from '../../../../common/schemas/notifications.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { useLiveInbox } from '../hooks/use-live-inbox.ts';
import { notificationKeys } from '../lib/keys.ts';

export type NotificationPages = InfiniteData<NotificationsPage>;

export async function getNotifications(cursor?: string): Promise<NotificationsPage> {
  const url = notificationKeys.inbox[0];
  const res = await apiRequest('GET', cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url);
  return (await res.json()) as NotificationsPage;
}

/**
 * The bell's number: the first page's `unreadCount`, then whatever the socket sends (use-live-inbox.ts), so it
 * follows the user's other tabs and devices. 0 while loading or failed.
 */
export function useUnreadNotifications(): number {
  useLiveInbox();
  const { data } = useQuery({
    queryKey: notificationKeys.inbox,
    queryFn: () => getNotifications(),
    select: (page: NotificationsPage) => page.unreadCount,
  });
  return data ?? 0;
}

/** The panel's (and the /notifications page's) list, page by page. Read again each time it is shown. */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });
}

/** Every page's items as one list (an item seen on two pages, as new ones push others down, shows once). */
export function flattenNotifications(data: NotificationPages | undefined): NotificationItem[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.items.filter((item) => !seen.has(item.id) && seen.add(item.id)),
  );
}
