import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { cleanup, render, waitFor } from '../../home/test/render.tsx';
import { applyUnreadCount } from '../hooks/use-live-inbox.ts';
import { notificationKeys } from '../lib/keys.ts';
import { inboxServer, notification } from '../test/inbox-server.ts';
import { MarkAllRead, NotificationList, safeHref } from './notification-list.tsx';
import { NotificationsPage } from './notifications-page.tsx';

vi.mock('../../../components/page-layout.tsx', () => ({
  // The page's header (and its bell) is the app header's business: here, the page's own content.
  SignedInLayout: ({ children }: { children: React.ReactNode }) => <main>{children}</main>,
}));

const items = () => [...document.querySelectorAll<HTMLLIElement>('ul[aria-label="Notifications"] > li')];
const link = (i: number) => items()[i]!.querySelector('a')!;
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('NotificationList', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists newest first, each a link to its item with the actor, the text and how long ago; unread ones say so', async () => {
    const server = inboxServer([
      notification({ text: 'Ada mentioned you in Garden Club', minutesAgo: 5, href: '/timeline/t1?post=p1' }),
      notification({
        text: 'Your request to join Book Club was approved',
        type: 'request_outcome',
        actor: undefined,
        minutesAgo: 120,
        readAt: new Date().toISOString(),
        href: '/timeline/t2',
      }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
    render(<NotificationList />);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(link(0).getAttribute('href')).toBe('/timeline/t1?post=p1');
    // (The avatar's initials, "AL", may come a frame later.)
    expect(link(0).textContent).toMatch(/^(AL)?Unread: Ada mentioned you in Garden Club5 minutes ago$/);
    expect(link(0).dataset.unread).toBe('true');
    expect(link(0).querySelector('time')?.getAttribute('dateTime')).toBeTruthy();
    // No actor: an icon instead of initials; read: no "Unread", no dot.
    expect(link(1).textContent).toBe('Your request to join Book Club was approved2 hours ago');
    expect(link(1).dataset.unread).toBeUndefined();
    expect(link(1).querySelector('svg')).not.toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    vi.stubGlobal('fetch', inboxServer([]).fetch);
    const { container } = render(<NotificationList />);
    await waitFor(() => expect(container.textContent).toContain('No notifications yet'));
    expect(container.textContent).toContain(
      'Mentions, replies to your posts, messages and join requests show up here.',
    );
  });

  it('loads the next page by its cursor with Load more, and moves a keyboard user on to the first new one', async () => {
    const server = inboxServer(
      Array.from({ length: 5 }, (_, i) => notification({ text: `N${i}` })),
      { pageSize: 3 },
    );
    vi.stubGlobal('fetch', server.fetch);
    render(<NotificationList />);
    await waitFor(() => expect(items()).toHaveLength(3));
    const more = buttonNamed('Load more')!;
    act(() => {
      more.focus();
      more.click();
    });
    await waitFor(() => expect(items()).toHaveLength(5));
    expect(items().map((li) => li.textContent?.match(/N\d/)?.[0])).toEqual(['N0', 'N1', 'N2', 'N3', 'N4']);
    expect(server.fetch.mock.calls.map(([url]) => String(url))).toContain('/api/notifications?cursor=3');
    expect(buttonNamed('Load more')).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(link(3)));
  });

  it('following an unread one marks it read (POST {ids}) and lowers the count at once; a read one posts nothing', async () => {
    const unread = notification({ text: 'Unread one' });
    const read = notification({ text: 'Read one', readAt: new Date().toISOString() });
    const server = inboxServer([unread, read, notification()]);
    vi.stubGlobal('fetch', server.fetch);
    const onFollow = vi.fn();
    const queryClient = createQueryClient();
    queryClient.setQueryData(notificationKeys.inbox, { items: [], unreadCount: 2, nextCursor: null });
    render(<NotificationList onFollow={onFollow} />, { queryClient });
    await waitFor(() => expect(items()).toHaveLength(3));
    act(() => link(0).click());
    expect(onFollow).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(server.reads).toEqual([[unread.id]]));
    await waitFor(() => expect(link(0).dataset.unread).toBeUndefined());
    expect(queryClient.getQueryData<{ unreadCount: number }>(notificationKeys.inbox)?.unreadCount).toBe(1);
    act(() => link(1).click());
    expect(onFollow).toHaveBeenCalledTimes(2);
    expect(server.reads).toHaveLength(1);
  });
});

describe('MarkAllRead', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('posts no ids (every one read), shows them all read and the count 0; disabled with nothing unread', async () => {
    const server = inboxServer([notification(), notification(), notification()]);
    vi.stubGlobal('fetch', server.fetch);
    const { queryClient } = render(
      <>
        <MarkAllRead />
        <NotificationList />
      </>,
    );
    await waitFor(() => expect(items()).toHaveLength(3));
    await waitFor(() => expect(buttonNamed('Mark all as read')?.disabled).toBe(false));
    act(() => buttonNamed('Mark all as read')!.click());
    await waitFor(() => expect(server.reads).toEqual([undefined]));
    const post = server.fetch.mock.calls.find(([url]) => String(url) === '/api/notifications/read')!;
    expect(post[1]?.body).toBeUndefined();
    await waitFor(() => expect(items().every((li) => !li.querySelector('[data-unread]'))).toBe(true));
    expect(queryClient.getQueryData<{ unreadCount: number }>(notificationKeys.inbox)?.unreadCount).toBe(0);
    await waitFor(() => expect(buttonNamed('Mark all as read')?.disabled).toBe(true));
  });
});

describe('NotificationsPage (/notifications, the panel on a phone)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', inboxServer([notification({ text: 'Ada replied to your post' })]).fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has its heading, Mark all as read and the list', async () => {
    render(<NotificationsPage />);
    expect(document.querySelector('h1')?.textContent).toBe('Notifications');
    expect(buttonNamed('Mark all as read')).toBeDefined();
    await waitFor(() => expect(items()).toHaveLength(1));
  });
});

describe('applyUnreadCount (the socket says the count changed)', () => {
  it('sets the cached count and reads an open list again; the same count (this tab read it) changes nothing', () => {
    const queryClient = createQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    applyUnreadCount(queryClient, 4);
    // Nothing cached yet: the bell reads it when shown.
    expect(queryClient.getQueryData(notificationKeys.inbox)).toBeUndefined();
    queryClient.setQueryData(notificationKeys.inbox, { items: [], unreadCount: 2, nextCursor: null });
    applyUnreadCount(queryClient, 4);
    expect(queryClient.getQueryData<{ unreadCount: number }>(notificationKeys.inbox)?.unreadCount).toBe(4);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.list });
    invalidate.mockClear();
    applyUnreadCount(queryClient, 4);
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('safeHref', () => {
  it('keeps app paths and turns anything else into home', () => {
    expect(safeHref('/messages?conversation=c1')).toBe('/messages?conversation=c1');
    expect(safeHref('//evil.example/x')).toBe('/');
    expect(safeHref('https://evil.example/')).toBe('/');
  });
});
