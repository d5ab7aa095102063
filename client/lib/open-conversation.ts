// Which conversation is on screen right now (the messaging modal's or /messages' selected one), so the
// socket's new_message does not raise a "New message from ..." card for a conversation the user is reading.
// The thread screens report it; client/lib/realtime/notifications.ts reads it.
import * as React from 'react';

let current: string | null = null;

/** The open conversation's id, or null when none is on screen. */
export function getOpenConversation(): string | null {
  return current;
}

/** Set by the screen that shows a conversation; null when it closes or shows none. */
export function setOpenConversation(id: string | null): void {
  current = id;
}

/**
 * Reports `id` as open while the calling component is mounted with it (null/undefined: nothing open).
 * Cleanup only clears it when it is still this screen's id, so a screen opening as another closes wins.
 */
export function useOpenConversation(id: string | null | undefined): void {
  React.useEffect(() => {
    if (!id) return;
    setOpenConversation(id);
    return () => {
      if (current === id) setOpenConversation(null);
    };
  }, [id]);
}
