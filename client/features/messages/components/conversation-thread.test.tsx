// The thread against a fake server: rendering, sending and the draft rules, read-only conversations,
// marking read (both paths), the socket's messages and read receipts, older pages, focus.
import { QueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import type { Conversation, Message } from '../../../../common/schemas/conversation.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { getOpenConversation } from '../../../lib/open-conversation.ts';
import { toast } from '../../../lib/use-toast.ts';
import { button, cleanup, typeInto, waitFor } from '../../home/test/render.tsx';
import { emit } from '../../timeline/test/realtime.ts';
import { messagesQueryOptions } from '../api/get-messages.ts';
import { ADA, CONV_ADA, CONV_BOB, conversation, ME } from '../test/conversations.ts';
import { renderMessages } from '../test/render-messages.tsx';
import { callsTo, makeMessage, mine, stubThreadServer, type ThreadServer } from '../test/thread-server.ts';
import { ConversationThread } from './conversation-thread.tsx';

vi.mock('../../../lib/realtime/hooks.ts', () => import('../../timeline/test/realtime.ts'));
vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

let server: ThreadServer;
let container: HTMLElement;

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const settle = (check: () => void) => waitFor(check, 3000);

async function open(
  messages: Message[],
  {
    conv = conversation(),
    variant = 'page' as const,
    onBack,
    setup,
  }: {
    conv?: Conversation;
    variant?: 'page' | 'modal';
    onBack?: () => void;
    /** Sets up the fake server before the thread mounts. */
    setup?: (server: ThreadServer) => void;
  } = {},
) {
  server = stubThreadServer({ [conv.id]: messages });
  setup?.(server);
  const result = renderMessages(<ConversationThread conversation={conv} variant={variant} onBack={onBack} />);
  container = result.container;
  await settle(() => expect(container.querySelector('[data-testid="message-list"]')).not.toBeNull());
  return result;
}

/** The thread in a pane whose selection the test changes with `switchTo`. */
let switchTo: (c: Conversation) => void = () => {};
function SwitchingHarness() {
  const [conv, setConv] = React.useState(conversation());
  switchTo = setConv;
  return <ConversationThread conversation={conv} variant="modal" />;
}

const bubbles = () => [...container.querySelectorAll<HTMLLIElement>('li[data-message-id]')];
const texts = () => bubbles().map((li) => li.querySelector('p')!.textContent);
const field = () => container.querySelector<HTMLTextAreaElement>('textarea');
const sendButton = () => container.querySelector<HTMLButtonElement>('button[aria-label="Send message"]')!;
const posts = () => callsTo(server, 'POST', `/api/conversations/${CONV_ADA}/messages`);
const marks = () => callsTo(server, 'POST', `/api/conversations/${CONV_ADA}/`);

/**
 * A barrier for "nothing else happens": the next poll brings a message of mine (sent from another tab), and
 * this waits until it shows. Whatever the earlier answers and events were going to do has been done by then.
 */
async function nextPollShows(queryClient: QueryClient, content: string) {
  server.messages.set(CONV_ADA, [...(server.messages.get(CONV_ADA) ?? []), mine({ content })]);
  await act(() => queryClient.invalidateQueries({ queryKey: conversationKeys.messages(CONV_ADA) }));
  await settle(() => expect(texts()).toContain(content));
}

/** The next animation frame, after those already asked for (the composer takes focus in one). */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

const press = (key: string, init: KeyboardEventInit = {}) =>
  act(() => {
    field()!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });

describe('ConversationThread', () => {
  it('shows the other person, the threadline, and the messages: own ones marked and right-aligned by class, with read receipts', async () => {
    const onBack = vi.fn();
    await open(
      [
        makeMessage({ content: 'Hi Mia' }),
        mine({ content: 'Hello Ada', isRead: true }),
        mine({ content: 'Still there?' }),
      ],
      { onBack },
    );
    expect(container.querySelector('h2')!.textContent).toBe('Ada Lovelace');
    expect(container.textContent).toContain('Garden Club');
    expect(container.querySelector('section[aria-label="Conversation with Ada Lovelace"]')).not.toBeNull();
    expect(texts()).toEqual(['Hi Mia', 'Hello Ada', 'Still there?']);
    const [hers, read, sent] = bubbles();
    expect(hers!.dataset.own).toBeUndefined();
    expect(read!.dataset.own).toBe('true');
    expect(hers!.className).toContain('justify-start');
    expect(read!.className).toContain('justify-end');
    expect(read!.querySelector('[data-read="true"]')!.textContent).toContain('Read');
    expect(sent!.querySelector('[data-read="false"]')!.textContent).toContain('Sent');
    expect(hers!.querySelector('[data-read]')).toBeNull();
    expect(hers!.querySelector('time')!.getAttribute('dateTime')).toBe(
      server.messages.get(CONV_ADA)![0]!.createdAt,
    );
    // The class that wraps long words instead of widening the pane (the wrapping itself needs a browser).
    expect(hers!.querySelector('p')!.className).toContain('wrap-anywhere');
    // Small screens only, by class; e2e/messages.spec.ts ('at 360 px one pane shows at a time') goes back with it.
    const back = container.querySelector<HTMLButtonElement>('button[aria-label="Back to conversations"]')!;
    expect(back.className).toContain('md:hidden');
    act(() => back.click());
    expect(onBack).toHaveBeenCalledOnce();
    expect(getOpenConversation()).toBe(CONV_ADA);
  });

  it('uses h3 in the modal, no back button without onBack, and the empty state', async () => {
    await open([], { variant: 'modal' });
    expect(container.querySelector('h3')!.textContent).toBe('Ada Lovelace');
    expect(container.querySelector('button[aria-label="Back to conversations"]')).toBeNull();
    expect(container.textContent).toContain(MESSAGING_COPY.threadEmptyTitle);
    expect(container.textContent).toContain(MESSAGING_COPY.threadEmptyHint);
    expect(field()!.placeholder).toBe('Type a message...');
  });

  it('sends the trimmed draft with Enter or the button, clears it, refreshes the list and the messages', async () => {
    const { queryClient } = await open([makeMessage({ content: 'Hi' })]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(sendButton().disabled).toBe(true);
    typeInto(field()!, '   ');
    expect(sendButton().disabled).toBe(true);
    await press('Enter');
    expect(posts()).toHaveLength(0);

    typeInto(field()!, '  Hello there  ');
    expect(sendButton().disabled).toBe(false);
    await press('Enter');
    await settle(() => expect(field()!.value).toBe(''));
    expect(posts()[0]!.body).toEqual({ content: 'Hello there' });
    await settle(() => expect(texts()).toEqual(['Hi', 'Hello there']));
    expect(bubbles()[1]!.dataset.own).toBe('true');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.list });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.messages(CONV_ADA) });

    // The socket's copy of the same message does not show it twice.
    const sent = server.messages.get(CONV_ADA)!.at(-1)!;
    act(() =>
      emit('new_message', {
        message: 'New message',
        timelineId: sent.conversationId,
        conversationId: CONV_ADA,
        messageId: sent.id,
        senderId: ME.id,
        directMessage: { ...sent, isRead: false },
      }),
    );
    typeInto(field()!, 'By button');
    await act(async () => sendButton().click());
    await settle(() => expect(texts()).toEqual(['Hi', 'Hello there', 'By button']));
    expect(document.activeElement).toBe(field());
  });

  it('Shift+Enter adds a line instead of sending; sending is disabled while the call runs', async () => {
    await open([]);
    typeInto(field()!, 'Line one');
    await press('Enter', { shiftKey: true });
    expect(posts()).toHaveLength(0);

    let release!: () => void;
    server.holdSend = new Promise((r) => {
      release = r;
    });
    await press('Enter');
    await settle(() => expect(sendButton().disabled).toBe(true));
    expect(field()!.readOnly).toBe(true);
    await press('Enter');
    expect(posts()).toHaveLength(1);
    await act(async () => release());
    await settle(() => expect(field()!.value).toBe(''));
    expect(field()!.readOnly).toBe(false);
  });

  it('keeps the draft when sending fails, and says why (the server message, else the fallback)', async () => {
    await open([]);
    server.sendFailure = { status: 403, body: { message: MESSAGING_COPY.cannotSend } };
    typeInto(field()!, 'Are you there?');
    await press('Enter');
    await settle(() => expect(toast).toHaveBeenCalled());
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ description: MESSAGING_COPY.cannotSend, variant: 'destructive' }),
    );
    expect(field()!.value).toBe('Are you there?');
    expect(sendButton().disabled).toBe(false);

    server.sendFailure = { status: 500, body: '' };
    await press('Enter');
    await settle(() => expect(toast).toHaveBeenCalledTimes(2));
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ description: MESSAGING_COPY.sendFailed }),
    );
    expect(field()!.value).toBe('Are you there?');
  });

  it('shows a counter near 4,000 characters and refuses to send over it', async () => {
    await open([]);
    typeInto(field()!, 'a'.repeat(3599));
    expect(container.textContent).not.toContain('/ 4,000');
    typeInto(field()!, 'a'.repeat(3600));
    expect(container.textContent).toContain('3,600 / 4,000');
    typeInto(field()!, `${'a'.repeat(4000)}   `);
    expect(sendButton().disabled).toBe(false);
    typeInto(field()!, 'a'.repeat(4001));
    expect(container.textContent).toContain('Message is too long');
    expect(sendButton().disabled).toBe(true);
    expect(field()!.getAttribute('aria-invalid')).toBe('true');
    await press('Enter');
    expect(posts()).toHaveLength(0);
  });

  it('shows the history with the read-only notice instead of the composer when sending is over', async () => {
    await open([makeMessage({ content: 'Before I left' })], { conv: conversation({ canSend: false }) });
    expect(texts()).toEqual(['Before I left']);
    expect(field()).toBeNull();
    expect(container.textContent).toContain(MESSAGING_COPY.readOnly);
  });

  it('clears the draft when another conversation is shown', async () => {
    server = stubThreadServer({ [CONV_ADA]: [], [CONV_BOB]: [] });
    container = renderMessages(<SwitchingHarness />).container;
    await settle(() => expect(field()).not.toBeNull());
    typeInto(field()!, 'Half a thought');
    act(() => switchTo(conversation({ id: CONV_BOB })));
    await settle(() =>
      expect(container.querySelector(`[data-conversation-id="${CONV_BOB}"]`)).not.toBeNull(),
    );
    expect(field()!.value).toBe('');
  });

  it('focuses the composer when the conversation opens, not on later polls', async () => {
    const { queryClient } = await open([makeMessage()]);
    await settle(() => expect(document.activeElement).toBe(field()));
    const list = container.querySelector<HTMLElement>('[data-testid="message-list"]')!;
    act(() => list.focus());
    await nextPollShows(queryClient, 'From my phone');
    await nextFrame();
    expect(document.activeElement).toBe(list);
  });
});

