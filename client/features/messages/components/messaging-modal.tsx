// The messaging modal (spec 000 §2, §4): opens from anywhere, optionally on a conversation; up to 4xl wide,
// 80% of the viewport tall, a 320 px list column. Closing clears the selection, and with it the thread's
// draft (the body unmounts). Full Screen carries the selection to /messages.
import { Maximize2, MessageCircle } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useMessagingModal } from '../../../lib/messaging-modal.tsx';
import { ConversationListPanes } from './conversation-list-panes.tsx';

export const messagesPath = (conversationId: string | null): string =>
  conversationId ? `/messages?conversation=${encodeURIComponent(conversationId)}` : '/messages';

export function MessagingModal() {
  const { isOpen, close } = useMessagingModal();
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && close()}>
      <DialogContent
        data-testid="messaging-modal"
        className="flex h-[80vh] max-w-4xl flex-col gap-0 overflow-hidden p-0 sm:p-0"
        onOpenAutoFocus={(event) => {
          // Not Full Screen, the first control (issue 25): the message box takes the focus once the thread
          // shows (conversation-thread.tsx), or the list's first conversation when none is selected
          // (conversation-list-panes.tsx); until then the dialog itself holds it, without a ring.
          event.preventDefault();
          (event.target as HTMLElement | null)?.focus();
        }}
      >
        {/* Mounted only while open: the list is read (and polled) only then, and closing drops the state. */}
        <MessagingModalBody />
      </DialogContent>
    </Dialog>
  );
}

function MessagingModalBody() {
  const { initialConversationId, openCount, close } = useMessagingModal();
  const [, navigate] = useLocation();
  const [selectedId, setSelectedId] = React.useState<string | null>(initialConversationId);
  // A second open(id) while open (a notification's View) switches to that conversation.
  const [seenOpen, setSeenOpen] = React.useState(openCount);
  if (seenOpen !== openCount) {
    setSeenOpen(openCount);
    if (initialConversationId) setSelectedId(initialConversationId);
  }

  const openFullScreen = () => {
    close();
    navigate(messagesPath(selectedId));
  };

  return (
    <>
      <div className="flex items-center gap-2 border-b border-border py-3 pr-12 pl-4">
        <MessageCircle className="size-5 text-primary" aria-hidden="true" />
        <DialogTitle className="flex-1">Messages</DialogTitle>
        <Button
          variant="ghost"
          size="sm"
          onClick={openFullScreen}
          aria-label="Full Screen"
          title="Full Screen"
        >
          <Maximize2 aria-hidden="true" />
          <span className="hidden sm:inline">Full Screen</span>
        </Button>
      </div>
      <DialogDescription className="sr-only">
        Your direct conversations with threadline members.
      </DialogDescription>
      <ConversationListPanes
        variant="modal"
        selectedId={selectedId}
        onSelect={setSelectedId}
        focusListOnLoad={initialConversationId === null}
      />
    </>
  );
}
