// Writes of direct messages (spec 001 §6-§7, DECISIONS §8): start a conversation, send a message, mark a
// conversation read. Starting and sending run under the threadline's share lock (commands/lock.ts), so a
// block, a leave, an archive or a permission change either commits first and refuses them, or waits for
// them: no message lands after a block has committed.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { holdsMention, mentionAs } from '../../common/mentions.ts';
import { MESSAGING_COPY, mayStartConversation } from '../../common/messaging.ts';
import { personName } from '../../common/names.ts';
import type { StoredMention } from '../../common/notifications.ts';
import type { Role } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import { conversations, messages, timelineMembers, users } from '../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { messageNotifications } from '../notifications/content.ts';
import type { CreatedNotification } from '../notifications/store.ts';
import { authorizeSend, type ConversationAccess, loadConversation } from '../policies/conversation.ts';
import { isUuid, loadTimelineAccess, TIMELINE_NOT_FOUND, type TimelineAccess } from '../policies/timeline.ts';
import { type MessageRow, messageById } from '../queries/conversations.ts';
import { lockTimeline } from './lock.ts';

/** The pair's conversation in the threadline, whoever started it (conversations_timeline_pair_unique). */
async function pairConversation(db: Db, timelineId: string, a: string, b: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.timelineId, timelineId),
        sql`least(${conversations.initiatorId}, ${conversations.recipientId}) = least(${a}::uuid, ${b}::uuid)`,
        sql`greatest(${conversations.initiatorId}, ${conversations.recipientId}) = greatest(${a}::uuid, ${b}::uuid)`,
      ),
    );
  return row;
}

function startRefusal(access: TimelineAccess, recipientRole: Role): string | null {
  const rule = {
    senderRole: access.member.role,
    recipientRole,
    allowParticipantMessaging: access.timeline.allowParticipantMessaging,
    isSelf: false,
  };
  if (mayStartConversation(rule)) return null;
  return recipientRole === 'owner' ? MESSAGING_COPY.participantMessagingOff : MESSAGING_COPY.notAllowed;
}

/**
 * The recipient asked for the pair's conversation themself: an empty one now shows in their list too
 * (until the first message it shows only to whoever asked for it; queries/conversations.ts). Idempotent.
 */
async function openedByRecipient(db: Db, conversationId: string, userId: string) {
  await db
    .update(conversations)
    .set({ recipientOpenedAt: sql`now()` })
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.recipientId, userId),
        isNull(conversations.recipientOpenedAt),
      ),
    );
}

/**
 * POST /api/conversations. The pair's existing conversation is returned (created: false) whoever started
 * it, even where the start rule would now refuse a new one (a participant opening the conversation the
 * owner started with them); a new one needs the rule. Two people starting it at the same moment meet on
 * the pair's unique index: the second insert does nothing and reads the first one's row. A new one is
 * empty and shows to its initiator alone until its first message (issue 25: pressing Message must not
 * show the other person a "No messages yet"); the other person asking for it too shows it to them.
 */
export async function startConversation(
  db: Db,
  userId: string,
  body: { timelineId: string; recipientId: string },
): Promise<{ id: string; created: boolean; timelineId: string }> {
  if (!isUuid(body.timelineId)) throw notFound(TIMELINE_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockTimeline(tx, body.timelineId, 'share');
    const access = await loadTimelineAccess(tx, body.timelineId, userId);
    const timelineId = access.timeline.id;
    if (body.recipientId === userId) throw badRequest(MESSAGING_COPY.self);
    if (access.timeline.archivedAt) throw forbidden(MESSAGING_COPY.archived);
    const [recipient] = await tx
      .select({ role: timelineMembers.role })
      .from(timelineMembers)
      .where(and(eq(timelineMembers.timelineId, timelineId), eq(timelineMembers.userId, body.recipientId)));
    // 404: whether someone outside the threadline exists is none of the caller's business.
    if (!recipient) throw notFound(MESSAGING_COPY.recipientNotMember);
    const existing = await pairConversation(tx, timelineId, userId, body.recipientId);
    if (existing) {
      await openedByRecipient(tx, existing.id, userId);
      return { id: existing.id, created: false, timelineId };
    }
    const refused = startRefusal(access, recipient.role as Role);
    if (refused) throw forbidden(refused);
    const [inserted] = await tx
      .insert(conversations)
      .values({ timelineId, initiatorId: userId, recipientId: body.recipientId })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (inserted) return { id: inserted.id, created: true, timelineId };
    // The other person's start committed while ours waited on the index: theirs is the conversation.
    const theirs = await pairConversation(tx, timelineId, userId, body.recipientId);
    await openedByRecipient(tx, theirs!.id, userId);
    return { id: theirs!.id, created: false, timelineId };
  });
}

