import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_TIMING } from '../../common/limits.ts';
import { cleanup, jsonResponse, render, waitFor } from '../features/home/test/render.tsx';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../lib/auth.ts';
import { conversationKeys } from '../lib/conversation-keys.ts';
import { MessagingModalProvider } from '../lib/messaging-modal.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { unreadMessagesQueryOptions } from '../lib/use-unread-messages.ts';
import { settleDelay } from '../lib/when-idle.ts';
import { AppHeader } from './app-header.tsx';

// What loads once the page has settled (the bell, the card's code) comes at once here.
const settleMs = settleDelay.ms;
beforeEach(() => {
  settleDelay.ms = 0;
});
afterEach(() => {
  settleDelay.ms = settleMs;
});

const USER = { id: 'me', displayName: 'Ada', firstName: null, lastName: null, email: 'ada@example.com' };

function setup(unreadCount: number | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, USER);
  queryClient.setQueryData(META_QUERY_KEY, { authProvider: 'local', billingProvider: 'off' });
  if (unreadCount !== null) queryClient.setQueryData(conversationKeys.unreadCount, { unreadCount });
  return render(
    <MessagingModalProvider>
      <AppHeader />
    </MessagingModalProvider>,
    { queryClient },
  );
}

const wideMessages = (c: HTMLElement) =>
  [...c.querySelectorAll('nav button')].find((b) => b.textContent?.startsWith('Messages'));
const menuTrigger = (c: HTMLElement) =>
  [...c.querySelectorAll('nav button')].find((b) => b.textContent?.startsWith('Menu'));

describe('AppHeader Messages badge', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the unread count and says it in the name', () => {
    const { container } = setup(3);
    const button = wideMessages(container)!;
    expect(button.getAttribute('aria-label')).toBe('Messages, 3 unread');
    expect(button.textContent).toBe('Messages3');
    // The closed small-screen menu shows it too.
    expect(menuTrigger(container)!.getAttribute('aria-label')).toBe('Menu, 3 unread messages');
    expect(menuTrigger(container)!.textContent).toBe('Menu3');
  });

  it('caps the badge at 99+ while the name keeps the number', () => {
    const { container } = setup(150);
    const button = wideMessages(container)!;
    expect(button.textContent).toBe('Messages99+');
    expect(button.getAttribute('aria-label')).toBe('Messages, 150 unread');
  });

  it('shows no badge and the plain name without unread messages', () => {
    const { container } = setup(0);
    const button = wideMessages(container)!;
    expect(button.textContent).toBe('Messages');
    expect(button.hasAttribute('aria-label')).toBe(false);
    expect(menuTrigger(container)!.hasAttribute('aria-label')).toBe(false);
  });

  it('fetches GET /api/conversations/unread-count, polled every 30 s', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ unreadCount: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = setup(null);
    await waitFor(() =>
      expect(wideMessages(container)!.getAttribute('aria-label')).toBe('Messages, 7 unread'),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/conversations/unread-count', expect.anything());
    expect(unreadMessagesQueryOptions().refetchInterval).toBe(UI_TIMING.conversationsRefetchMs);
    expect(UI_TIMING.conversationsRefetchMs).toBe(30_000);
  });

  it('a failed count shows no badge', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'boom' }, 500)),
    );
    const { container } = setup(null);
    await act(async () => {});
    expect(wideMessages(container)!.textContent).toBe('Messages');
  });
});

describe('AppHeader notification bell (issue 27)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('holds the bell its place while its code loads, then shows it with the unread count of GET /api/notifications', {
    timeout: 15_000,
  }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/notifications'
          ? jsonResponse({ items: [], unreadCount: 4, nextCursor: null })
          : jsonResponse({ unreadCount: 0 }),
      ),
    );
    const { container } = setup(0);
    const bell = () => container.querySelector('[data-testid="notification-bell"]');
    // Before the code is in: an empty box of the bell's size, so nothing moves when it comes.
    if (!bell()) expect(container.querySelector('header span.size-9')).not.toBeNull();
    // It comes once the page has settled.
    await waitFor(() => expect(bell()?.getAttribute('aria-label')).toBe('Notifications, 4 unread'), 3000);
    // Shown at every width, outside the small screens' menu.
    expect(bell()!.closest('nav')).toBeNull();
  });
});
