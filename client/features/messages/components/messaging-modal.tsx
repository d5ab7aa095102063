// The messaging modal (spec 000 §2): two panes, up to 4xl wide and 80% of the viewport tall.
// Conversations and messages arrive in a later issue; this is the frame with its empty states.
import { Maximize2, MessageCircle, MessagesSquare } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useMessagingModal } from '../../../lib/messaging-modal.tsx';

export function MessagingModal() {
  const { isOpen, close } = useMessagingModal();
  const [, navigate] = useLocation();

  const openFullScreen = () => {
    close();
    navigate('/messages');
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && close()}>
      <DialogContent className="flex h-[80vh] max-w-4xl flex-col gap-0 overflow-hidden p-0 sm:p-0">
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
        <div className="grid min-h-0 flex-1 md:grid-cols-[320px_1fr]">
          <section
            aria-label="Conversations"
            className="flex min-h-0 flex-col items-center justify-center gap-2 overflow-y-auto border-border p-6 text-center md:border-r"
          >
            <MessagesSquare className="size-10 text-indigo-300" aria-hidden="true" />
            <p className="font-medium">No conversations yet</p>
            <p className="text-sm text-muted-foreground">
              Start a conversation from a threadline member list
            </p>
          </section>
          <section
            aria-label="Conversation"
            className="hidden min-h-0 flex-col items-center justify-center gap-2 bg-muted/50 p-6 text-center md:flex"
          >
            <MessageCircle className="size-10 text-indigo-300" aria-hidden="true" />
            <p className="text-muted-foreground">Select a conversation to start messaging</p>
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
