import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { button, cleanup, waitFor } from '../../home/test/render.tsx';
import { CONV_ADA, CONV_BOB, twoConversations } from '../test/conversations.ts';
import { item, items, listCalls, modal, renderMessages, stubServer } from '../test/render-messages.tsx';
import { MessagingModal } from './messaging-modal.tsx';

vi.mock('./conversation-thread.tsx', () => import('../test/thread-mock.tsx'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const thread = () => document.querySelector<HTMLElement>('[data-testid="thread"]');
const pane = () => document.querySelector<HTMLElement>('[data-testid="conversation-pane"]')!;

describe('MessagingModal (spec 000 §2, §4)', () => {
  it('reads the list only while open', async () => {
    const server = stubServer(twoConversations());
    const { queryClient } = renderMessages(<MessagingModal />);
    await act(async () => {});
    expect(dialog()).toBeNull();
    expect(listCalls(server)).toBe(0);

    act(() => modal.current!.open());
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(dialog()!.dataset.testid).toBe('messaging-modal');
    expect(listCalls(server)).toBe(1);
    expect(pane().textContent).toBe('Select a conversation to start messaging');

    act(() => modal.current!.close());
    expect(dialog()).toBeNull();
    // No observer left: no polling while closed.
    expect(queryClient.getQueryCache().find({ queryKey: conversationKeys.list })!.getObserversCount()).toBe(
      0,
    );

    // Reopening asks again rather than showing what was cached when it closed.
    act(() => modal.current!.open());
    await waitFor(() => expect(listCalls(server)).toBe(2));
  });

  it('opened on no conversation, the focus goes to the first conversation, never to Full Screen', async () => {
    stubServer(twoConversations());
    renderMessages(<MessagingModal />);
    act(() => modal.current!.open());
    await waitFor(() => expect(items()).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(item(CONV_ADA)));
    expect(document.activeElement).not.toBe(button(dialog()!, 'Full Screen'));
    // Again with the list cached (it shows at once, while the opener still has the focus).
    act(() => modal.current!.close());
    act(() => modal.current!.open());
    expect(items()).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(item(CONV_ADA)));
  });

  it('opens on the initial conversation; closing clears the selection (and the draft with the thread)', async () => {
    stubServer(twoConversations());
    renderMessages(<MessagingModal />);
    act(() => modal.current!.open(CONV_BOB));
    await waitFor(() => expect(thread()?.dataset.conversationId).toBe(CONV_BOB));
    expect(thread()!.dataset.variant).toBe('modal');

    act(() => modal.current!.close());
    act(() => modal.current!.open());
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(thread()).toBeNull();
    expect(pane().textContent).toBe('Select a conversation to start messaging');
  });

  it('follows a second open(id) while open (a notification View)', async () => {
    stubServer(twoConversations());
    renderMessages(<MessagingModal />);
    act(() => modal.current!.open(CONV_BOB));
    await waitFor(() => expect(thread()?.dataset.conversationId).toBe(CONV_BOB));
    act(() => item(CONV_ADA)!.click());
    expect(thread()!.dataset.conversationId).toBe(CONV_ADA);
    act(() => modal.current!.open(CONV_BOB));
    expect(thread()!.dataset.conversationId).toBe(CONV_BOB);
  });

  it('Full Screen goes to /messages with the selected conversation and closes', async () => {
    stubServer(twoConversations());
    const { history } = renderMessages(<MessagingModal />, { path: '/timeline/abc' });
    act(() => modal.current!.open(CONV_ADA));
    await waitFor(() => expect(thread()).not.toBeNull());
    act(() => button(dialog()!, 'Full Screen')!.click());
    expect(history.at(-1)).toBe(`/messages?conversation=${CONV_ADA}`);
    expect(modal.current!.isOpen).toBe(false);
    expect(dialog()).toBeNull();
  });

  it('Full Screen with nothing selected goes to /messages', async () => {
    stubServer(twoConversations());
    const { history } = renderMessages(<MessagingModal />);
    act(() => modal.current!.open());
    await waitFor(() => expect(items()).toHaveLength(2));
    const fullScreen = dialog()!.querySelector<HTMLButtonElement>('button[aria-label="Full Screen"]')!;
    act(() => fullScreen.click());
    expect(history.at(-1)).toBe('/messages');
  });

  it('returns focus to the control that opened it', async () => {
    stubServer(twoConversations());
    renderMessages(
      <>
        <button type="button" id="opener" onClick={() => modal.current!.open()}>
          Messages
        </button>
        <MessagingModal />
      </>,
    );
    const opener = document.getElementById('opener') as HTMLButtonElement;
    opener.focus();
    act(() => opener.click());
    await waitFor(() => expect(items()).toHaveLength(2));
    act(() => dialog()!.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
