import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { RealtimeContext } from '../../../lib/realtime/context.ts';
import { RealtimeClient } from '../../../lib/realtime/realtime-client.ts';
import { fakeSockets } from '../../../lib/realtime/test-socket.ts';
import { cleanup, render, waitFor } from '../../home/test/render.tsx';
import { notificationKeys } from '../lib/keys.ts';
import { inboxServer, notification } from '../test/inbox-server.ts';
import { bellLabel, NotificationBell } from './notification-bell.tsx';

const ME = '5f0c6a8e-1b2c-4d3e-8f90-0a1b2c3d4e5f';

function connectedClient() {
  const sockets = fakeSockets();
  const client = new RealtimeClient({
    url: 'ws://app.test/ws',
    userId: ME,
    createSocket: sockets.create,
    log: { debug: () => {}, warn: () => {} },
  });
  client.connect();
  sockets.last().accept(ME);
  return { client, socket: sockets.last() };
}

function renderBell({
  client = connectedClient().client,
  queryClient = createQueryClient(),
  path = '/',
} = {}) {
  return render(
    <RealtimeContext.Provider value={client}>
      <NotificationBell />
    </RealtimeContext.Provider>,
    { queryClient, path },
  );
}

const bell = () => document.querySelector<HTMLButtonElement>('[data-testid="notification-bell"]')!;
const badge = () => bell().querySelector('[aria-hidden="true"]:not(svg)')?.textContent ?? null;

describe('bellLabel', () => {
  it('says the unread count in the name, the plain name without', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, 150 unread');
    expect(bellLabel(0)).toBe('Notifications');
  });
});

describe('NotificationBell', () => {
  let server: ReturnType<typeof inboxServer>;
  beforeEach(() => {
    server = inboxServer([
      notification(),
      notification(),
      notification({ readAt: new Date().toISOString() }),
    ]);
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the unread count of GET /api/notifications, capped at 99+ on the badge but not in the name', async () => {
    const { queryClient } = renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(badge()).toBe('2');
    act(() =>
      queryClient.setQueryData(notificationKeys.inbox, { items: [], unreadCount: 150, nextCursor: null }),
    );
    await waitFor(() => expect(badge()).toBe('99+'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 150 unread');
  });

  it('follows the count the socket sends (another tab read some, or a new one came), without reading again', async () => {
    const { client, socket } = connectedClient();
    renderBell({ client });
    await waitFor(() => expect(badge()).toBe('2'));
    const reads = server.fetch.mock.calls.length;
    act(() => socket.receive({ type: 'notifications', unreadCount: 5 }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 5 unread'));
    act(() => socket.receive({ type: 'notifications', unreadCount: 0 }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(badge()).toBeNull();
    // The count came with the message: the bell did not ask the server again.
    expect(server.fetch.mock.calls.length).toBe(reads);
  });

  it('keeps following while no bell is on screen (between two pages), so the next one shows the right number', async () => {
    const { client, socket } = connectedClient();
    const queryClient = createQueryClient();
    renderBell({ client, queryClient });
    await waitFor(() => expect(badge()).toBe('2'));
    cleanup();
    act(() => socket.receive({ type: 'notifications', unreadCount: 7 }));
    renderBell({ client, queryClient });
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 7 unread');
  });

  it('opens the panel on a wide screen, with the notifications in it; Escape closes it and the bell has the focus again', async () => {
    renderBell();
    await waitFor(() => expect(badge()).toBe('2'));
    act(() => {
      bell().focus();
      bell().click();
    });
    const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
    await waitFor(() => expect(dialog()?.querySelectorAll('li')).toHaveLength(3));
    expect(dialog()!.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Notifications',
    );
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    // Focus moved into the panel.
    expect(dialog()!.contains(document.activeElement)).toBe(true);
    act(() => {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await waitFor(() => expect(dialog()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(bell()));
  });

  it('goes to /notifications on a phone (under 640 px) instead of opening the panel', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query.includes('max-width'), media: query }) as MediaQueryList,
    );
    const { history } = renderBell();
    act(() => bell().click());
    expect(history.at(-1)).toBe('/notifications');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
