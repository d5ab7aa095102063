// Conversations and messages as the API shows them (spec 000 §3). An e-mail address reaches only the
// person themself and the threadline's owner (DECISIONS §5); everyone else sees null.
import { MESSAGING } from '../../common/limits.ts';
import { previewText } from '../../common/preview.ts';
import type { Conversation, ConversationUser, Message } from '../../common/schemas/conversation.ts';
import { sendRefusal } from '../policies/conversation.ts';
import type { ConversationRow, MessageRow } from '../queries/conversations.ts';
import type { AuthorRow } from '../queries/feed.ts';
import type { MentionNames } from '../queries/mentions.ts';
import { presentMentions } from './mention.ts';

/** Whose e-mail addresses the caller may see: their own always, others' only as the threadline's owner. */
export interface MessageViewer {
  userId: string;
  isOwner: boolean;
}

export const presentConversationUser = (u: AuthorRow, viewer: MessageViewer): ConversationUser => ({
  id: u.id,
  displayName: u.displayName,
  firstName: u.firstName,
  lastName: u.lastName,
  email: viewer.isOwner || u.id === viewer.userId ? u.email : null,
  profileImageUrl: u.profileImageUrl,
});

export function presentConversation(row: ConversationRow, me: string): Conversation {
  const viewer = { userId: me, isOwner: row.ownerId === me };
  const otherId = row.initiator.id === me ? row.recipient.id : row.initiator.id;
  const refusal = sendRefusal({
    callerRole: row.callerRole,
    otherRole: row.otherRole,
    archived: row.archivedAt !== null,
    allowParticipantMessaging: row.allowParticipantMessaging,
    startedByOther: row.initiator.id === otherId,
  });
  return {
    id: row.id,
    timelineId: row.timelineId,
    initiator: presentConversationUser(row.initiator, viewer),
    recipient: presentConversationUser(row.recipient, viewer),
    // Deleted threadlines never reach the list (their conversations are not readable).
    timeline: { id: row.timelineId, name: row.timelineName, state: row.archivedAt ? 'archived' : 'active' },
    unreadCount: row.unreadCount,
    // A preview: the list shows one line of it; the thread has the whole message (issue 23).
    lastMessage: row.lastMessage && {
      ...row.lastMessage,
      content: previewText(row.lastMessage.content, MESSAGING.previewChars),
    },
    lastMessageAt: row.lastMessageAt,
    createdAt: row.createdAt,
    canSend: refusal === null,
  };
}

/** `names`: messageMentionNames of the page, for the conversation's threadline `timelineId`. */
export const presentMessage = (
  row: MessageRow,
  viewer: MessageViewer,
  timelineId: string,
  names: MentionNames,
): Message => ({
  id: row.id,
  conversationId: row.conversationId,
  senderId: row.senderId,
  sender: presentConversationUser(row.sender, viewer),
  content: row.content,
  createdAt: row.createdAt,
  isRead: row.isRead,
  mentions: presentMentions(row.mentions, timelineId, names),
});
