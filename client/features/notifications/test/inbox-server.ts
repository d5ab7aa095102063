// A stand-in for the inbox routes (GET /api/notifications?cursor=, POST /api/notifications/read) over a list
// of notifications, newest first, for this feature's tests: pages of `pageSize`, reads applied to the list.
import { vi } from 'vitest';
import type { NotificationItem } from '../../../../common/schemas/notifications.ts';
import { jsonResponse } from '../../home/test/render.tsx';

let seq = 0;

/** A notification `minutesAgo` old; unread unless `readAt` is given. */
export function notification(
  over: Partial<NotificationItem> & { minutesAgo?: number } = {},
): NotificationItem {
  seq += 1;
  const { minutesAgo = seq, ...rest } = over;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type: 'mention',
    text: `Ada mentioned you (${seq})`,
    href: `/timeline/t1?post=p${seq}`,
    actor: { id: 'ada', name: 'Ada Lovelace', profileImageUrl: null },
    timelineId: 't1',
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    readAt: null,
    ...rest,
  };
}

export function inboxServer(items: NotificationItem[], { pageSize = 20 } = {}) {
  const list = [...items];
  const unread = () => list.filter((n) => !n.readAt).length;
  const reads: (string[] | undefined)[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/notifications' && method === 'GET') {
      const cursor = url.searchParams.get('cursor');
      const from = cursor ? Number(cursor) : 0;
      const page = list.slice(from, from + pageSize);
      const more = from + pageSize < list.length;
      return jsonResponse({
        items: page,
        unreadCount: unread(),
        nextCursor: more ? String(from + pageSize) : null,
      });
    }
    if (url.pathname === '/api/notifications/read' && method === 'POST') {
      const ids = init?.body ? (JSON.parse(String(init.body)) as { ids?: string[] }).ids : undefined;
      reads.push(ids);
      const now = new Date().toISOString();
      for (const n of list) if (!ids || ids.includes(n.id)) n.readAt ??= now;
      return jsonResponse({ unreadCount: unread() });
    }
    return jsonResponse({ message: 'Not found' }, 404);
  });
  return {
    fetch,
    reads,
    /** A new notification on the server (the socket would say the count changed). */
    add(item: NotificationItem) {
      list.unshift(item);
      return unread();
    },
    unread,
  };
}
