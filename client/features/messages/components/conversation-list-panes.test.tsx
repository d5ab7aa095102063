import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import { button, cleanup, waitFor } from '../../home/test/render.tsx';
import { CONV_ADA, CONV_BOB, twoConversations } from '../test/conversations.ts';
import { item, items, listCalls, renderMessages, stubServer } from '../test/render-messages.tsx';
import { ConversationListPanes, GONE_TEXT } from './conversation-list-panes.tsx';

vi.mock('./conversation-thread.tsx', () => import('../test/thread-mock.tsx'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const selection: { current: string | null } = { current: null };

function Panes({
  initial = null,
  variant = 'page',
}: {
  initial?: string | null;
  variant?: 'page' | 'modal';
}) {
  const [selectedId, setSelectedId] = React.useState<string | null>(initial);
  selection.current = selectedId;
  return <ConversationListPanes variant={variant} selectedId={selectedId} onSelect={setSelectedId} />;
}

const thread = () => document.querySelector<HTMLElement>('[data-testid="thread"]');
const pane = () => document.querySelector<HTMLElement>('[data-testid="conversation-pane"]')!;
const listPane = () => pane().previousElementSibling as HTMLElement;
/** Below md, which pane shows: the class without the md: prefix decides. */
const smallScreenShows = (el: HTMLElement) => el.className.split(/\s+/).includes('flex');

/** Small screens: matchMedia('(min-width: 48rem)') does not match. */
function smallScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }) as MediaQueryList);
}

describe('ConversationListPanes', () => {
  it('shows the no-selection text per variant', async () => {
    stubServer(twoConversations());
    renderMessages(<Panes variant="modal" />);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(pane().textContent).toBe(MESSAGING_COPY.noSelectionModal);
    cleanup();
    renderMessages(<Panes variant="page" />);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(pane().textContent).toBe(MESSAGING_COPY.noSelectionPage);
  });

  it('selects a conversation by click (the keyboard activates the same button) and shows its thread', async () => {
    stubServer(twoConversations());
    renderMessages(<Panes variant="modal" />);
    await waitFor(() => expect(items()).toHaveLength(2));
    // One pane at a time below md: the list first.
    expect(smallScreenShows(listPane())).toBe(true);
    expect(smallScreenShows(pane())).toBe(false);

    act(() => item(CONV_BOB)!.click());
    expect(selection.current).toBe(CONV_BOB);
    expect(item(CONV_BOB)!.getAttribute('aria-current')).toBe('true');
    expect(item(CONV_ADA)!.hasAttribute('aria-current')).toBe(false);
    expect(thread()!.dataset.conversationId).toBe(CONV_BOB);
    expect(thread()!.dataset.variant).toBe('modal');
    expect(smallScreenShows(listPane())).toBe(false);
    expect(smallScreenShows(pane())).toBe(true);
    // Wide screens keep focus in the list.
    expect(pane().contains(document.activeElement)).toBe(false);
  });

  it('a new selection remounts the thread, so its draft does not follow', async () => {
    stubServer(twoConversations());
    renderMessages(<Panes initial={CONV_ADA} />);
    await waitFor(() => expect(thread()).not.toBeNull());
    const first = thread();
    act(() => item(CONV_BOB)!.click());
    expect(thread()).not.toBe(first);
  });

  it('small screens: the thread replaces the list, and Back returns focus to the item', async () => {
    smallScreen();
    stubServer(twoConversations());
    renderMessages(<Panes />);
    await waitFor(() => expect(items()).toHaveLength(2));
    item(CONV_BOB)!.focus();
    act(() => item(CONV_BOB)!.click());
    expect(document.activeElement).toBe(pane());

    act(() => button(pane(), 'Back to conversations')!.click());
    expect(selection.current).toBeNull();
    expect(thread()).toBeNull();
    expect(smallScreenShows(listPane())).toBe(true);
    expect(document.activeElement).toBe(item(CONV_BOB));
  });

  it('an id not in the cached list is fetched once more, then dropped with a notice', async () => {
    const server = stubServer(twoConversations());
    renderMessages(<Panes initial="00000000-0000-4000-8000-0000000000ff" />);
    expect(pane().textContent).toContain('Loading conversation...');
    await waitFor(() => expect(selection.current).toBeNull());
    expect(listCalls(server)).toBe(2);
    expect(listPane().querySelector('[role="status"]')!.textContent).toBe(GONE_TEXT);
    expect(pane().textContent).toBe(MESSAGING_COPY.noSelectionPage);
  });

  it('an id named before the list arrives (a conversation just started) waits for it', async () => {
    const server = stubServer(twoConversations());
    renderMessages(<Panes initial={CONV_BOB} />);
    expect(pane().textContent).toContain('Loading conversation...');
    expect(smallScreenShows(pane())).toBe(true);
    await waitFor(() => expect(thread()?.dataset.conversationId).toBe(CONV_BOB));
    expect(selection.current).toBe(CONV_BOB);
    expect(listCalls(server)).toBe(1);
  });

  it('when the selected conversation leaves the list (access lost), goes back to the list', async () => {
    smallScreen();
    const server = stubServer(twoConversations());
    const { queryClient } = renderMessages(<Panes initial={CONV_ADA} />);
    await waitFor(() => expect(thread()).not.toBeNull());
    button(pane(), 'Back to conversations')!.focus();
    server.conversations = twoConversations().slice(1);
    await act(async () => queryClient.refetchQueries());
    await waitFor(() => expect(selection.current).toBeNull());
    expect(listCalls(server)).toBe(2);
    expect(smallScreenShows(listPane())).toBe(true);
    expect(listPane().textContent).toContain(GONE_TEXT);
    expect(document.activeElement).toBe(listPane());
  });
});
