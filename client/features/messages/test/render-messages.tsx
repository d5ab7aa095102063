// Render harness for the list, page and modal tests (L): a signed-in ME, the modal provider, and a fetch stub
// answering GET /api/conversations from `server.conversations`.
import type * as React from 'react';
import { vi } from 'vitest';
import type { Conversation } from '../../../../common/schemas/conversation.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { MessagingModalProvider, useMessagingModal } from '../../../lib/messaging-modal.tsx';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { jsonResponse, render } from '../../home/test/render.tsx';
import { ME_USER } from './conversations.ts';

export const modal: { current: ReturnType<typeof useMessagingModal> | null } = { current: null };

function ModalProbe() {
  modal.current = useMessagingModal();
  return null;
}

export interface FakeServer {
  conversations: Conversation[];
  /** Answer the list with this status instead (an error body). */
  listStatus: number;
  /** Every URL fetched, in order. */
  calls: string[];
}

export function stubServer(conversations: Conversation[] = []): FakeServer {
  const server: FakeServer = { conversations, listStatus: 200, calls: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      server.calls.push(url);
      if (url === '/api/conversations') {
        return server.listStatus === 200
          ? jsonResponse(server.conversations)
          : jsonResponse({ message: 'Something broke' }, server.listStatus);
      }
      return jsonResponse({ message: 'Not found' }, 404);
    }),
  );
  return server;
}

export const listCalls = (server: FakeServer) =>
  server.calls.filter((u) => u === '/api/conversations').length;

/** Renders `ui` signed in as ME, inside the modal provider; `modal.current` is the modal's state. */
export function renderMessages(ui: React.ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, ME_USER);
  return render(
    <MessagingModalProvider>
      <ModalProbe />
      {ui}
    </MessagingModalProvider>,
    { path, queryClient },
  );
}

/** The list's items, by accessible name. */
export const items = (root: ParentNode = document) =>
  [...root.querySelectorAll<HTMLButtonElement>('[data-testid="conversation-item"]')].map((b) =>
    b.getAttribute('aria-label'),
  );

export const item = (id: string, root: ParentNode = document) =>
  root.querySelector<HTMLButtonElement>(`[data-testid="conversation-item"][data-conversation-id="${id}"]`);
