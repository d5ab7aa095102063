// Reads of direct messages: the caller's conversation list and unread total, a page of messages, and one
// message as the API shows it. Each is ONE statement whatever the number of conversations or messages:
// the list decorates every conversation row with its last message and unread count through lateral
// subqueries that read messages_conversation_created_idx backwards from the newest message.
import { type SQL, sql } from 'drizzle-orm';
import { MESSAGING } from '../../common/limits.ts';
import type { StoredMention } from '../../common/notifications.ts';
import type { Role } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import { preparedRows } from '../db/named.ts';
import { LIST_FETCH, parseListCursor } from '../http/list-page.ts';
import { type AuthorRow, authorJson, isoMicros, parseCursor } from './feed.ts';

export interface ConversationRow {
  id: string;
  timelineId: string;
  timelineName: string;
  archivedAt: string | null;
  allowParticipantMessaging: boolean;
  initiator: AuthorRow;
  recipient: AuthorRow;
  /** The owner of the threadline: the only one besides each person themself who sees e-mail addresses. */
  ownerId: string;
  callerRole: Role;
  /** Null when the other person is no longer a member. */
  otherRole: Role | null;
  unreadCount: number;
  lastMessage: { content: string; createdAt: string; senderId: string } | null;
  lastMessageAt: string;
  createdAt: string;
}

export interface MessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  sender: AuthorRow;
  content: string;
  createdAt: string;
  isRead: boolean;
  mentions: StoredMention[] | null;
}

