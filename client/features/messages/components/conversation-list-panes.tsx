// The two panes of the Messages page and the modal (spec 000 §2): the conversation list, and the selected
// conversation's thread. Below md one pane shows at a time; the thread's back button returns to the list.
// The owner (page or modal) holds the selection, since Full Screen and Modal View carry it across.
import { Loader2, MessageCircle } from 'lucide-react';
import * as React from 'react';
import { useAuth } from '../../../lib/auth.ts';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cn } from '../../../lib/utils.ts';
import { type ConversationsQuery, useConversations } from '../api/get-conversations.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationThread } from './conversation-thread.tsx';

export const NO_SELECTION_TEXT = {
  modal: 'Select a conversation to start messaging',
  page: 'Select a conversation',
} as const;

export const GONE_TEXT = 'That conversation is no longer available.';

/** Both panes side by side from Tailwind's md (48rem) up. */
const isWide = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 48rem)').matches;

const itemSelector = (id: string) => `[data-conversation-id="${CSS.escape(id)}"]`;

export function ConversationListPanes({
  variant,
  selectedId,
  onSelect,
  enabled = true,
  focusListOnLoad = false,
  className,
}: {
  variant: 'modal' | 'page';
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** The modal's list is read only while it is open. */
  enabled?: boolean;
  /** The modal opened on no conversation: its first conversation takes the focus once the list shows. */
  focusListOnLoad?: boolean;
  className?: string;
}) {
  const { user } = useAuth();
  const query = useConversations({ enabled });
  const listPane = React.useRef<HTMLDivElement>(null);
  const threadPane = React.useRef<HTMLDivElement>(null);
  const [gone, setGone] = React.useState(false);
  // One-shot focus moves, set by the user's action and done once the screen shows its result.
  const focusItemAfterBack = React.useRef<string | null>(null);
  const focusThreadOnShow = React.useRef(false);
  const focusListOnShow = React.useRef(false);

  const conversation = selectedId ? query.data?.find((c) => c.id === selectedId) : undefined;
  const waiting = selectedId !== null && !conversation && (query.isPending || query.isFetching);
  // Small screens: the thread (or its loading state) replaces the list.
  const showsThread = conversation !== undefined || waiting;

  React.useEffect(() => {
    if (isUnauthorizedError(query.error)) handleUnauthorized(toast);
  }, [query.error]);

  useSelectionGone(query, selectedId, () => {
    // The thread has already left the screen with the list's answer; focus went with it to the body.
    const active = document.activeElement;
    focusListOnShow.current =
      !active || active === document.body || (threadPane.current?.contains(active) ?? false);
    setGone(true);
    onSelect(null);
  });

  const select = (id: string) => {
    setGone(false);
    focusThreadOnShow.current = !isWide();
    onSelect(id);
  };
  const back = () => {
    focusItemAfterBack.current = selectedId;
    onSelect(null);
  };

  React.useEffect(() => {
    if (selectedId !== null) return;
    const id = focusItemAfterBack.current;
    focusItemAfterBack.current = null;
    if (id) listPane.current?.querySelector<HTMLElement>(itemSelector(id))?.focus();
    else if (focusListOnShow.current) listPane.current?.focus();
    focusListOnShow.current = false;
  }, [selectedId]);

  const listFocusPending = React.useRef(focusListOnLoad);
  React.useEffect(() => {
    if (!listFocusPending.current || !query.isSuccess) return;
    const pane = listPane.current;
    if (!pane || selectedId !== null) {
      listFocusPending.current = false;
      return;
    }
    // After the dialog's own initial focus (which records where to return it on close), and only while
    // nothing inside has it yet: a user who moved on keeps theirs.
    const frame = requestAnimationFrame(() => {
      listFocusPending.current = false;
      const dialog = pane.closest('[role="dialog"]');
      const active = document.activeElement;
      if (dialog && active && active !== dialog && dialog.contains(active)) return;
      (pane.querySelector<HTMLElement>('[data-testid="conversation-item"]') ?? pane).focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [query.isSuccess, selectedId]);

  React.useEffect(() => {
    if (!conversation || !focusThreadOnShow.current) return;
    focusThreadOnShow.current = false;
    // The list item just clicked is hidden now: focus moves to the thread that replaced it (unless the
    // thread already took it, for its composer say).
    const pane = threadPane.current;
    if (!pane || pane.contains(document.activeElement)) return;
    (pane.querySelector<HTMLElement>('[data-autofocus]') ?? pane).focus();
  }, [conversation]);

  return (
    <div
      className={cn(
        'grid min-h-0 flex-1 grid-cols-1 grid-rows-[minmax(0,1fr)] md:grid-cols-[320px_minmax(0,1fr)]',
        className,
      )}
    >
      <div
        ref={listPane}
        tabIndex={-1}
        className={cn(
          'min-h-0 min-w-0 flex-col overflow-y-auto border-border focus:outline-none md:flex md:border-r',
          showsThread ? 'hidden' : 'flex',
        )}
      >
        {gone && (
          <p role="status" className="border-b border-border bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {GONE_TEXT}
          </p>
        )}
        <ConversationList query={query} meId={user?.id} selectedId={selectedId} onSelect={select} />
      </div>
      <div
        ref={threadPane}
        tabIndex={-1}
        data-testid="conversation-pane"
        className={cn('min-h-0 min-w-0 flex-col focus:outline-none md:flex', showsThread ? 'flex' : 'hidden')}
      >
        {conversation ? (
          <ConversationThread
            key={conversation.id}
            conversation={conversation}
            variant={variant}
            onBack={back}
          />
        ) : waiting ? (
          <div
            className="flex flex-1 items-center justify-center gap-2 p-6 text-muted-foreground"
            role="status"
          >
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Loading conversation...
          </div>
        ) : (
          <NoSelection text={NO_SELECTION_TEXT[variant]} />
        )}
      </div>
    </div>
  );
}

function NoSelection({ text }: { text: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 bg-muted/50 p-6 text-center">
      <MessageCircle className="size-10 text-indigo-300" aria-hidden="true" />
      <p className="text-muted-foreground">{text}</p>
    </div>
  );
}

/**
 * Calls `onGone` when the selected conversation is not in the list any more (they left the threadline, were
 * blocked, it was deleted). An id never seen in the list (just created, or named by a link) gets one fresh
 * fetch first, since the cached list may predate it. The list comes 50 at a time (issue 23): an id not in
 * the pages loaded so far is looked for in the next ones before it counts as gone.
 */
function useSelectionGone(query: ConversationsQuery, selectedId: string | null, onGone: () => void) {
  const seen = React.useRef<string | null>(null);
  const refetched = React.useRef<{ id: string; at: number } | null>(null);
  const goneRef = React.useRef(onGone);
  goneRef.current = onGone;
  const { data, dataUpdatedAt, isSuccess, isFetching, refetch } = query;
  const { hasNextPage, isFetchNextPageError, fetchNextPage } = query;

  React.useEffect(() => {
    if (!selectedId || !isSuccess || isFetching) return;
    if (data.some((c) => c.id === selectedId)) {
      seen.current = selectedId;
      return;
    }
    // Not after a failed page though: that would ask again at once, forever.
    if (hasNextPage && !isFetchNextPageError) {
      void fetchNextPage();
      return;
    }
    const asked = refetched.current?.id === selectedId ? refetched.current : null;
    // dataUpdatedAt moves with every answer, even one equal to the last (which changes nothing else).
    const fresh = seen.current === selectedId || (asked !== null && dataUpdatedAt >= asked.at);
    if (!fresh) {
      if (!asked) {
        refetched.current = { id: selectedId, at: Date.now() };
        void refetch();
      }
      return;
    }
    seen.current = null;
    refetched.current = null;
    goneRef.current();
  }, [
    selectedId,
    data,
    dataUpdatedAt,
    isSuccess,
    isFetching,
    refetch,
    hasNextPage,
    isFetchNextPageError,
    fetchNextPage,
  ]);
}
