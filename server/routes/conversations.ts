// Direct messages (spec 000 §7, 001 §7, DECISIONS §8): start a conversation, list them, read and send
// messages, mark read. Live delivery: `new_message` and `message_read` on both people's own channels,
// published after the write committed (server/realtime/render.ts turns them into socket messages).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  conversationCreated,
  conversationList,
  createConversationBody,
  markReadResult,
  messageList,
  messageSchema,
  messagesQuery,
  sendMessageBody,
  unreadMessagesCount,
} from '../../common/schemas/conversation.ts';
import { listPageQuery } from '../../common/schemas/list-page.ts';
import { markConversationRead, sendMessage, startConversation } from '../commands/conversations.ts';
import { sendNextCursor, takePage } from '../http/list-page.ts';
import { publishNotifications } from '../notifications/publish.ts';
import { loadConversation } from '../policies/conversation.ts';
import { presentConversation, presentMessage } from '../presenters/conversation.ts';
import {
  conversationList as listConversations,
  messagesPage,
  unreadTotal,
} from '../queries/conversations.ts';
import { messageMentionNames } from '../queries/mentions.ts';
import { idParam } from './params.ts';

/** A malformed id is a 404 like any id the caller cannot see (the policy checks it is a UUID). */
const conversationParams = z.object({ id: idParam });
type ConversationParams = z.infer<typeof conversationParams>;

export async function conversationRoutes(app: FastifyInstance) {
  const { db } = app;

  app.post(
    '/api/conversations',
    {
      config: { writeLimit: 'conversation' },
      schema: {
        summary: 'Start a conversation (or answer the existing one)',
        errors: { 403: 'Messaging is off in the threadline, or it is archived' },
        body: createConversationBody,
        response: { 200: conversationCreated, 201: conversationCreated },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { id, created } = await startConversation(db, request.user!.id, body);
      return reply.code(created ? 201 : 200).send({ id });
    },
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        summary: "A page of the caller's conversations",
        querystring: listPageQuery,
        response: { 200: conversationList },
      },
    },
    async (request, reply) => {
      const me = request.user!.id;
      const { cursor } = request.query;
      const page = takePage(await listConversations(db, me, cursor), (row) => ({
        at: row.lastMessageAt,
        id: row.id,
      }));
      sendNextCursor(reply, page.nextCursor);
      return page.items.map((row) => presentConversation(row, me));
    },
  );

  app.get(
    '/api/conversations/unread-count',
    {
      schema: {
        summary: 'How many messages the caller has not read',
        response: { 200: unreadMessagesCount },
      },
    },
    async (request) => ({ unreadCount: await unreadTotal(db, request.user!.id) }),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        summary: "A page of a conversation's messages",
        params: conversationParams,
        querystring: messagesQuery,
        response: { 200: messageList },
      },
    },
    async (request) => {
      const { id } = request.params;
      const query = request.query;
      const me = request.user!.id;
      const access = await loadConversation(db, id, me);
      const rows = await messagesPage(db, access.conversation.id, query);
      const viewer = { userId: me, isOwner: access.callerRole === 'owner' };
      const names = await messageMentionNames(db, access.timeline.id, rows);
      return rows.map((row) => presentMessage(row, viewer, access.timeline.id, names));
    },
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      config: { writeLimit: 'message' },
      schema: {
        summary: 'Send a message',
        errors: { 403: 'The conversation is read-only' },
        params: conversationParams,
        body: sendMessageBody,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      const me = request.user!.id;
      const { row, access, notifications } = await sendMessage(db, me, id, body);
      await app.realtime.publish({
        kind: 'user',
        type: 'new_message',
        userIds: [me, access.otherId],
        timelineId: access.timeline.id,
        actorId: me,
        conversationId: row.conversationId,
        messageId: row.id,
      });
      await publishNotifications(app, request.log, notifications);
      const viewer = { userId: me, isOwner: access.callerRole === 'owner' };
      const names = await messageMentionNames(db, access.timeline.id, [row]);
      return reply.code(201).send(presentMessage(row, viewer, access.timeline.id, names));
    },
  );

  // Both paths of the spec share one handler: the page uses /read, the modal /mark-read.
  const markRead = async (request: FastifyRequest<{ Params: ConversationParams }>) => {
    const { id } = request.params;
    const me = request.user!.id;
    // Readable is enough: the one who remains may still mark a read-only conversation read.
    const access = await loadConversation(db, id, me);
    const { marked, readAt } = await markConversationRead(db, me, access.conversation.id);
    const at = readAt.toISOString();
    if (marked > 0) {
      await app.realtime.publish({
        kind: 'user',
        type: 'message_read',
        // The receipt goes to the other person only while they are still a member (not left or blocked).
        userIds: access.otherRole ? [me, access.otherId] : [me],
        timelineId: access.timeline.id,
        actorId: me,
        conversationId: access.conversation.id,
        readAt: at,
      });
    }
    return { marked, readAt: at };
  };
  for (const path of ['read', 'mark-read'] as const) {
    app.post(
      `/api/conversations/:id/${path}`,
      {
        schema: {
          summary: `Mark a conversation read (${path === 'read' ? 'the page' : "the modal's path"})`,
          params: conversationParams,
          response: { 200: markReadResult },
        },
      },
      markRead,
    );
  }
}
