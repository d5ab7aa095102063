// Marks the conversation read (spec 000 §4) when it opens with unread messages from the other person,
// and again whenever another of theirs arrives (socket or poll) while the tab is visible. One attempt per
// newest unread message, so a failing call is not repeated on every render or poll.
import * as React from 'react';
import type { Conversation, Message } from '../../../../common/schemas/conversation.ts';
import { type ThreadVariant, useMarkConversationRead } from '../api/mark-read.ts';
import { timeKey } from '../api/message-cache.ts';
import { useDocumentVisible } from './use-document-visible.ts';

/**
 * What to mark next: the newest unread message of the other person (not covered by the last mark's
 * `readUntil`: a poll answered before it may still call it unread), 'open' for the list's count, or null.
 */
export function markReadKey(
  messages: readonly Message[],
  meId: string,
  listUnread: number,
  openHandled: boolean,
  readUntil: string | null = null,
): string | null {
  const until = readUntil ? timeKey(readUntil) : null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.senderId === meId || m.isRead) continue;
    if (until !== null && timeKey(m.createdAt) <= until) break;
    return m.id;
  }
  return !openHandled && listUnread > 0 ? 'open' : null;
}

export function useMarkReadWhileShown({
  conversation,
  variant,
  meId,
  messages,
}: {
  conversation: Conversation;
  variant: ThreadVariant;
  meId: string | undefined;
  messages: readonly Message[];
}) {
  const visible = useDocumentVisible();
  const mark = useMarkConversationRead(conversation.id, variant, meId ?? '');
  const attempted = React.useRef<string | null>(null);
  const openHandled = React.useRef(false);
  const pending = mark.isPending;
  const { mutate } = mark;
  const readUntil = mark.data?.readAt ?? null;

  const key = meId
    ? markReadKey(messages, meId, conversation.unreadCount, openHandled.current, readUntil)
    : null;

  React.useEffect(() => {
    if (!key || !visible || pending || attempted.current === key) return;
    attempted.current = key;
    openHandled.current = true;
    mutate(undefined, { onError: (error) => console.warn('Mark read failed', error) });
  }, [key, visible, pending, mutate]);
}
