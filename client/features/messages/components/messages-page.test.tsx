import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { button, cleanup, waitFor } from '../../home/test/render.tsx';
import { notePath, resetPaths } from '../lib/previous-path.ts';
import { CONV_ADA, CONV_BOB, twoConversations } from '../test/conversations.ts';
import { item, items, modal, renderMessages, stubServer } from '../test/render-messages.tsx';
import { MessagesPage } from './messages-page.tsx';

vi.mock('./conversation-thread.tsx', () => import('../test/thread-mock.tsx'));
// The header needs installation facts and the unread count; they are not what is tested here.
vi.mock('../../../components/page-layout.tsx', () => ({
  SignedInLayout: ({ title, children }: { title: string; children: React.ReactNode }) => {
    useDocumentTitle(title);
    return <main>{children}</main>;
  },
}));

const thread = () => document.querySelector<HTMLElement>('[data-testid="thread"]');

beforeEach(() => {
  resetPaths();
  stubServer(twoConversations());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MessagesPage (spec 000 §2)', () => {
  it('names itself and shows the list beside "Select a conversation"', async () => {
    const { container } = renderMessages(<MessagesPage />, { path: '/messages' });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(document.title).toBe('Messages · Threadline');
    expect(container.querySelector('h1')!.textContent).toBe('Messages');
    expect(container.querySelector('[data-testid="messages-page"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="conversation-pane"]')!.textContent).toBe(
      'Select a conversation',
    );
  });

  it('preselects ?conversation= and then removes it from the URL, replacing the entry', async () => {
    const { history } = renderMessages(<MessagesPage />, { path: `/messages?conversation=${CONV_BOB}` });
    await waitFor(() => expect(thread()?.dataset.conversationId).toBe(CONV_BOB));
    expect(thread()!.dataset.variant).toBe('page');
    expect(item(CONV_BOB)!.getAttribute('aria-current')).toBe('true');
    expect(history).toEqual(['/messages']);
  });

  it('keeps other query parameters when removing conversation', async () => {
    const { history } = renderMessages(<MessagesPage />, {
      path: `/messages?conversation=${CONV_ADA}&x=1`,
    });
    await waitFor(() => expect(thread()?.dataset.conversationId).toBe(CONV_ADA));
    expect(history).toEqual(['/messages?x=1']);
  });

  it('Modal View opens the modal on the selected conversation and goes home', async () => {
    const { container, history } = renderMessages(<MessagesPage />, {
      path: `/messages?conversation=${CONV_ADA}`,
    });
    await waitFor(() => expect(thread()).not.toBeNull());
    act(() => button(container, 'Modal View')!.click());
    expect(modal.current!.isOpen).toBe(true);
    expect(modal.current!.initialConversationId).toBe(CONV_ADA);
    expect(history.at(-1)).toBe('/');
  });

  it('Modal View with nothing selected opens the modal on the list', async () => {
    const { container } = renderMessages(<MessagesPage />, { path: '/messages' });
    await waitFor(() => expect(items()).toHaveLength(2));
    act(() => button(container, 'Modal View')!.click());
    expect(modal.current!.isOpen).toBe(true);
    expect(modal.current!.initialConversationId).toBeNull();
  });

  describe('the back button', () => {
    it('reads "Back to Threadline" after a threadline and goes back to it', async () => {
      notePath('/timeline/abc');
      const { container, history } = renderMessages(<MessagesPage />, { path: '/messages' });
      act(() => button(container, 'Back to Threadline')!.click());
      expect(history.at(-1)).toBe('/timeline/abc');
    });

    it('reads "Back to Home" after any other screen', async () => {
      notePath('/timeline/abc');
      notePath('/my-requests');
      const { container, history } = renderMessages(<MessagesPage />, { path: '/messages' });
      expect(button(container, 'Back to Threadline')).toBeUndefined();
      act(() => button(container, 'Back to Home')!.click());
      expect(history.at(-1)).toBe('/');
    });

    it("on a fresh load, follows this site's document.referrer", async () => {
      vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/timeline/xyz`);
      try {
        const { container, history } = renderMessages(<MessagesPage />, { path: '/messages' });
        act(() => button(container, 'Back to Threadline')!.click());
        expect(history.at(-1)).toBe('/timeline/xyz');
      } finally {
        vi.restoreAllMocks();
      }
      cleanup();
      const { container } = renderMessages(<MessagesPage />, { path: '/messages' });
      expect(button(container, 'Back to Home')).toBeDefined();
    });
  });
});
