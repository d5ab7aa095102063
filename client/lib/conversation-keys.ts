// Query keys of direct messages, shared by the messages feature, the header badge, the members list and the
// socket's live updates (spec 000 §7: the default query function joins a key with '/').
export const conversationKeys = {
  /** GET /api/conversations: polled every 30 s (in the modal only while it is open). */
  list: ['/api/conversations'] as const,
  /** GET /api/conversations/unread-count: the header's Messages badge. */
  unreadCount: ['/api/conversations/unread-count'] as const,
  /** Prefix of everything about one conversation. */
  conversation: (id: string) => ['/api/conversations', id] as const,
  /** GET /api/conversations/{id}/messages: the newest page, polled every 5 s while selected. */
  messages: (id: string) => ['/api/conversations', id, 'messages'] as const,
};

export const messagesUrl = (id: string, cursor?: string) =>
  `/api/conversations/${id}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
