import { describe, expect, it } from 'vitest';
import { ADA, conversation, ME } from '../test/conversations.ts';
import { conversationLabel, lastMessagePreview, otherName, otherPerson } from './conversation-view.ts';

describe('conversation-view', () => {
  it('finds the other person whichever side started it', () => {
    expect(otherPerson(conversation(), ME.id)).toBe(ADA);
    expect(otherPerson(conversation({ initiator: ADA, recipient: ME }), ME.id)).toBe(ADA);
    expect(otherName(conversation(), ME.id)).toBe('Ada Lovelace');
  });

  it('prefixes one\'s own last message with "You: " and keeps it on one line', () => {
    const own = conversation({
      lastMessage: { content: 'Bring\nthe  seeds', createdAt: new Date().toISOString(), senderId: ME.id },
    });
    expect(lastMessagePreview(own, ME.id)).toBe('You: Bring the seeds');
    expect(lastMessagePreview(conversation(), ME.id)).toBe('See you at the plot');
    expect(lastMessagePreview(conversation({ lastMessage: null }), ME.id)).toBeNull();
  });

  it('names an item by person, threadline and unread count', () => {
    expect(conversationLabel(conversation(), ME.id)).toBe('Ada Lovelace (Garden Club)');
    expect(conversationLabel(conversation({ unreadCount: 1 }), ME.id)).toBe(
      'Ada Lovelace (Garden Club), 1 unread message',
    );
    expect(conversationLabel(conversation({ unreadCount: 120 }), ME.id)).toBe(
      'Ada Lovelace (Garden Club), 120 unread messages',
    );
  });
});
