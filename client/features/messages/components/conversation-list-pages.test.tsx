// The conversation list page by page (issue 23): 50 first, "Load more conversations" while the server has
// more (focus to the first new item), a selected conversation beyond the loaded pages looked for in the next
// ones before it counts as gone, and a refresh (the 30 s poll, a new message) reloading every loaded page.
import * as React from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { stubPagedServer } from '../../../lib/test/paged-server.ts';
import { button, cleanup, waitFor } from '../../home/test/render.tsx';
import { conversation } from '../test/conversations.ts';
import { item, items, renderMessages } from '../test/render-messages.tsx';
import { ConversationListPanes, GONE_TEXT } from './conversation-list-panes.tsx';

vi.mock('./conversation-thread.tsx', () => import('../test/thread-mock.tsx'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/api/conversations';
const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const ALL = Array.from({ length: 120 }, (_, i) => conversation({ id: idOf(i + 1) }));

const selection: { current: string | null } = { current: null };
function Panes({ initial = null }: { initial?: string | null }) {
  const [selectedId, setSelectedId] = React.useState<string | null>(initial);
  selection.current = selectedId;
  return <ConversationListPanes variant="page" selectedId={selectedId} onSelect={setSelectedId} />;
}
const loadMore = () => button(document, 'Load more conversations');
const thread = () => document.querySelector<HTMLElement>('[data-testid="thread"]');

describe('ConversationList, page by page', () => {
  it('shows 50, then Load more adds 50 and 20; focus moves to the first new conversation', async () => {
    const server = stubPagedServer(PATH, ALL);
    renderMessages(<Panes />);
    await waitFor(() => expect(items()).toHaveLength(50));
    loadMore()!.focus();
    act(() => loadMore()!.click());
    await waitFor(() => expect(items()).toHaveLength(100));
    expect(document.activeElement).toBe(item(idOf(51)));
    loadMore()!.focus();
    act(() => loadMore()!.click());
    await waitFor(() => expect(items()).toHaveLength(120));
    expect(loadMore()).toBeUndefined();
    expect(document.activeElement).toBe(item(idOf(101)));
    expect(server.calls).toEqual([PATH, `${PATH}?cursor=after-50`, `${PATH}?cursor=after-100`]);
  });

  it('a selected conversation on a later page is found there, not dropped as gone', async () => {
    const server = stubPagedServer(PATH, ALL);
    renderMessages(<Panes initial={idOf(110)} />);
    await waitFor(() => expect(thread()?.dataset.conversationId).toBe(idOf(110)));
    expect(selection.current).toBe(idOf(110));
    expect(server.calls).toEqual([PATH, `${PATH}?cursor=after-50`, `${PATH}?cursor=after-100`]);
    expect(document.body.textContent).not.toContain(GONE_TEXT);
  });

  it('an id on no page is dropped once every page was read (and read again)', async () => {
    const server = stubPagedServer(PATH, ALL);
    renderMessages(<Panes initial={idOf(999)} />);
    await waitFor(() => expect(selection.current).toBeNull());
    expect(document.body.textContent).toContain(GONE_TEXT);
    expect(server.calls.filter((u) => u === PATH)).toHaveLength(2);
  });

  it('a refresh of the list reloads every loaded page: unread badges and order stay right on all', async () => {
    const server = stubPagedServer(PATH, ALL);
    const { queryClient } = renderMessages(<Panes />);
    await waitFor(() => expect(items()).toHaveLength(50));
    loadMore()!.focus();
    act(() => loadMore()!.click());
    await waitFor(() => expect(items()).toHaveLength(100));
    // Conversation 80 got a message: it moves to the top with an unread badge.
    const moved = conversation({ id: idOf(80), unreadCount: 1 });
    server.all = [moved, ...ALL.filter((c) => c.id !== idOf(80))];
    server.calls = [];
    await act(() => queryClient.invalidateQueries({ queryKey: conversationKeys.list }));
    await waitFor(() => expect(item(idOf(80))?.closest('li')).toBe(document.querySelector('ul > li')));
    expect(server.calls).toEqual([PATH, `${PATH}?cursor=after-50`]);
    const shown = [...document.querySelectorAll<HTMLElement>('[data-testid="conversation-item"]')].map(
      (b) => b.dataset.conversationId,
    );
    expect(shown).toHaveLength(100);
    expect(new Set(shown).size).toBe(100);
    expect(item(idOf(80))!.querySelector('[data-testid="conversation-unread"]')!.textContent).toBe('1');
  });
});
