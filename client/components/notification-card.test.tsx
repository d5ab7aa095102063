import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_CARD } from '../../common/realtime.ts';
import { button, cleanup, render } from '../features/home/test/render.tsx';
import { MessagingModalProvider, useMessagingModal } from '../lib/messaging-modal.tsx';
import {
  type AppNotification,
  createNotificationStore,
  GENERIC_NOTIFICATION,
  toNotification,
} from '../lib/realtime/notifications.ts';
import { NotificationCard } from './notification-card.tsx';

const ME = 'me';
const T1 = '11111111-1111-4111-8111-111111111111';
const ada = { id: 'ada', name: 'Ada Lovelace', profileImageUrl: null };

let n = 0;
const note = (over: Partial<AppNotification> = {}): AppNotification => ({
  id: `t${++n}`,
  type: 'new_post',
  message: `Ada posted ${n}`,
  author: ada,
  timelineId: T1,
  href: `/timeline/${T1}`,
  timestamp: new Date().toISOString(),
  ...over,
});

const card = () => document.querySelector<HTMLElement>('aside[aria-label="Notification"]');
const status = () => document.querySelector<HTMLElement>('[role="status"]');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const modal: { current: ReturnType<typeof useMessagingModal> | null } = { current: null };
function ModalProbe() {
  modal.current = useMessagingModal();
  return null;
}

function setup(path = '/') {
  const store = createNotificationStore();
  const view = render(
    <MessagingModalProvider>
      <ModalProbe />
      <NotificationCard store={store} />
    </MessagingModalProvider>,
    { path },
  );
  const add = (n: AppNotification) => act(() => store.add(n));
  return { store, add, ...view };
}

describe('NotificationCard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('enters after 100 ms, shows 5 s, exits over 300 ms, then is removed (the fade: opacity classes)', () => {
    const { add } = setup();
    expect(card()).toBeNull();
    add(note({ message: 'Ada posted in Garden Club' }));
    expect(card()?.dataset.state).toBe('entering');
    expect(card()?.className).toContain('opacity-0');
    // Not reachable while invisible.
    expect(card()?.inert).toBe(true);
    advance(NOTIFICATION_CARD.enterDelayMs - 1);
    expect(card()?.dataset.state).toBe('entering');
    advance(1);
    expect(card()?.dataset.state).toBe('visible');
    expect(card()?.className).toContain('opacity-100');
    expect(card()?.inert).toBe(false);
    expect(card()?.textContent).toContain('Ada posted in Garden Club');
    expect(card()?.textContent).toContain('Ada Lovelace');
    advance(NOTIFICATION_CARD.visibleMs - 1);
    expect(card()?.dataset.state).toBe('visible');
    advance(1);
    expect(card()?.dataset.state).toBe('exiting');
    expect(card()?.className).toContain('duration-300');
    advance(NOTIFICATION_CARD.exitMs - 1);
    expect(card()).not.toBeNull();
    advance(1);
    expect(card()).toBeNull();
  });

  it('is announced politely to screen readers, from a live region that is always there', () => {
    const { add } = setup();
    expect(status()).not.toBeNull();
    expect(status()?.getAttribute('aria-live')).toBe('polite');
    expect(status()?.textContent).toBe('');
    add(note({ message: 'Grace commented on a post' }));
    expect(status()?.textContent).toBe('Grace commented on a post');
  });

  it('does not take the focus when it appears', () => {
    const { add } = setup();
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    add(note());
    advance(NOTIFICATION_CARD.enterDelayMs);
    expect(document.activeElement).toBe(field);
  });

  it('close fades it out and removes it', () => {
    const { add } = setup();
    add(note());
    advance(NOTIFICATION_CARD.enterDelayMs);
    const close = card()!.querySelector<HTMLButtonElement>('button[aria-label="Close notification"]')!;
    act(() => close.click());
    expect(card()?.dataset.state).toBe('exiting');
    advance(NOTIFICATION_CARD.exitMs);
    expect(card()).toBeNull();
  });

  it('stays while the focus is on it, and goes 5 s after the focus leaves', () => {
    const { add } = setup();
    add(note());
    advance(NOTIFICATION_CARD.enterDelayMs);
    const close = card()!.querySelector<HTMLButtonElement>('button[aria-label="Close notification"]')!;
    act(() => close.focus());
    advance(NOTIFICATION_CARD.visibleMs * 3);
    expect(card()?.dataset.state).toBe('visible');
    act(() => close.blur());
    advance(NOTIFICATION_CARD.visibleMs);
    expect(card()?.dataset.state).toBe('exiting');
  });

  it('View opens the threadline and dismisses the card', () => {
    const { add, history } = setup('/profile');
    add(note());
    advance(NOTIFICATION_CARD.enterDelayMs);
    act(() => button(card()!, 'View')!.click());
    expect(history.at(-1)).toBe(`/timeline/${T1}`);
    expect(card()).toBeNull();
  });

  it('quotes the item and names the threadline the message leaves out; View opens the item', () => {
    const { add, history } = setup('/profile');
    const href = `/timeline/${T1}?post=p1&comment=c9`;
    add(note({ message: 'New message from Ada', place: 'Garden Club', excerpt: 'See you at 5…', href }));
    expect(status()?.textContent).toBe('New message from Ada in Garden Club');
    advance(NOTIFICATION_CARD.enterDelayMs);
    expect(card()?.textContent).toContain('New message from Ada in Garden Club');
    expect(card()?.querySelector('blockquote')?.textContent).toBe('“See you at 5…”');
    act(() => button(card()!, 'View')!.click());
    expect(history.at(-1)).toBe(href);
  });

  it('View on a new message opens the messaging modal on its conversation, not a page', () => {
    const { add, history } = setup('/profile');
    add(note({ type: 'new_message', href: null, conversationId: 'c1', message: 'New message from Ada' }));
    advance(NOTIFICATION_CARD.enterDelayMs);
    expect(card()?.textContent).toContain('New message from Ada');
    act(() => button(card()!, 'View')!.click());
    expect(modal.current).toMatchObject({ isOpen: true, initialConversationId: 'c1' });
    expect(history.at(-1)).toBe('/profile');
    expect(card()).toBeNull();
  });

  it('has no View button when there is nothing to open', () => {
    const { add } = setup();
    add(note({ href: null, message: 'Garden Club was deleted' }));
    advance(NOTIFICATION_CARD.enterDelayMs);
    expect(button(card()!, 'View')).toBeUndefined();
    expect(card()!.querySelector('button[aria-label="Close notification"]')).not.toBeNull();
  });

  it('a newer notification replaces the card and starts its own timing', () => {
    const { add } = setup();
    add(note({ message: 'first' }));
    advance(NOTIFICATION_CARD.enterDelayMs + 1000);
    add(note({ message: 'second' }));
    expect(card()?.textContent).toContain('second');
    expect(card()?.dataset.state).toBe('entering');
    advance(NOTIFICATION_CARD.enterDelayMs + NOTIFICATION_CARD.visibleMs - 1);
    expect(card()?.dataset.state).toBe('visible');
  });

  it('keeps at most 50, newest first', () => {
    const { store, add } = setup();
    for (let i = 1; i <= 60; i++) add(note({ id: `k${i}`, message: `m${i}` }));
    const kept = store.getSnapshot();
    expect(kept).toHaveLength(NOTIFICATION_CARD.maxKept);
    expect(kept[0]?.message).toBe('m60');
    expect(kept.at(-1)?.message).toBe('m11');
    expect(card()?.textContent).toContain('m60');
  });
});

