// Who may message whom (spec 001 §6, DECISIONS §8), shared by the server's policy and the client's
// members list, so the message button shows exactly where the server would accept the conversation.
//
// Every conversation involves the threadline's owner: only the owner may start one with a non-owner, and
// non-owners may only start one with the owner. Writing in an existing conversation follows the same rule,
// with one addition: a member may always answer a conversation the owner started with them (the owner
// asked; turning participant messaging off stops members reaching out, not replying).
import type { Role } from './roles.ts';

export interface MessagingRule {
  /** The sender's and the recipient's roles in the threadline. */
  senderRole: Role;
  recipientRole: Role;
  /** The threadline's allowParticipantMessaging switch. */
  allowParticipantMessaging: boolean;
  isSelf: boolean;
}

/** Spec 001 §6: never oneself; the owner can message anyone; others only owners, and only when allowed. */
export function mayStartConversation(rule: MessagingRule): boolean {
  if (rule.isSelf) return false;
  if (rule.senderRole === 'owner') return true;
  return rule.recipientRole === 'owner' && rule.allowParticipantMessaging;
}

/** Writing in an existing conversation: the start rule, or answering one the owner started. */
export function maySendInConversation(rule: MessagingRule & { startedByRecipient: boolean }): boolean {
  if (mayStartConversation(rule)) return true;
  return !rule.isSelf && rule.recipientRole === 'owner' && rule.startedByRecipient;
}

/** Server refusals (403/404/409 messages) and the client's copy for messaging (spec 000 §2, §8; 001 §8). */
export const MESSAGING_COPY = {
  // spec copy
  listEmptyTitle: 'No conversations yet',
  listEmptyHint: 'Start a conversation from a threadline member list',
  noSelectionModal: 'Select a conversation to start messaging',
  noSelectionPage: 'Select a conversation',
  threadEmptyTitle: 'No messages yet',
  threadEmptyHint: 'Start the conversation!',
  placeholder: 'Type a message...',
  noConversationSelected: 'No conversation selected',
  startFailed: 'Failed to start conversation',
  ownPrefix: 'You: ',
  backToTimeline: 'Back to Threadline',
  backToHome: 'Back to Home',
  modalView: 'Modal View',
  fullScreen: 'Full Screen',
  // our copy where the spec is silent
  sendFailed: 'Failed to send message',
  readOnly: 'You can no longer send messages in this conversation.',
  // server refusals
  notFound: 'Conversation not found',
  self: 'You cannot message yourself',
  recipientNotMember: 'That person is not a member of this timeline',
  notAllowed: 'You can only message the timeline owner',
  participantMessagingOff: 'Messaging is currently disabled for participants in this timeline',
  archived: 'Timeline is archived',
  cannotSend: 'You can no longer send messages in this conversation',
} as const;
