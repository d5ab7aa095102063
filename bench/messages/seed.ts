// Data for bench/messages.ts: a user with 500 readable conversations among 5,500, seeded with set-based
// INSERT ... SELECT generate_series (ids are md5-derived uuids, so both databases get the same rows).
//
// The bench user ("me") owns threadlines 0-19, each with 25 other members, and has a conversation with 24 of
// them (480): a third started by the member, the rest by me. Threadline 3 lost 4 of those members (their
// conversations stay readable to me, canSend false); threadline 7 is archived. Me is a participant in
// threadlines 20-39 with a conversation with each owner (20; threadline 25 has participant messaging off, but
// its owner started that one, so it stays writable).
// That is the 500 the list shows. Threadline 40 (mine, 10 conversations) is deleted: never listed.
// Other people: 500 threadlines (41-540), each owner with a conversation with each of 10 members: 5,000.
// Messages: 1 to 15 per conversation (none in 1 in 25), 2,000 in conversation 0 (the page bench), senders
// alternating unevenly, minutes to hours apart over the last two months. Every message is read by its
// recipient except, in every fifth conversation, the last 1 to 4 (some unread by me, some by the other).
import type { RawClient } from '../feed/plans.ts';

/** An RFC 4122 version-4 uuid from an md5 (the API schemas check the version and variant digits). */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
export const ME = uuidOf(`'bench-msg-me'`);
const user = (j: string) => uuidOf(`'bench-msg-user-' || (${j})`);
const tl = (i: string) => uuidOf(`'bench-msg-tl-' || (${i})`);
const conv = (c: string) => uuidOf(`'bench-msg-conv-' || (${c})`);

export const MY_CONVERSATIONS = 500;
export const OTHER_CONVERSATIONS = 5_000;
/** Conversation 0: long enough for a deep page. */
export const LONG_MESSAGES = 2_000;
const OTHER_USERS = 1_500;

/** Messages in conversation c. */
const messageCount = (c: string) =>
  `case when ${c} = 0 then ${LONG_MESSAGES} when ${c} % 25 = 7 then 0 else 1 + (${c})::bigint * 7919 % 15 end`;
/** How many of its last messages are unread by their recipient. */
const unreadTail = (c: string) => `case when ${c} % 5 = 0 then 1 + (${c} / 5) % 4 else 0 end`;