describe('toNotification', () => {
  const at = (location: string) => ({ userId: ME, location });
  const ts = new Date().toISOString();
  const post = (author = ada, message = 'Ada Lovelace posted in Garden Club') =>
    ({
      type: 'new_post',
      data: { message, author, timelineId: T1, postId: 'p1', post: {} },
      timestamp: ts,
    }) as never;

  it('shows other people’s events with their message and author, View to the post itself', () => {
    const result = toNotification(post(), at('/'));
    expect(result).toMatchObject({
      type: 'new_post',
      message: 'Ada Lovelace posted in Garden Club',
      author: ada,
      href: `/timeline/${T1}?post=p1`,
    });
  });

  it('a comment opens its post on that comment; the quote comes along, the threadline said once', () => {
    const comment = {
      type: 'new_comment',
      data: {
        message: 'Ada Lovelace commented on a post in Garden Club',
        author: ada,
        timelineId: T1,
        timelineName: 'Garden Club',
        excerpt: 'Lovely tomatoes…',
        postId: 'p1',
        commentId: 'c9',
        commentCount: 2,
      },
      timestamp: ts,
    } as never;
    expect(toNotification(comment, at('/'))).toMatchObject({
      href: `/timeline/${T1}?post=p1&comment=c9`,
      excerpt: 'Lovely tomatoes…',
      place: null,
    });
  });

  it('skips my own events and events about the threadline open now', () => {
    expect(toNotification(post({ ...ada, id: ME }), at('/'))).toBeNull();
    expect(toNotification(post(), at(`/timeline/${T1}`))).toBeNull();
    expect(toNotification(post(), at('/timeline/another'))).not.toBeNull();
  });

  it('uses the generic text for unknown types or a missing message', () => {
    expect(toNotification(post(ada, ''), at('/'))?.message).toBe(GENERIC_NOTIFICATION);
    const future = { type: 'poll_created', data: { message: 'Hi there', author: ada }, timestamp: ts };
    expect(toNotification(future, at('/'))).toMatchObject({ message: GENERIC_NOTIFICATION, href: null });
  });

  it('no card for reactions and other noisy threadline changes; a card for pin, archive, delete, my role', () => {
    const updated = (change: string, extra: object = {}) =>
      ({
        type: 'timeline_updated',
        data: { message: `changed: ${change}`, author: ada, timelineId: T1, change, ...extra },
        timestamp: ts,
      }) as never;
    for (const change of ['reactions', 'post_deleted', 'approval', 'member_left', 'member_removed']) {
      expect(toNotification(updated(change), at('/')), change).toBeNull();
    }
    expect(toNotification(updated('role_changed', { userId: 'someone' }), at('/'))).toBeNull();
    expect(toNotification(updated('role_changed', { userId: ME }), at('/'))?.href).toBe(`/timeline/${T1}`);
    expect(toNotification(updated('pin'), at('/'))?.href).toBe(`/timeline/${T1}`);
    expect(toNotification(updated('deleted'), at('/'))).toMatchObject({ href: null });
    expect(toNotification(updated('access_removed'), at('/'))).toMatchObject({ href: null });
  });

  it('join requests open the threadline; a decision opens it when approved, My Requests when rejected', () => {
    const request = {
      type: 'join_request',
      data: { message: 'Ada asked to join', author: ada, timelineId: T1, requestId: 'r', pendingCount: 1 },
      timestamp: ts,
    } as never;
    expect(toNotification(request, at('/'))?.href).toBe(`/timeline/${T1}`);
    const decided = (status: string) =>
      ({
        type: 'join_request_processed',
        data: { message: `Request ${status}`, author: ada, timelineId: T1, requestId: 'r', status },
        timestamp: ts,
      }) as never;
    expect(toNotification(decided('approved'), at('/'))?.href).toBe(`/timeline/${T1}`);
    expect(toNotification(decided('rejected'), at('/'))?.href).toBe('/my-requests');
    // Shown even on that threadline's address: the requester is not a member, so that page does not update.
    expect(toNotification(decided('approved'), at(`/timeline/${T1}`))).not.toBeNull();
  });

  describe('direct messages', () => {
    const C1 = 'c1';
    const sent = (sender = ada, conversationId = C1) =>
      ({
        type: 'new_message',
        data: {
          message: `New message from ${sender.name}`,
          author: sender,
          timelineId: T1,
          conversationId,
          messageId: 'm1',
          senderId: sender.id,
          directMessage: { id: 'm1', conversationId, senderId: sender.id, content: 'Hi', isRead: false },
        },
        timestamp: ts,
      }) as never;
    const read = (reader: typeof ada) =>
      ({
        type: 'message_read',
        data: {
          message: `${reader.name} read your messages`,
          author: reader,
          timelineId: T1,
          conversationId: C1,
          readerId: reader.id,
          readAt: ts,
        },
        timestamp: ts,
      }) as never;

    it('the recipient gets "New message from {name}", View opening the modal on that conversation', () => {
      expect(toNotification(sent(), at('/'))).toMatchObject({
        type: 'new_message',
        message: 'New message from Ada Lovelace',
        author: ada,
        timelineId: T1,
        conversationId: C1,
        href: null,
      });
    });

    it('names the threadline the message belongs to, and quotes it', () => {
      const event = sent() as { data: Record<string, unknown> };
      Object.assign(event.data, { timelineName: 'Garden Club', excerpt: 'Hi' });
      expect(toNotification(event as never, at('/'))).toMatchObject({ place: 'Garden Club', excerpt: 'Hi' });
    });

    it('the sender (their other tabs) gets no card', () => {
      expect(toNotification(sent({ ...ada, id: ME }), at('/'))).toBeNull();
    });

    it('no card while that conversation is on screen; one for another conversation', () => {
      expect(toNotification(sent(), { ...at('/messages'), openConversationId: C1 })).toBeNull();
      expect(toNotification(sent(), { ...at('/'), openConversationId: C1 })).toBeNull();
      expect(toNotification(sent(ada, 'c2'), { ...at('/messages'), openConversationId: C1 })).toMatchObject({
        conversationId: 'c2',
      });
      expect(toNotification(sent(), { ...at('/messages'), openConversationId: null })).not.toBeNull();
    });

    it('shows on the threadline page of that conversation too (the page does not show messages)', () => {
      expect(toNotification(sent(), at(`/timeline/${T1}`))).toMatchObject({ conversationId: C1 });
    });

    it('falls back to the sender’s name when the event has no text', () => {
      const event = sent() as { data: { message: string } };
      event.data.message = '';
      expect(toNotification(event as never, at('/'))?.message).toBe('New message from Ada Lovelace');
    });

    it('read receipts never show a card', () => {
      expect(toNotification(read(ada), at('/'))).toBeNull();
      expect(toNotification(read({ ...ada, id: ME }), at('/'))).toBeNull();
    });
  });
});
