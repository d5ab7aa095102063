// Which conversation is on screen right now (the messaging modal's or /messages' selected one), so the
// socket's new_message does not raise a "New message from ..." card for a conversation the user is reading.
// The thread screens report it; client/lib/realtime/notifications.ts reads it.
import * as React from 'react';

/**
 * The conversations on screen, latest first. Two screens may show one conversation for a moment: Full Screen
 * mounts /messages' thread while the closing modal's thread is still fading out, and that thread's cleanup
 * must not clear the page's (issue 25: a card popped up over the conversation being read).
 */
let shown: string[] = [];

/** The open conversation's id, or null when none is on screen. */
export function getOpenConversation(): string | null {
  return shown[0] ?? null;
}

/** Replaces what is on screen (tests; screens use useOpenConversation). */
export function setOpenConversation(id: string | null): void {
  shown = id ? [id] : [];
}

/**
 * Reports `id` as open while the calling component is mounted with it (null/undefined: nothing open). Each
 * screen's cleanup takes away only its own entry, so a screen opening as another closes stays reported.
 */
export function useOpenConversation(id: string | null | undefined): void {
  React.useEffect(() => {
    if (!id) return;
    shown = [id, ...shown];
    return () => {
      const at = shown.indexOf(id);
      if (at !== -1) shown = [...shown.slice(0, at), ...shown.slice(at + 1)];
    };
  }, [id]);
}
