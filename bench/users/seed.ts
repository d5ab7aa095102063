// Data for bench/users.ts, seeded with set-based INSERT ... SELECT generate_series (a few seconds for
// thousands of users). N users in threadlines of `group` members: user i belongs to threadline i / group (its
// owner when i % group = 0) and, as a participant, to the threadline of user (i + group / 2) mod N, so each
// threadline has about 2 x group members and each user two threadlines. 30 posts per threadline (words for
// search), a conversation (5 messages) between
// each threadline's owner and every other member of its group (every conversation involves the owner).
import { randomBytes } from 'node:crypto';
import type { RawClient } from '../feed/plans.ts';

export interface SimUser {
  id: string;
  cookie: string;
  timelines: string[];
  /** Conversations with the threadline's owner (the owner has one with each member of its group). */
  conversations: Array<{ id: string; partnerId: string }>;
}

export interface Layout {
  users: SimUser[];
  /** Threadline id -> its members' ids. */
  members: Record<string, string[]>;
}

const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

export async function seedUsers(client: RawClient, n: number, group: number): Promise<Layout> {
  const run = randomBytes(4).toString('hex');
  const user = (i: string) => uuidOf(`'lu-${run}-u-' || (${i})`);
  const tl = (t: string) => uuidOf(`'lu-${run}-t-' || (${t})`);
  const conv = (c: string) => uuidOf(`'lu-${run}-c-' || (${c})`);
  const threadlines = Math.ceil(n / group);
  const half = Math.floor(group / 2);
  const statements = [
    `insert into users (id, email, first_name, last_name)
     select ${user('i')}, 'lu-${run}-' || i || '@example.test', 'User', 'Number ' || i
     from generate_series(0, ${n - 1}) i`,
    `insert into timelines (id, name, description, join_code, owner_id, allow_participant_messaging)
     select ${tl('t')}, 'Load threadline ' || t, 'Simulated users', substr(md5('lu-${run}-j-' || t), 1, 10),
       ${user(`t * ${group}`)}, true
     from generate_series(0, ${threadlines - 1}) t`,
    `insert into timeline_members (timeline_id, user_id, role)
     select ${tl(`i / ${group}`)}, ${user('i')}, case when i % ${group} = 0 then 'owner' else 'participant' end
     from generate_series(0, ${n - 1}) i`,
    `insert into timeline_members (timeline_id, user_id, role)
     select ${tl(`((i + ${half}) % ${n}) / ${group}`)}, ${user('i')}, 'participant'
     from generate_series(0, ${n - 1}) i
     where ((i + ${half}) % ${n}) / ${group} <> i / ${group}`,
    `insert into posts (timeline_id, author_id, content, created_at)
     select ${tl('t')}, ${user(`least(${n - 1}, t * ${group} + k % ${group})`)},
       'Seed post ' || k || ' about ' || (array['gardens','trains','music','recipes','the weekend','photos'])[1 + k % 6]
         || ' in threadline ' || t,
       now() - (30 - k) * interval '1 hour'
     from generate_series(0, ${threadlines - 1}) t, generate_series(0, 29) k`,
    `insert into conversations (id, timeline_id, initiator_id, recipient_id, created_at, last_message_at)
     select ${conv('i')}, ${tl(`i / ${group}`)}, ${user(`i / ${group} * ${group}`)}, ${user('i')},
       now() - interval '2 days', now() - interval '1 day'
     from generate_series(0, ${n - 1}) i
     where i % ${group} <> 0`,
    `insert into messages (conversation_id, sender_id, content, created_at)
     select c.id, case when k % 2 = 0 then c.initiator_id else c.recipient_id end, 'Seed message ' || k,
       now() - interval '1 day' - (5 - k) * interval '1 minute'
     from conversations c, generate_series(0, 4) k
     where c.id in (select ${conv('i')} from generate_series(0, ${n - 1}) i)`,
  ];
  for (const statement of statements) await client.query(statement);
  await client.query('analyze');
  const rows = (
    await client.query(`select i, ${user('i')}::text as id from generate_series(0, ${n - 1}) i order by i`)
  ).rows;
  const users: SimUser[] = rows.map((r) => ({
    id: String(r.id),
    cookie: '',
    timelines: [],
    conversations: [],
  }));
  const index = new Map(users.map((u, i) => [u.id, i]));
  const members: Record<string, string[]> = {};
  const memberships = (
    await client.query(
      `select m.timeline_id::text as t, m.user_id::text as u from timeline_members m
       where m.user_id in (select ${user('i')} from generate_series(0, ${n - 1}) i)`,
    )
  ).rows;
  for (const { t, u } of memberships) {
    const id = String(u);
    users[index.get(id)!]!.timelines.push(String(t));
    const list = members[String(t)] ?? [];
    list.push(id);
    members[String(t)] = list;
  }
  const conversations = (
    await client.query(
      `select id::text as id, initiator_id::text as a, recipient_id::text as b from conversations
       where id in (select ${conv('i')} from generate_series(0, ${n - 1}) i)`,
    )
  ).rows;
  for (const { id, a, b } of conversations) {
    users[index.get(String(a))!]!.conversations.push({ id: String(id), partnerId: String(b) });
    users[index.get(String(b))!]!.conversations.push({ id: String(id), partnerId: String(a) });
  }
  return { users, members };
}
