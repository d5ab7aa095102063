// Open/close state of the messaging modal, which can open from anywhere (spec 000 §2, §4).
import * as React from 'react';

interface MessagingModalState {
  isOpen: boolean;
  /** The conversation to show first, when the opener names one. */
  initialConversationId: string | null;
  /** Counts open() calls, so an open modal follows a second open(id) (a notification's View, say). */
  openCount: number;
  open: (conversationId?: string) => void;
  close: () => void;
}

const MessagingModalContext = React.createContext<MessagingModalState | null>(null);

export function MessagingModalProvider({ children }: { children: React.ReactNode }) {
  const [isOpen, setIsOpen] = React.useState(false);
  const [initialConversationId, setInitialConversationId] = React.useState<string | null>(null);
  const [openCount, setOpenCount] = React.useState(0);
  const value = React.useMemo<MessagingModalState>(
    () => ({
      isOpen,
      initialConversationId,
      openCount,
      open: (conversationId) => {
        setInitialConversationId(conversationId ?? null);
        setOpenCount((n) => n + 1);
        setIsOpen(true);
      },
      close: () => {
        setIsOpen(false);
        setInitialConversationId(null);
      },
    }),
    [isOpen, initialConversationId, openCount],
  );
  return <MessagingModalContext.Provider value={value}>{children}</MessagingModalContext.Provider>;
}

export function useMessagingModal(): MessagingModalState {
  const value = React.useContext(MessagingModalContext);
  if (!value) throw new Error('useMessagingModal must be used inside MessagingModalProvider');
  return value;
}
