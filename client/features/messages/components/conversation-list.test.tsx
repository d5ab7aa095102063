import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, cleanup, waitFor } from '../../home/test/render.tsx';
import { CONV_ADA, CONV_BOB, conversation, twoConversations } from '../test/conversations.ts';
import { item, items, listCalls, renderMessages, stubServer } from '../test/render-messages.tsx';
import { ConversationListPanes } from './conversation-list-panes.tsx';

vi.mock('./conversation-thread.tsx', () => import('../test/thread-mock.tsx'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderList = () =>
  renderMessages(<ConversationListPanes variant="page" selectedId={null} onSelect={() => {}} />);

describe('ConversationList (spec 000 §2)', () => {
  it('shows each conversation: the other person, threadline, last message ("You: " for own), time, unread', async () => {
    stubServer(twoConversations());
    const { container } = renderList();
    await waitFor(() => expect(items()).toHaveLength(2));
    const list = container.querySelector('ul[aria-label="Conversations"]')!;
    expect(list.getAttribute('data-testid')).toBe('conversation-list');
    expect(items()).toEqual(['Ada Lovelace (Garden Club), 3 unread messages', 'Bob Builder (Book Club)']);

    const ada = item(CONV_ADA)!;
    expect(ada.textContent).toContain('See you at the plot');
    expect(ada.textContent).toContain('5 minutes ago');
    expect(ada.querySelector('[data-testid="conversation-unread"]')!.textContent).toBe('3');
    // The avatar shows initials (no picture) and the description reads the preview and the time.
    await waitFor(() => expect(ada.textContent).toContain('AL'));
    const described = ada
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual(['See you at the plot', '5 minutes ago']);

    const bob = item(CONV_BOB)!;
    expect(bob.textContent).toContain('You: Thanks!');
    expect(bob.textContent).toContain('1 hour ago');
    expect(bob.querySelector('[data-testid="conversation-unread"]')).toBeNull();
  });

  it('caps the unread badge at 99+ and reads "No messages yet" before the first message', async () => {
    stubServer([conversation({ unreadCount: 120 }), conversation({ id: CONV_BOB, lastMessage: null })]);
    renderList();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(item(CONV_ADA)!.querySelector('[data-testid="conversation-unread"]')!.textContent).toBe('99+');
    expect(item(CONV_BOB)!.textContent).toContain('No messages yet');
  });

  it('shows loading, then the empty state', async () => {
    stubServer([]);
    const { container } = renderList();
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Loading conversations...');
    await waitFor(() => expect(container.textContent).toContain('No conversations yet'));
    expect(container.textContent).toContain('Start a conversation from a threadline member list');
    expect(container.querySelector('ul')).toBeNull();
  });

  it('shows an error with Try Again, which asks again', async () => {
    const server = stubServer(twoConversations());
    server.listStatus = 500;
    const { container } = renderList();
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')!.textContent).toBe(
        'Could not load your conversations.',
      ),
    );
    server.listStatus = 200;
    act(() => button(container, 'Try Again')!.click());
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(listCalls(server)).toBe(2);
  });

  it('polls the list every 30 s (spec 000 §9)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const server = stubServer(twoConversations());
      renderList();
      await waitFor(() => expect(items()).toHaveLength(2));
      expect(listCalls(server)).toBe(1);
      await act(async () => vi.advanceTimersByTime(30_000));
      await waitFor(() => expect(listCalls(server)).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
