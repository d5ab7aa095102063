// The conversation's messages (spec 000 §2; issue 12): oldest at the top, the newest at the bottom where
// the view stays while messages arrive, unless the reader scrolled up (then a "New messages" button).
// Only a window of the newest messages is in the DOM; scrolling to the top (or "Load older messages")
// reveals more and loads older pages. New messages from the other person are announced politely.
import { ArrowDown, Loader2 } from 'lucide-react';
import * as React from 'react';
import { MESSAGING } from '../../../../common/limits.ts';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import type { Message } from '../../../../common/schemas/conversation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { isNearTop, windowStart } from '../hooks/pinned-scroll.ts';
import { usePinnedScroll } from '../hooks/use-pinned-scroll.ts';
import { MessageBubble } from './message-bubble.tsx';

/** Messages kept in the DOM while the reader is at the newest; scrolling up reveals more, a page at a time. */
export const WINDOW_SIZE = 100;
const REVEAL_STEP = MESSAGING.pageSize;

export const newMessagesLabel = (n: number) => (n === 1 ? '1 new message' : `${n} new messages`);

export interface MessageListProps {
  messages: readonly Message[];
  meId: string | undefined;
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Loads the page before the oldest message; `done` gets that page. */
  onLoadOlder: (done: (page: readonly Message[]) => void) => void;
  /** After the "New messages" button scrolled down (the thread moves focus to the composer). */
  onJumped?: () => void;
}

export function MessageList({
  messages,
  meId,
  otherName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onJumped,
}: MessageListProps) {
  // While the reader is scrolled up the window keeps its first message, so nothing above them moves.
  const [anchorId, setAnchorId] = React.useState<string | null>(null);
  const allIds = React.useMemo(() => messages.map((m) => m.id), [messages]);
  const start = windowStart(allIds, anchorId, WINDOW_SIZE);
  const shown = React.useMemo(() => messages.slice(start), [messages, start]);
  const ids = React.useMemo(() => shown.map((m) => m.id), [shown]);
  const last = shown[shown.length - 1];
  const scroll = usePinnedScroll(ids, last !== undefined && last.senderId === meId);
  const moreAbove = start > 0 || hasOlder;

  // Scrolled up: hold the window's top. Back at the newest: let it shrink to the newest messages again.
  const firstShown = shown[0]?.id ?? null;
  const firstShownRef = React.useRef(firstShown);
  firstShownRef.current = firstShown;
  React.useEffect(() => {
    setAnchorId(scroll.pinned ? null : (a) => a ?? firstShownRef.current);
  }, [scroll.pinned]);

  const revealOlder = React.useCallback(() => {
    if (start > 0) {
      setAnchorId(allIds[Math.max(0, start - REVEAL_STEP)] ?? null);
    } else if (hasOlder && !loadingOlder) {
      onLoadOlder((page) => {
        if (page[0]) setAnchorId(page[0].id);
      });
    }
  }, [start, allIds, hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    scroll.onScroll();
    const el = scroll.ref.current;
    if (el && moreAbove && !loadingOlder && isNearTop(el)) revealOlder();
  };

  const announcement = useArrivalAnnouncement(messages, meId, otherName);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <section
        ref={scroll.ref}
        aria-label={`Messages with ${otherName}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain px-3 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:px-4"
        data-testid="message-list"
      >
        {moreAbove && (
          <div className="flex justify-center pb-3">
            <Button variant="outline" size="sm" disabled={loadingOlder} onClick={revealOlder}>
              {loadingOlder && <Loader2 className="animate-spin" aria-hidden="true" />}
              {loadingOlder ? 'Loading older messages...' : 'Load older messages'}
            </Button>
          </div>
        )}
        {shown.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-1 py-10 text-center">
            <p className="font-medium">{MESSAGING_COPY.threadEmptyTitle}</p>
            <p className="text-sm text-muted-foreground">{MESSAGING_COPY.threadEmptyHint}</p>
          </div>
        ) : (
          <ol className="flex min-w-0 flex-col gap-2" aria-label="Messages">
            {shown.map((m) => (
              <MessageBubble key={m.id} message={m} own={m.senderId === meId} senderName={otherName} />
            ))}
          </ol>
        )}
      </section>
      {scroll.unseen > 0 && (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <Button
            size="sm"
            className="pointer-events-auto rounded-full shadow-lg"
            onClick={() => {
              setAnchorId(null);
              scroll.scrollToBottom();
              onJumped?.();
            }}
          >
            <ArrowDown aria-hidden="true" />
            {newMessagesLabel(scroll.unseen)}
          </Button>
        </div>
      )}
      <div role="status" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}

/**
 * "New message from {name}: ..." for a message of the other person arriving while the thread is shown
 * (not for the history it opened with, nor for older pages). The list mounts once messages have loaded.
 */
function useArrivalAnnouncement(messages: readonly Message[], meId: string | undefined, otherName: string) {
  const [text, setText] = React.useState('');
  const lastId = React.useRef<string | null | undefined>(undefined);
  const last = messages[messages.length - 1];
  React.useEffect(() => {
    const previous = lastId.current;
    lastId.current = last?.id ?? null;
    // The list mounts with the first answer: what it opened with is not news.
    if (previous === undefined || !last || last.id === previous || last.senderId === meId) return;
    const content = last.content.length > 200 ? `${last.content.slice(0, 200)}...` : last.content;
    setText(`New message from ${otherName}: ${content}`);
  }, [last, meId, otherName]);
  return text;
}
