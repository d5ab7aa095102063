// How a conversation reads in the list (spec 000 §2): the other person, and the last message with "You: "
// before one's own.
import { personName } from '../../../../common/names.ts';
import type { Conversation, ConversationUser } from '../../../../common/schemas/conversation.ts';

/** The person on the other side; the recipient when `meId` is unknown (never the caller in practice). */
export function otherPerson(conversation: Conversation, meId: string | undefined): ConversationUser {
  return conversation.initiator.id === meId ? conversation.recipient : conversation.initiator;
}

export const otherName = (conversation: Conversation, meId: string | undefined): string =>
  personName(otherPerson(conversation, meId));

/** The last message as the list shows it, or null when nothing was sent yet. */
export function lastMessagePreview(conversation: Conversation, meId: string | undefined): string | null {
  const last = conversation.lastMessage;
  if (!last) return null;
  // One line in the list: line breaks read as spaces.
  const content = last.content.replace(/\s+/g, ' ').trim();
  return last.senderId === meId ? `You: ${content}` : content;
}

export const unreadMessagesLabel = (n: number): string => `${n} unread ${n === 1 ? 'message' : 'messages'}`;

/** The item's accessible name: who, where, and how many are unread (the e2e tests find items by it). */
export function conversationLabel(conversation: Conversation, meId: string | undefined): string {
  const base = `${otherName(conversation, meId)} (${conversation.timeline.name})`;
  return conversation.unreadCount > 0 ? `${base}, ${unreadMessagesLabel(conversation.unreadCount)}` : base;
}
