// The open conversation's messages in the query cache (conversationKeys.messages(id)): one window of
// messages, oldest first, that grows as older pages load and new messages arrive. The 5 s poll fetches
// only the newest page and merges it in by id, so loaded history is never fetched again.
import { MESSAGING } from '../../../../common/limits.ts';
import type { Message } from '../../../../common/schemas/conversation.ts';

export interface MessagesData {
  /** Oldest first, unique by id. */
  messages: Message[];
  /** Whether the server may hold messages older than the first one here. */
  hasOlder: boolean;
}

/**
 * A sortable key of an ISO time with up to microsecond precision (the server's timestamps), whatever its
 * offset spelling ("Z" or "+00:00"): the UTC millisecond ISO string, then the sub-millisecond digits.
 */
export function timeKey(iso: string): string {
  const ms = new Date(iso).toISOString();
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return `${ms}${fraction.padEnd(6, '0').slice(3, 6)}`;
}

/** Order of the conversation: time, then id (the server's tie-break). */
export function compareMessages(a: Message, b: Message): number {
  const ta = timeKey(a.createdAt);
  const tb = timeKey(b.createdAt);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `base` and `incoming` by id, `incoming` winning (fresher isRead), oldest first. */
export function mergeMessages(base: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(base.map((m) => [m.id, m] as const));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort(compareMessages);
}

/**
 * The newest page (oldest first, as the server sends it) merged into what the cache held. When the page is
 * full and starts after everything held, messages may be missing in between: the window restarts at the
 * page, with older history to load again.
 */
export function mergeNewestPage(
  prev: MessagesData | undefined,
  page: readonly Message[],
  pageSize: number = MESSAGING.pageSize,
): MessagesData {
  const full = page.length >= pageSize;
  if (!prev) return { messages: [...page].sort(compareMessages), hasOlder: full };
  const newestHeld = prev.messages[prev.messages.length - 1];
  const oldestFetched = page[0];
  const gap =
    full &&
    newestHeld !== undefined &&
    oldestFetched !== undefined &&
    compareMessages(oldestFetched, newestHeld) > 0;
  if (gap) return { messages: [...page].sort(compareMessages), hasOlder: true };
  return { messages: mergeMessages(prev.messages, page), hasOlder: prev.hasOlder };
}

/** An older page (before the window's first message) added at the front. */
export function prependOlderPage(
  prev: MessagesData | undefined,
  page: readonly Message[],
  pageSize: number = MESSAGING.pageSize,
): MessagesData {
  return {
    messages: mergeMessages(page, prev?.messages ?? []),
    hasOlder: page.length >= pageSize,
  };
}

/**
 * A message that arrived (the socket, or the send call's answer). Idempotent: a message already held
 * stays as it is (the copy held may know more, e.g. that it was read).
 */
export function addMessage(prev: MessagesData | undefined, message: Message): MessagesData | undefined {
  if (!prev) return prev;
  if (prev.messages.some((m) => m.id === message.id)) return prev;
  return { ...prev, messages: mergeMessages(prev.messages, [message]) };
}

/**
 * `readerId` read the messages sent to them up to `readAt` (a read receipt, or this user's own mark-read):
 * every message not sent by the reader, created at or before `readAt`, becomes read.
 */
export function markReadBy(
  prev: MessagesData | undefined,
  readerId: string,
  readAt?: string,
): MessagesData | undefined {
  if (!prev) return prev;
  const until = readAt ? timeKey(readAt) : null;
  let changed = false;
  const messages = prev.messages.map((m) => {
    if (m.isRead || m.senderId === readerId) return m;
    if (until !== null && timeKey(m.createdAt) > until) return m;
    changed = true;
    return { ...m, isRead: true };
  });
  return changed ? { ...prev, messages } : prev;
}

/** The cursor of the page before the window: its oldest message's `createdAt,id`. */
export function olderCursor(data: MessagesData | undefined): string | undefined {
  const first = data?.messages[0];
  return first ? `${first.createdAt},${first.id}` : undefined;
}

/** Whether a message from someone else is unread by `meId`. */
export const hasUnreadFrom = (messages: readonly Message[], meId: string | undefined) =>
  meId !== undefined && messages.some((m) => m.senderId !== meId && !m.isRead);
