import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_CODES } from '../../../common/realtime.ts';
import { REALTIME } from '../../../common/realtime-constants.ts';
import { cleanup, jsonResponse, render, waitFor } from '../../features/home/test/render.tsx';
import { USER_QUERY_KEY } from '../auth.ts';
import { conversationKeys } from '../conversation-keys.ts';
import { MessagingModalProvider, useMessagingModal } from '../messaging-modal.tsx';
import { setOpenConversation } from '../open-conversation.ts';
import { createQueryClient } from '../queryClient.ts';
import { timelineKeys } from '../timeline-keys.ts';
import { settleDelay } from '../when-idle.ts';
import {
  useRealtimeEvent,
  useRealtimeReconnect,
  useRealtimeStatus,
  useTimelineSubscription,
} from './hooks.ts';
import { RealtimeProvider } from './realtime-provider.tsx';
import { FakeSocket } from './test-socket.ts';

// What loads once the page has settled (the bell, the card's code) comes at once here.
const settleMs = settleDelay.ms;
beforeEach(() => {
  settleDelay.ms = 0;
});
afterEach(() => {
  settleDelay.ms = settleMs;
});

const ME = '5f0c6a8e-1b2c-4d3e-8f90-0a1b2c3d4e5f';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const PAGE = '33333333-3333-4333-8333-333333333333';
const ada = { id: 'ada', name: 'Ada', profileImageUrl: null };

let sockets: FakeSocket[] = [];
/** The card's code comes once the page has settled (live-updates.tsx), its live region with it. */
const cardLoaded = () => waitFor(() => expect(document.querySelector('[role="status"]')).not.toBeNull());
const last = () => sockets[sockets.length - 1]!;

interface ScreenProps {
  onEvent: (t: string) => void;
  onReconnect: () => void;
  onEnded: (reason: string) => void;
}

const modal: { current: ReturnType<typeof useMessagingModal> | null } = { current: null };

function Screen({ onEvent, onReconnect, onEnded }: ScreenProps) {
  modal.current = useMessagingModal();
  useTimelineSubscription(PAGE, onEnded);
  useRealtimeEvent(['new_post', 'new_comment'], (m) => onEvent(m.type));
  useRealtimeReconnect(onReconnect);
  return <p data-testid="status">{useRealtimeStatus()}</p>;
}

function setup({ path = '/', signedIn = true } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, signedIn ? { id: ME } : null);
  queryClient.setQueryData(timelineKeys.list('active'), [
    { id: A, state: 'active' },
    { id: B, state: 'active' },
  ]);
  const onEvent = vi.fn();
  const onReconnect = vi.fn();
  const onEnded = vi.fn();
  // As in client/app/providers.tsx: the card opens the messaging modal.
  const view = render(
    <MessagingModalProvider>
      <RealtimeProvider>
        <Screen onEvent={onEvent} onReconnect={onReconnect} onEnded={onEnded} />
      </RealtimeProvider>
    </MessagingModalProvider>,
    { path, queryClient },
  );
  const status = () => view.container.querySelector('[data-testid="status"]')?.textContent;
  return { ...view, onEvent, onReconnect, onEnded, status };
}

const subscribedTo = (socket: FakeSocket) =>
  socket.sent.filter((m) => m.type === 'subscribe_timeline').map((m) => m.timelineId);