/**
 * A message can mention only the other person (the one reader besides its sender), when its text holds
 * their "@Name"; any other id is ignored.
 */
async function messageMentions(
  tx: Db,
  otherId: string,
  content: string,
  ids: string[] | undefined,
): Promise<StoredMention[]> {
  if (!ids?.includes(otherId)) return [];
  const [other] = await tx
    .select({ displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, otherId));
  const as = other && mentionAs(other);
  return as && holdsMention(content, as) ? [{ id: otherId, as }] : [];
}

/**
 * POST /api/conversations/{id}/messages: the threadline is locked first, then memberships, state and the
 * rule are read again under the lock, the message inserted and the conversation's lastMessageAt moved.
 * The recipient's `message` notification is written with it (`notifications`: for the route to publish).
 */
export async function sendMessage(
  db: Db,
  userId: string,
  conversationId: string,
  body: { content: string; mentions?: string[] },
): Promise<{ row: MessageRow; access: ConversationAccess; notifications: CreatedNotification[] }> {
  const { content } = body;
  if (!isUuid(conversationId)) throw notFound(MESSAGING_COPY.notFound);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ timelineId: conversations.timelineId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!found) throw notFound(MESSAGING_COPY.notFound);
    await lockTimeline(tx, found.timelineId, 'share');
    const access = await loadConversation(tx, conversationId, userId);
    authorizeSend(access);
    // Sends in one conversation queue on its row, and each reads the clock only once it holds the row:
    // createdAt order is then commit order, which the unread count relies on (queries/conversations.ts).
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('no key update');
    const mentions = await messageMentions(tx, access.otherId, content, body.mentions);
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId,
        senderId: userId,
        content,
        mentions: mentions.length ? mentions : null,
        createdAt: sql`clock_timestamp()`,
      })
      .returning({ id: messages.id });
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`(select m.created_at from messages m where m.id = ${message!.id})` })
      .where(eq(conversations.id, conversationId));
    const row = (await messageById(tx, message!.id))!;
    const ctx = {
      actorId: userId,
      actorName: personName(row.sender),
      timelineId: access.timeline.id,
      timelineName: access.timeline.name,
    };
    const notifications = await messageNotifications(tx, ctx, row, access.otherId);
    return { row, access, notifications };
  });
}

/**
 * POST /api/conversations/{id}/read and /mark-read: every message from the other person becomes read by
 * the caller. A repeat, or a call racing another, marks nothing twice (the (message, user) unique index).
 */
export async function markConversationRead(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<{ marked: number; readAt: Date }> {
  const readAt = new Date();
  const result = await db.execute(sql`
    with marked as (
      insert into message_read_status (message_id, user_id, read_at)
      select m.id, ${userId}, ${readAt.toISOString()}::timestamptz from messages m
      where m.conversation_id = ${conversationId} and m.sender_id <> ${userId} and m.deleted_at is null
        and not exists (
          select 1 from message_read_status r where r.message_id = m.id and r.user_id = ${userId})
      on conflict do nothing
      returning 1)
    select count(*)::int as n from marked`);
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return { marked: row?.n ?? 0, readAt };
}