const statements = [
  `insert into users (id, email, first_name, last_name, display_name)
   select ${ME}, 'bench-msg-me@example.test', 'Bench', 'Me', 'Bench Me'
   union all
   select ${user('j')}, 'bench-msg-' || j || '@example.test', 'Member' || j, 'Last' || j,
     case when j % 3 = 0 then 'Display ' || j end
   from generate_series(0, ${OTHER_USERS - 1}) j`,
  // 0-19 and 40 are mine (7 archived, 40 deleted); 20-39 owned by users 900-919; 41-540 by users 1000-1499.
  `insert into timelines (id, name, description, join_code, owner_id, allow_participant_messaging,
     archived_at, archived_by, deleted_at, deleted_by, created_at, updated_at)
   select ${tl('i')}, 'Threadline ' || i, 'Messages bench threadline ' || i, substr(md5('msg-join-' || i), 1, 10),
     owner, i <> 25, case when i = 7 then now() - interval '3 days' end, case when i = 7 then owner end,
     case when i = 40 then now() - interval '2 days' end, case when i = 40 then owner end,
     now() - interval '90 days', now() - interval '90 days'
   from (select i, case when i < 20 or i = 40 then ${ME} when i < 40 then ${user('900 + i - 20')}
           else ${user('1000 + i - 41')} end as owner
         from generate_series(0, 540) i) t`,
  `insert into timeline_members (timeline_id, user_id, role, joined_at)
   select ${tl('i')}, ${ME}, case when i < 20 or i = 40 then 'owner' else 'participant' end,
     now() - interval '90 days'
   from generate_series(0, 40) i`,
  `insert into timeline_members (timeline_id, user_id, role, joined_at)
   select ${tl('i')}, ${user('900 + i - 20')}, 'owner', now() - interval '90 days'
   from generate_series(20, 39) i`,
  // My threadlines' members; four of threadline 3's have left.
  `insert into timeline_members (timeline_id, user_id, role, joined_at)
   select ${tl('i')}, ${user('i * 25 + m')},
     case m % 8 when 1 then 'moderator' when 5 then 'viewer' else 'participant' end, now() - interval '80 days'
   from generate_series(0, 19) i, generate_series(0, 24) m
   where not (i = 3 and m between 20 and 23)`,
  `insert into timeline_members (timeline_id, user_id, role, joined_at)
   select ${tl('40')}, ${user('600 + m')}, 'participant', now() - interval '80 days'
   from generate_series(0, 9) m`,
  `insert into timeline_members (timeline_id, user_id, role, joined_at)
   select ${tl('i')}, u, role, now() - interval '80 days'
   from generate_series(41, 540) i,
     lateral (select ${user('1000 + i - 41')} as u, 'owner' as role
              union all select ${user('((i - 41) * 10 + m) % 1000')}, 'participant'
              from generate_series(0, 9) m) x`,
  // The conversations, with the numbers the messages are derived from (dropped after seeding).
  `create table bench_conv (c int primary key, id uuid, timeline_id uuid, a uuid, b uuid, created timestamptz,
     n int, tail int)`,
  `insert into bench_conv (c, timeline_id, a, b)
   select c, ${tl('c / 24')}, case when c % 3 = 0 then ${user('(c / 24) * 25 + c % 24')} else ${ME} end,
     case when c % 3 = 0 then ${ME} else ${user('(c / 24) * 25 + c % 24')} end
   from generate_series(0, 479) c
   union all
   select c, ${tl('20 + c - 480')}, case when c % 2 = 0 then ${ME} else ${user('900 + c - 480')} end,
     case when c % 2 = 0 then ${user('900 + c - 480')} else ${ME} end
   from generate_series(480, 499) c
   union all
   select c, ${tl('40')}, ${ME}, ${user('600 + c - 500')} from generate_series(500, 509) c
   union all
   select c, ${tl('41 + (c - 1000) / 10')}, ${user('1000 + (c - 1000) / 10')}, ${user('(c - 1000) % 1000')}
   from generate_series(1000, ${1000 + OTHER_CONVERSATIONS - 1}) c`,
  `update bench_conv set id = ${conv('c')},
     created = case when c = 0 then now() - interval '60 days'
                    else now() - interval '60 days' + (c::bigint * 7919 % 80000) * interval '1 minute' end,
     n = ${messageCount('c')}, tail = ${unreadTail('c')}`,
  `insert into conversations (id, timeline_id, initiator_id, recipient_id, created_at)
   select id, timeline_id, a, b, created from bench_conv`,
  `insert into messages (id, conversation_id, sender_id, content, created_at)
   select ${uuidOf(`'bench-msg-' || c || '-' || k`)}, id,
     case when (k * 7 + c) % 3 = 0 then b else a end,
     'Message ' || k || ' in conversation ' || c || ': ' || repeat('see you there ', (c + k) % 12),
     created + (k + 1) * case when c = 0 then interval '30 minutes' else (1 + c % 240) * interval '1 minute' end
   from bench_conv, lateral generate_series(0, n - 1) k`,
  `update conversations c set last_message_at = (select max(m.created_at) from messages m
     where m.conversation_id = c.id)`,
  // Read by the recipient ten minutes after it was sent, but for each conversation's unread tail.
  `insert into message_read_status (message_id, user_id, read_at)
   select ${uuidOf(`'bench-msg-' || c || '-' || k`)}, case when (k * 7 + c) % 3 = 0 then a else b end,
     least(now(), created + (k + 1) * case when c = 0 then interval '30 minutes'
       else (1 + c % 240) * interval '1 minute' end + interval '10 minutes')
   from bench_conv, lateral generate_series(0, n - 1 - tail) k`,
  'drop table bench_conv',
];

/** Seeds everything; returns the bench user's id. */
export async function seedMessages(client: RawClient): Promise<string> {
  for (const statement of statements) await client.query(statement);
  return String((await client.query(`select ${ME} as id`)).rows[0]?.id);
}

/**
 * What the answers should say, counted straight from the tables (not with the server's queries): the
 * conversations I can read (a member, the threadline not deleted) and the messages in them from the other
 * person that I have no read row for.
 */
export async function expected(client: RawClient, me: string) {
  const readable = `from conversations c join timelines t on t.id = c.timeline_id and t.deleted_at is null
    join timeline_members tm on tm.timeline_id = c.timeline_id and tm.user_id = '${me}'
    where '${me}' in (c.initiator_id, c.recipient_id)`;
  const [conversations] = (await client.query(`select count(*)::int as n ${readable}`)).rows;
  const [unread] = (
    await client.query(`select count(*)::int as n from messages m where m.sender_id <> '${me}'
      and not exists (select 1 from message_read_status r where r.message_id = m.id and r.user_id = '${me}')
      and m.conversation_id in (select c.id ${readable})`)
  ).rows;
  const [counts] = (
    await client.query(`select (select count(*) from conversations)::int as conversations,
      (select count(*) from messages)::int as messages,
      (select count(*) from message_read_status)::int as reads`)
  ).rows;
  return {
    conversations: Number(conversations?.n),
    unread: Number(unread?.n),
    totals: counts as { conversations: number; messages: number; reads: number },
  };
}

/** Conversation 0 (mine, LONG_MESSAGES messages) and the cursor of its `depth`-th newest message. */
export async function longConversation(client: RawClient, depth: number) {
  const id = String((await client.query(`select ${conv('0')} as id`)).rows[0]?.id);
  const [row] = (
    await client.query(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ',' || id as cursor
       from messages where conversation_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [id, depth - 1],
    )
  ).rows;
  return { id, cursor: String(row?.cursor) };
}