describe('RealtimeProvider', () => {
  beforeEach(() => {
    sockets = [];
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          sockets.push(this);
        }
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens no socket for a visitor, and one once they sign in', async () => {
    const { status, queryClient } = setup({ signedIn: false });
    // A signed-in tab opens its socket as soon as the live chunk has loaded: loaded, and still none.
    await act(async () => {
      await import('./live-updates.tsx');
    });
    expect(sockets).toHaveLength(0);
    expect(status()).toBe('disconnected');
    act(() => queryClient.setQueryData(USER_QUERY_KEY, { id: ME }));
    await waitFor(() => expect(sockets).toHaveLength(1));
  });

  it('one socket to /ws: authenticates, then follows every active threadline and the open page', async () => {
    const { status } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(last().url).toBe(`ws://${window.location.host}/ws`);
    act(() => last().open());
    expect(status()).toBe('connected');
    act(() => last().receive({ type: 'authenticated', userId: ME }));
    expect(status()).toBe('authenticated');
    expect(document.documentElement.dataset.realtime).toBe('authenticated');
    expect(last().sent[0]).toEqual({ type: 'authenticate', userId: ME });
    expect(new Set(subscribedTo(last()))).toEqual(new Set([A, B, PAGE]));
  });

  it('tells the open page when the server ends its subscription', async () => {
    const { onEnded } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => last().accept(ME));
    act(() => last().receive({ type: 'subscribed', timelineId: PAGE }));
    act(() => last().receive({ type: 'unsubscribed', timelineId: A, reason: 'archived' }));
    expect(onEnded).not.toHaveBeenCalled();
    act(() => last().receive({ type: 'unsubscribed', timelineId: PAGE, reason: 'archived' }));
    expect(onEnded).toHaveBeenCalledWith('archived');
  });

  it('follows the Active list as it changes', async () => {
    const { queryClient } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => last().accept(ME));
    act(() => queryClient.setQueryData(timelineKeys.list('active'), [{ id: B, state: 'active' }]));
    await waitFor(() => expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe_timeline', timelineId: A }));
  });

  it('passes events to screens, and a reconnect to their reconnect handlers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { onEvent, onReconnect } = setup();
      await act(() => vi.waitFor(() => expect(sockets).toHaveLength(1)));
      act(() => last().accept(ME));
      act(() =>
        last().receive({
          type: 'new_post',
          data: { message: 'Ada posted', author: ada, timelineId: A, postId: 'p', post: {} },
          timestamp: new Date().toISOString(),
        }),
      );
      expect(onEvent).toHaveBeenCalledWith('new_post');
      act(() => last().drop(1006));
      act(() => vi.advanceTimersByTime(1000));
      expect(sockets).toHaveLength(2);
      act(() => last().accept(ME));
      expect(onReconnect).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows other people’s events as a card, but not those of the threadline page open', async () => {
    setup({ path: `/timeline/${PAGE}` });
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => last().accept(ME));
    await cardLoaded();
    const post = (timelineId: string, message: string) =>
      act(() =>
        last().receive({
          type: 'new_post',
          data: { message, author: ada, timelineId, postId: 'p', post: {} },
          timestamp: new Date().toISOString(),
        }),
      );
    post(PAGE, 'On this page');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('');
    post(A, 'Ada posted in Garden Club');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Ada posted in Garden Club');
    expect(document.querySelector('aside[aria-label="Notification"]')).not.toBeNull();
  });

  it('a new message to me: a card whose View opens the modal on it, the unread count refetched; none while that conversation is open', async () => {
    const C1 = '44444444-4444-4444-8444-444444444444';
    const C2 = '55555555-5555-4555-8555-555555555555';
    const { queryClient } = setup({ path: `/timeline/${A}` });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => last().accept(ME));
    await cardLoaded();
    const message = (conversationId: string, sender = ada) =>
      act(() =>
        last().receive({
          type: 'new_message',
          data: {
            message: `New message from ${sender.name}`,
            author: sender,
            timelineId: A,
            conversationId,
            messageId: 'm',
            senderId: sender.id,
            directMessage: {},
          },
          timestamp: new Date().toISOString(),
        }),
      );
    const status = () => document.querySelector('[role="status"]')?.textContent;
    try {
      setOpenConversation(C1);
      message(C1);
      expect(status()).toBe('');
      message(C2, { ...ada, id: ME, name: 'Me' });
      expect(status()).toBe('');
      message(C2);
      expect(status()).toBe('New message from Ada');
    } finally {
      setOpenConversation(null);
    }
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.unreadCount }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.list });
    const card = document.querySelector('aside[aria-label="Notification"]')!;
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('visible'));
    const view = [...card.querySelectorAll('button')].find((b) => b.textContent === 'View')!;
    act(() => view.click());
    expect(modal.current).toMatchObject({ isOpen: true, initialConversationId: C2 });
  });

  it('after the session ended (4001) it asks who is signed in; signed out, it stays closed', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { queryClient } = setup();
      await act(() => vi.waitFor(() => expect(sockets).toHaveLength(1)));
      act(() => last().accept(ME));
      act(() => last().drop(CLOSE_CODES.sessionEnded));
      await act(() => vi.waitFor(() => expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull()));
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', expect.anything());
      // Past the last reconnect any other close would have tried (1 s doubling, spec 000 §9).
      await act(() =>
        vi.advanceTimersByTimeAsync(REALTIME.reconnectBaseDelayMs * 2 ** REALTIME.maxReconnectAttempts),
      );
      expect(sockets).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("replaced by the user's newer tabs (4008): stays closed until the tab is shown or focused again", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { onReconnect } = setup();
      await act(() => vi.waitFor(() => expect(sockets).toHaveLength(1)));
      act(() => last().accept(ME));
      act(() => last().drop(CLOSE_CODES.replaced));
      await act(() =>
        vi.advanceTimersByTimeAsync(REALTIME.reconnectBaseDelayMs * 2 ** REALTIME.maxReconnectAttempts),
      );
      expect(sockets).toHaveLength(1);
      expect(document.documentElement.dataset.realtime).toBe('disconnected');
      // Hidden: a visibility change does not bring it back.
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      act(() => document.dispatchEvent(new Event('visibilitychange')));
      expect(sockets).toHaveLength(1);
      // Shown again: it reconnects, and the screens refetch what they missed.
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
      act(() => document.dispatchEvent(new Event('visibilitychange')));
      expect(sockets).toHaveLength(2);
      act(() => last().accept(ME));
      expect(onReconnect).toHaveBeenCalledTimes(1);
      // Replaced again while shown: focusing its window brings it back.
      act(() => last().drop(CLOSE_CODES.replaced));
      act(() => window.dispatchEvent(new Event('focus')));
      expect(sockets).toHaveLength(3);
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });

  it('signing out closes the socket normally (1000)', async () => {
    const { queryClient } = setup();
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => last().accept(ME));
    act(() => queryClient.setQueryData(USER_QUERY_KEY, null));
    await waitFor(() => expect(last().closedWith).toBe(CLOSE_CODES.normal));
    expect(document.documentElement.dataset.realtime).toBeUndefined();
  });
});