describe('ConversationThread, marking read', () => {
  it('marks read through /read on the page when the list counts unread messages, then refreshes the counts', async () => {
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { queryClient } = await open([makeMessage(), makeMessage()], {
      conv: conversation({ unreadCount: 2 }),
      setup: (s) => {
        s.holdMarkRead = held;
      },
    });
    await settle(() =>
      expect(callsTo(server, 'POST', `/api/conversations/${CONV_ADA}/read`)).toHaveLength(1),
    );
    // The call is still running while the unread messages show: no second one starts for them.
    expect(texts()).toHaveLength(2);
    await act(async () => release());
    await settle(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.unreadCount }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.list });
    // Nor after the answer (by either path).
    await nextPollShows(queryClient, 'From my phone');
    expect(marks()).toHaveLength(1);
  });

  it('marks read through /mark-read in the modal when the page holds unread messages', async () => {
    await open([makeMessage()], { variant: 'modal' });
    await settle(() =>
      expect(callsTo(server, 'POST', `/api/conversations/${CONV_ADA}/mark-read`)).toHaveLength(1),
    );
    expect(callsTo(server, 'POST', `/api/conversations/${CONV_ADA}/read`)).toHaveLength(0);
  });

  it('does not mark read with nothing unread from the other person', async () => {
    const { queryClient } = await open([{ ...makeMessage(), isRead: true }, mine()]);
    await nextPollShows(queryClient, 'From my phone');
    expect(marks()).toHaveLength(0);
  });

  it('marks read again when a message of theirs arrives while shown, and waits while the tab is hidden', async () => {
    await open([{ ...makeMessage(), isRead: true }]);
    const arrive = (m: Message) =>
      act(() =>
        emit('new_message', {
          message: 'New message from Ada',
          timelineId: 't',
          conversationId: m.conversationId,
          messageId: m.id,
          senderId: m.senderId,
          directMessage: m,
        }),
      );
    const reads = () => callsTo(server, 'POST', `/api/conversations/${CONV_ADA}/read`);
    arrive(makeMessage({ content: 'Live one' }));
    await settle(() => expect(texts()).toContain('Live one'));
    await settle(() => expect(reads()).toHaveLength(1));
    // Announced politely.
    expect(container.querySelector('[role="status"]')!.textContent).toBe(
      'New message from Ada Lovelace: Live one',
    );

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    arrive(makeMessage({ content: 'While away' }));
    await settle(() => expect(texts()).toContain('While away'));
    expect(reads()).toHaveLength(1);
    visibility.mockReturnValue('visible');
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await settle(() => expect(reads()).toHaveLength(2));
  });

  it('does not retry a failing mark-read on every poll', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { queryClient } = await open([makeMessage()], {
      setup: (s) => {
        s.markReadFailure = true;
        s.holdMarkRead = held;
      },
    });
    // The call runs for a while (a slow network), then fails.
    await settle(() => expect(marks()).toHaveLength(1));
    await nextPollShows(queryClient, 'While it runs');
    await act(async () => release());
    await settle(() => expect(warn).toHaveBeenCalledWith('Mark read failed', expect.any(Error)));
    await nextPollShows(queryClient, 'From my phone');
    await nextPollShows(queryClient, 'From my laptop');
    expect(marks()).toHaveLength(1);
  });
});