const rows = async <T>(db: Db, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * The unread count of conversation `c` for `me`: messages from the other person without a read row of
 * theirs. A mark-read marks every message from the other person it sees, and sends in one conversation take
 * the conversation's row lock before reading the clock (commands/conversations.ts), so createdAt order is
 * commit order: when the newest message from the other person is read, every older one is too. That one
 * step back along messages_conversation_created_idx settles most conversations; only those with unread
 * messages count them, one probe of message_read_status_message_user_unique per message.
 */
const unreadIn = (me: string) => sql`case when coalesce((
    select exists (select 1 from message_read_status r where r.message_id = w.id and r.user_id = ${me})
    from messages w where w.conversation_id = c.id and w.sender_id <> ${me} and w.deleted_at is null
    order by w.created_at desc limit 1), true) then 0
  else (select count(*)::int from messages m
    where m.conversation_id = c.id and m.sender_id <> ${me} and m.deleted_at is null
      and not exists (select 1 from message_read_status r where r.message_id = m.id and r.user_id = ${me}))
  end`;

/**
 * The conversations `me` can read: they are one of its two people, still a member of its threadline, and
 * the threadline is not deleted. PostgreSQL goes from the caller's memberships (timeline_members_user_idx)
 * to each threadline's conversations (conversations_timeline_pair_unique leads with timeline_id).
 */
const readableFrom = (me: string) => sql`conversations c
  join timelines t on t.id = c.timeline_id and t.deleted_at is null
  join timeline_members mm on mm.timeline_id = c.timeline_id and mm.user_id = ${me}`;
/**
 * The caller's conversations: an empty one shows only to whoever asked for it (its initiator, or the
 * recipient once they asked too: commands/conversations.ts), so pressing Message shows the other person
 * nothing until the first message (issue 25). lastMessageAt is set in the first message's transaction.
 */
const mine = (me: string) => sql`(c.initiator_id = ${me} or (c.recipient_id = ${me}
  and (c.last_message_at is not null or c.recipient_opened_at is not null)))`;

/**
 * GET /api/conversations, one page: newest activity first (the last message, else the conversation's
 * creation), ties by id, after `cursor` (`activity,id` at full precision; http/list-page.ts). LIST_FETCH rows
 * are picked first (materialized, so the LIMIT stays below the lateral subqueries) and only they are
 * decorated with their last message and unread count: the cost per page stays flat however many
 * conversations the caller has. The last message's content comes cut to one code point past the preview
 * (the presenter cuts it on a grapheme boundary), never the whole 4,000 characters.
 * Prepared on PostgreSQL: planning this many joins took longer than running them (bench/messages.ts).
 */
export function conversationListSql(me: string, cursor?: string): SQL {
  const after = parseListCursor(cursor);
  const activity = sql.raw('coalesce(c.last_message_at, c.created_at)');
  const where = [mine(me)];
  if (after) where.push(sql`(${activity}, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  return sql`
    with page as materialized (
      select c.id, c.timeline_id, c.initiator_id, c.recipient_id, c.created_at, ${activity} as activity,
        t.name as timeline_name, t.archived_at, t.allow_participant_messaging, t.owner_id, mm.role
      from ${readableFrom(me)}
      where ${sql.join(where, sql` and `)}
      order by activity desc, c.id desc limit ${LIST_FETCH})
    select c.id, c.timeline_id as "timelineId", c.timeline_name as "timelineName",
      ${isoMicros(sql.raw('c.archived_at'))} as "archivedAt",
      c.allow_participant_messaging as "allowParticipantMessaging", c.owner_id as "ownerId",
      ${authorJson('iu')} as initiator, ${authorJson('ru')} as recipient,
      c.role as "callerRole", om.role as "otherRole", un.n as "unreadCount",
      case when lm.created_at is null then null else json_build_object(
        'content', left(lm.content, ${MESSAGING.previewChars + 1}::int),
        'createdAt', ${isoMicros(sql.raw('lm.created_at'))}, 'senderId', lm.sender_id) end as "lastMessage",
      ${isoMicros(sql.raw('c.activity'))} as "lastMessageAt", ${isoMicros(sql.raw('c.created_at'))} as "createdAt"
    from page c
    join users iu on iu.id = c.initiator_id
    join users ru on ru.id = c.recipient_id
    left join timeline_members om on om.timeline_id = c.timeline_id
      and om.user_id = (case when c.initiator_id = ${me} then c.recipient_id else c.initiator_id end)
    -- The newest message by created_at alone: one step back along the index, where a tie-break on id
    -- cost an incremental sort per conversation (half the statement's time with 500 conversations). Two
    -- messages of one conversation within the same microsecond may show either as the last.
    left join lateral (
      select m.content, m.created_at, m.sender_id from messages m
      where m.conversation_id = c.id and m.deleted_at is null
      order by m.created_at desc limit 1) lm on true
    cross join lateral (select ${unreadIn(me)} as n) un
    order by c.activity desc, c.id desc`;
}

/** One page of the list plus one row (whether more follow); `lastMessageAt` is the page's cursor time. */
export function conversationList(db: Db, me: string, cursor?: string): Promise<ConversationRow[]> {
  return preparedRows<ConversationRow>(db, 'conversation_list', conversationListSql(me, cursor));
}

/** GET /api/conversations/unread-count: every readable conversation's unread messages together. */
export async function unreadTotal(db: Db, me: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select coalesce(sum(${unreadIn(me)}), 0)::int as n from ${readableFrom(me)} where ${mine(me)}`,
  );
  return row?.n ?? 0;
}

/** `m` is a page of messages; whether read: by the caller (others' messages) or by the other person (own). */
const messageColumns = sql`m.id, m.conversation_id as "conversationId", m.sender_id as "senderId",
  ${authorJson('u')} as sender, m.content, m.mentions, ${isoMicros(sql.raw('m.created_at'))} as "createdAt",
  exists (select 1 from message_read_status r where r.message_id = m.id and r.user_id <> m.sender_id)
    as "isRead"`;

/**
 * GET /api/conversations/{id}/messages: the newest `limit` messages before the cursor (the oldest message
 * shown, `createdAt,id` at full precision), oldest first within the page.
 */
export function messagesPage(
  db: Db,
  conversationId: string,
  options: { limit: number; cursor?: string },
): Promise<MessageRow[]> {
  const cursor = parseCursor(options.cursor);
  const where = [sql`m.conversation_id = ${conversationId}`, sql`m.deleted_at is null`];
  if (cursor?.id) {
    // The plain bound lets the index range stop at the cursor; the row comparison breaks ties by id.
    where.push(sql`m.created_at <= ${cursor.at}::timestamptz`);
    where.push(sql`(m.created_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  } else if (cursor) where.push(sql`m.created_at < ${cursor.at}::timestamptz`);
  return rows<MessageRow>(
    db,
    sql`
    with page as materialized (
      select * from messages m where ${sql.join(where, sql` and `)}
      order by m.created_at desc, m.id desc limit ${options.limit})
    select ${messageColumns}
    from page m join users u on u.id = m.sender_id
    order by m.created_at, m.id`,
  );
}

/** One message as pages show it; undefined when it is missing or deleted (pages leave those out too). */
export async function messageById(db: Db, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await rows<MessageRow>(
    db,
    sql`select ${messageColumns} from messages m join users u on u.id = m.sender_id where m.id = ${messageId} and m.deleted_at is null`,
  );
  return row;
}
