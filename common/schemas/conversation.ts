// The API contract of direct messages (spec 000 §3, §7; 001 §7; DECISIONS §6, §8).
// The server validates bodies and shapes answers with these; the client reads the inferred types.
import { z } from 'zod';
import { MESSAGING, TEXT_LIMITS } from '../limits.ts';
import { TIMELINE_STATES } from '../roles.ts';
import { mentionIdsSchema, mentionSchema } from './notifications.ts';
import { text } from './text.ts';
import { memberUser } from './timeline.ts';

const iso = z.iso.datetime({ offset: true });
/** Lower-cased, so ids compare as the database compares them (an upper-case copy of one's own id is one's id). */
const uuid = z.uuid().toLowerCase();

// ---- bodies and queries ----

/** POST /api/conversations: the answer is `{id}`, 201 when new and 200 when the pair already had one. */
export const createConversationBody = z.object({ timelineId: uuid, recipientId: uuid }).strict();
export type CreateConversationBody = z.infer<typeof createConversationBody>;

export const conversationCreated = z.object({ id: uuid });
export type ConversationCreated = z.infer<typeof conversationCreated>;

/** POST /api/conversations/{id}/messages: 1 to 4,000 characters after trimming (DECISIONS §6). */
export const sendMessageBody = z
  .object({
    content: text(TEXT_LIMITS.directMessage, 'Message', {
      multiline: true,
      required: 'Please enter a message',
    }),
    /** Only the other person can be mentioned (the only one who reads it besides the sender). */
    mentions: mentionIdsSchema,
  })
  .strict();
export type SendMessageBody = z.input<typeof sendMessageBody>;

/**
 * GET /api/conversations/{id}/messages: the newest `limit` messages before `cursor`, oldest first within
 * the page. `cursor` is the oldest shown message's `createdAt,id` (full precision); a page shorter than
 * `limit` means there is nothing older.
 */
export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGING.maxPageSize).default(MESSAGING.pageSize),
  cursor: z.string().max(100).optional(),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

// ---- answers ----

/**
 * A person in a conversation (spec 000 §3). `email` is the caller's own, or the other person's only when
 * the caller owns the threadline (DECISIONS §5: e-mail addresses reach the owner alone); otherwise null.
 */
export const conversationUser = memberUser.omit({ bio: true });
export type ConversationUser = z.infer<typeof conversationUser>;

export const lastMessageSchema = z.object({
  content: z.string(),
  createdAt: iso,
  senderId: uuid,
});

/** GET /api/conversations: one per conversation the caller can read, newest activity first. */
export const conversationSchema = z.object({
  id: uuid,
  timelineId: uuid,
  initiator: conversationUser,
  recipient: conversationUser,
  timeline: z.object({ id: uuid, name: z.string(), state: z.enum(TIMELINE_STATES) }),
  /** Messages from the other person the caller has not read. */
  unreadCount: z.number().int().min(0),
  lastMessage: lastMessageSchema.nullable(),
  /** The last message's time, else the conversation's creation: the list's order. */
  lastMessageAt: iso,
  createdAt: iso,
  /**
   * Whether the caller may write now: both still members, the threadline active, and the messaging rule
   * (common/messaging.ts) allows it. When false the screens show the history with a read-only notice.
   */
  canSend: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationList = z.array(conversationSchema);

/**
 * A message (spec 000 §3). `isRead`: for the other person's messages, whether the caller read it; for the
 * caller's own, whether the other person read it (the read receipt).
 */
export const messageSchema = z.object({
  id: uuid,
  conversationId: uuid,
  senderId: uuid,
  sender: conversationUser,
  content: z.string(),
  createdAt: iso,
  isRead: z.boolean(),
  /** The other person when the message mentions them and they are still a member, under their name now. */
  mentions: z.array(mentionSchema),
});
export type Message = z.infer<typeof messageSchema>;
export const messageList = z.array(messageSchema);

/** POST /api/conversations/{id}/read and /mark-read: how many messages became read, and when. */
export const markReadResult = z.object({ marked: z.number().int().min(0), readAt: iso });
export type MarkReadResult = z.infer<typeof markReadResult>;

/** GET /api/conversations/unread-count: the header's Messages badge (every readable conversation). */
export const unreadMessagesCount = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadMessagesCount = z.infer<typeof unreadMessagesCount>;
