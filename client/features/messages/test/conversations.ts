// Conversation fixtures for this feature's tests (L). The signed-in user is ME; others are ADA and BOB.
import type { Conversation, ConversationUser } from '../../../../common/schemas/conversation.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';

const person = (id: string, firstName: string, lastName: string): ConversationUser => ({
  id,
  displayName: null,
  firstName,
  lastName,
  email: null,
  profileImageUrl: null,
});

export const ME = person('00000000-0000-4000-8000-00000000000a', 'Mia', 'Me');
export const ADA = person('00000000-0000-4000-8000-00000000000b', 'Ada', 'Lovelace');
export const BOB = person('00000000-0000-4000-8000-00000000000c', 'Bob', 'Builder');

/** ME as GET /api/auth/user answers (for useAuth in tests). */
export const ME_USER: CurrentUser = {
  ...ME,
  email: 'mia@example.com',
  bio: null,
  plan: 'free',
  emailVerified: true,
};

export const TIMELINE_ID = '00000000-0000-4000-8000-0000000000f1';
export const CONV_ADA = '00000000-0000-4000-8000-0000000000c1';
export const CONV_BOB = '00000000-0000-4000-8000-0000000000c2';

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** A conversation ME started with ADA in "Garden Club", last message from ADA 5 minutes ago. */
export function conversation(over: Partial<Conversation> = {}): Conversation {
  return {
    id: CONV_ADA,
    timelineId: TIMELINE_ID,
    initiator: ME,
    recipient: ADA,
    timeline: { id: TIMELINE_ID, name: 'Garden Club', state: 'active' },
    unreadCount: 0,
    lastMessage: { content: 'See you at the plot', createdAt: at(5), senderId: ADA.id },
    lastMessageAt: at(5),
    createdAt: at(60),
    canSend: true,
    ...over,
  };
}

/** ADA (unread 3) and BOB (who started it; ME wrote last). */
export const twoConversations = (): Conversation[] => [
  conversation({ unreadCount: 3 }),
  conversation({
    id: CONV_BOB,
    initiator: BOB,
    recipient: ME,
    timeline: { id: TIMELINE_ID, name: 'Book Club', state: 'active' },
    lastMessage: { content: 'Thanks!', createdAt: at(90), senderId: ME.id },
    lastMessageAt: at(90),
  }),
];