describe('ConversationThread, live', () => {
  const deliver = (m: Message) =>
    act(() =>
      emit('new_message', {
        message: 'x',
        timelineId: 't',
        conversationId: m.conversationId,
        messageId: m.id,
        senderId: m.senderId,
        directMessage: m,
      }),
    );

  it("adds this conversation's new messages at once and once, never another conversation's", async () => {
    await open([{ ...makeMessage({ content: 'First' }), isRead: true }]);
    const live = { ...makeMessage({ content: 'Live' }) };
    deliver(live);
    deliver(live);
    deliver(makeMessage({ content: 'Elsewhere', conversationId: CONV_BOB }));
    // A later one of this conversation shows: the one before it did not.
    deliver(makeMessage({ content: 'Later' }));
    await settle(() => expect(texts()).toContain('Later'));
    expect(texts()).toEqual(['First', 'Live', 'Later']);
  });

  it('shows the read receipt when the other person reads, not when the reader is me', async () => {
    const sent = mine({ content: 'Seen?' });
    await open([sent]);
    const receipt = () => bubbles()[0]!.querySelector('[data-read]')!.getAttribute('data-read');
    expect(receipt()).toBe('false');
    act(() =>
      emit('message_read', {
        message: 'read',
        timelineId: 't',
        conversationId: CONV_BOB,
        readerId: ADA.id,
        readAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    act(() =>
      emit('message_read', {
        message: 'read',
        timelineId: 't',
        conversationId: CONV_ADA,
        readerId: ME.id,
        readAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    expect(receipt()).toBe('false');
    act(() =>
      emit('message_read', {
        message: 'read',
        timelineId: 't',
        conversationId: CONV_ADA,
        readerId: ADA.id,
        readAt: '2030-01-01T00:00:00.000Z',
      }),
    );
    await settle(() => expect(receipt()).toBe('true'));
  });
});

describe('ConversationThread, older messages', () => {
  it('loads the page before the oldest shown on demand, and polls only the newest page afterwards', async () => {
    const all = Array.from({ length: 7 }, (_, i) => ({ ...makeMessage({ content: `m${i}` }), isRead: true }));
    server = stubThreadServer({ [CONV_ADA]: all });
    server.pageSize = 3;
    const { queryClient } = renderMessages(
      <ConversationThread conversation={conversation()} variant="page" />,
    );
    // The real page size is 50: a full page of 3 only means "maybe more" with the fake's size.
    const gets = () => callsTo(server, 'GET', `/api/conversations/${CONV_ADA}/messages`);
    container = document.body;
    await settle(() => expect(texts()).toEqual(['m4', 'm5', 'm6']));
    // 3 < 50: the thread believes it has everything; tell it there is more, as a full page would.
    act(() =>
      queryClient.setQueryData(conversationKeys.messages(CONV_ADA), (d: { messages: Message[] }) => ({
        ...d,
        hasOlder: true,
      })),
    );
    const load = () => button(container, /^Load older messages$/);
    await settle(() => expect(load()).toBeTruthy());
    await act(async () => load()!.click());
    await settle(() => expect(texts()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']));
    const cursor = `${all[4]!.createdAt},${all[4]!.id}`;
    expect(gets().at(-1)!.url).toBe(
      `/api/conversations/${CONV_ADA}/messages?cursor=${encodeURIComponent(cursor)}`,
    );
    // Three came back for a page of 50: nothing older.
    expect(load()).toBeUndefined();

    const before = gets().length;
    await act(() => queryClient.invalidateQueries({ queryKey: conversationKeys.messages(CONV_ADA) }));
    await settle(() => expect(gets()).toHaveLength(before + 1));
    expect(gets().at(-1)!.url).toBe(`/api/conversations/${CONV_ADA}/messages`);
    expect(texts()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('polls every 5 s while shown, and stops once the conversation is gone', () => {
    const options = messagesQueryOptions(CONV_ADA);
    const interval = options.refetchInterval as (q: { state: { error: unknown } }) => number | false;
    expect(interval({ state: { error: null } })).toBe(5000);
    expect(interval({ state: { error: new Error(`404: {"message":"${MESSAGING_COPY.notFound}"}`) } })).toBe(
      false,
    );
    expect(interval({ state: { error: new Error('500: oops') } })).toBe(5000);
  });
});
