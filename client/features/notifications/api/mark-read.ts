// POST /api/notifications/read {ids?} (issue 27): these notifications read, or every one when no ids are
// given; answers the unread count left. The user's other tabs hear of it over the socket.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsPage } from '../../../../common/schemas/notifications.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { notificationKeys } from '../lib/keys.ts';
import type { NotificationPages } from './get-notifications.ts';

export async function markNotificationsRead(ids?: string[]): Promise<number> {
  const res = await apiRequest('POST', '/api/notifications/read', ids ? { ids } : undefined);
  return ((await res.json()) as { unreadCount: number }).unreadCount;
}

/** The cached list with these (or all) marked read now, and the count lowered by as many as were unread. */
function markCached(queryClient: QueryClient, ids: string[] | undefined) {
  const now = new Date().toISOString();
  const hit = (id: string) => !ids || ids.includes(id);
  let newlyRead = 0;
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => {
              if (item.readAt || !hit(item.id)) return item;
              newlyRead += 1;
              return { ...item, readAt: now };
            }),
          })),
        }
      : data,
  );
  queryClient.setQueryData<NotificationsPage>(
    notificationKeys.inbox,
    (page) => page && { ...page, unreadCount: ids ? Math.max(0, page.unreadCount - newlyRead) : 0 },
  );
}

/**
 * Marks read at once on screen (the bell's number drops before the answer), then takes the server's count.
 * `quiet`: a read on open, whose failure is not worth a toast (the item stays unread next time).
 */
export function useMarkRead({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (ids) => markCached(queryClient, ids),
    onSuccess: (unreadCount) => {
      queryClient.setQueryData<NotificationsPage>(
        notificationKeys.inbox,
        (page) => page && { ...page, unreadCount },
      );
    },
    onError: (error) => {
      // What the screen showed as read may not be: read both again.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.inbox });
      if (!quiet) {
        notifyFailure(error, {
          title: 'Error',
          description: 'Could not mark the notifications as read. Please try again.',
        });
      }
    },
  });
}
