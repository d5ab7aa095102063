// The conversation list of the Messages page and the modal, with its loading, error and empty states
// (spec 000 §2).
import { Loader2, MessagesSquare } from 'lucide-react';
import * as React from 'react';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { listFailed } from '../../../lib/list-pages.ts';
import type { ConversationsQuery } from '../api/get-conversations.ts';
import { ConversationListItem } from './conversation-list-item.tsx';

export function ConversationList({
  query,
  meId,
  selectedId,
  onSelect,
}: {
  /** Every page loaded so far, as one list (features/messages/api/get-conversations.ts). */
  query: ConversationsQuery;
  meId: string | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const list = React.useRef<HTMLUListElement>(null);
  if (query.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center gap-2 p-6 text-muted-foreground" role="status">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Loading conversations...
      </div>
    );
  }
  if (listFailed(query) || !query.data) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p role="alert">Could not load your conversations.</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <MessagesSquare className="size-10 text-indigo-300" aria-hidden="true" />
        <p className="font-medium">No conversations yet</p>
        <p className="text-sm text-muted-foreground">Start a conversation from a threadline member list</p>
      </div>
    );
  }
  return (
    <>
      <ul
        ref={list}
        aria-label="Conversations"
        data-testid="conversation-list"
        className="divide-y divide-border"
      >
        {query.data.map((conversation) => (
          <li key={conversation.id}>
            <ConversationListItem
              conversation={conversation}
              meId={meId}
              selected={conversation.id === selectedId}
              onSelect={onSelect}
            />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} listRef={list}>
        Load more conversations
      </LoadMoreButton>
    </>
  );
}
