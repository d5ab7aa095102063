// Who may read and write a conversation (spec 001 §6, DECISIONS §8). Only its two people ever see it, and
// each only while they are a member of its threadline and the threadline is not deleted: anyone else gets
// the same 404 as for a conversation that does not exist. Writing also needs the other person still a
// member, an active (not archived) threadline and the messaging rule of common/messaging.ts.
import { and, eq, inArray } from 'drizzle-orm';
import { MESSAGING_COPY, maySendInConversation } from '../../common/messaging.ts';
import type { Role } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import { conversations, type Timeline, timelineMembers, timelines } from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { isUuid } from './timeline.ts';

/** What the send rule needs to know about a conversation, from the caller's side. */
export interface SendFacts {
  callerRole: Role;
  /** The other person's role, or null when they are no longer a member (left, removed, blocked). */
  otherRole: Role | null;
  archived: boolean;
  allowParticipantMessaging: boolean;
  /** The other person started the conversation (so the caller may answer the owner). */
  startedByOther: boolean;
}

/** Why the caller may not write in the conversation now, or null when they may. */
export function sendRefusal(facts: SendFacts): string | null {
  if (facts.archived) return MESSAGING_COPY.archived;
  if (!facts.otherRole) return MESSAGING_COPY.cannotSend;
  const allowed = maySendInConversation({
    senderRole: facts.callerRole,
    recipientRole: facts.otherRole,
    allowParticipantMessaging: facts.allowParticipantMessaging,
    isSelf: false,
    startedByRecipient: facts.startedByOther,
  });
  if (allowed) return null;
  // The owner refused only by the switch: say so, as the start refusal does.
  if (facts.otherRole === 'owner' && !facts.allowParticipantMessaging) {
    return MESSAGING_COPY.participantMessagingOff;
  }
  return MESSAGING_COPY.cannotSend;
}

type Conversation = typeof conversations.$inferSelect;

export interface ConversationAccess {
  conversation: Conversation;
  timeline: Timeline;
  callerRole: Role;
  otherId: string;
  otherRole: Role | null;
  canSend: boolean;
  refusal: string | null;
}

/** The other person of a conversation, seen from `userId`. */
export const otherPerson = (c: { initiatorId: string; recipientId: string }, userId: string) =>
  c.initiatorId === userId ? c.recipientId : c.initiatorId;

/**
 * The conversation as the caller may see it, or 404 "Conversation not found". Inside a transaction that
 * locked the threadline first, memberships and state are the ones under the lock.
 */
export async function loadConversation(db: Db, id: string, userId: string): Promise<ConversationAccess> {
  if (!isUuid(id)) throw notFound(MESSAGING_COPY.notFound);
  const [row] = await db
    .select({ conversation: conversations, timeline: timelines })
    .from(conversations)
    .innerJoin(timelines, eq(timelines.id, conversations.timelineId))
    .where(eq(conversations.id, id));
  if (!row || row.timeline.deletedAt) throw notFound(MESSAGING_COPY.notFound);
  const { conversation, timeline } = row;
  if (conversation.initiatorId !== userId && conversation.recipientId !== userId) {
    throw notFound(MESSAGING_COPY.notFound);
  }
  const otherId = otherPerson(conversation, userId);
  const members = await db
    .select({ userId: timelineMembers.userId, role: timelineMembers.role })
    .from(timelineMembers)
    .where(
      and(eq(timelineMembers.timelineId, timeline.id), inArray(timelineMembers.userId, [userId, otherId])),
    );
  const roleOf = (who: string) => (members.find((m) => m.userId === who)?.role as Role | undefined) ?? null;
  const callerRole = roleOf(userId);
  // The one who left or was blocked loses the conversation; the one who remains keeps it.
  if (!callerRole) throw notFound(MESSAGING_COPY.notFound);
  const otherRole = roleOf(otherId);
  const refusal = sendRefusal({
    callerRole,
    otherRole,
    archived: timeline.archivedAt !== null,
    allowParticipantMessaging: timeline.allowParticipantMessaging,
    startedByOther: conversation.initiatorId === otherId,
  });
  return { conversation, timeline, callerRole, otherId, otherRole, canSend: refusal === null, refusal };
}

/** Throws 403 with the reason when the caller may not write now. */
export function authorizeSend(access: ConversationAccess): void {
  if (access.refusal) throw forbidden(access.refusal);
}
