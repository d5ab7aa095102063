// Lists answered page by page (issue 23, item 13): join requests, blocked users and conversations keep the
// spec's array body, at most LIST_PAGE_SIZE items, and X-Next-Cursor while more remain. 120 items give pages
// of 50, 50 and 20 in the documented order, with equal timestamps neither skipped nor repeated; a bad cursor
// is a 400; every access rule of these routes is as before. The conversation list's last message is a
// preview cut at MESSAGING.previewChars.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, MESSAGING, NEXT_CURSOR_HEADER } from '../../common/limits.ts';
import { conversationList } from '../../common/schemas/conversation.ts';
import { blockedUsers, joinRequests } from '../../common/schemas/timeline.ts';
import {
  conversations,
  messages,
  type Timeline,
  timelineBlockedUsers,
  timelineJoinRequests,
  timelineMembers,
  type User,
  users,
} from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildConversation,
  buildMessage,
  buildThreadline,
  type Caller,
  callerFor,
  cookieFor,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();
const COUNT = 120;
const header = NEXT_CURSOR_HEADER.toLowerCase();
/** Three instants shared by 40 items each: the order within each rests on the id alone. */
const INSTANTS = [
  '2026-03-01T10:00:00.000003Z',
  '2026-03-01T10:00:00.000002Z',
  '2026-03-01T10:00:00.000001Z',
];
const instant = (i: number) => sql`${INSTANTS[i % 3]}::timestamptz` as unknown as Date;

/** `n` users at once (the lists only need rows to point at). */
async function manyUsers(n: number): Promise<User[]> {
  const values = Array.from({ length: n }, (_, i) => ({
    email: `bulk-${i}-${crypto.randomUUID()}@example.test`,
  }));
  return t.app.db.insert(users).values(values).returning();
}

/** Every page of `url` as the client reads them: follow X-Next-Cursor until it is absent. */
async function allPages(as: Caller, url: string) {
  const pages: { id: string }[][] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10; i++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await as.get(cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string }[];
    expect(Array.isArray(body)).toBe(true);
    pages.push(body);
    const next = res.headers[header];
    if (next === undefined) return pages;
    expect(typeof next).toBe('string');
    cursor = next as string;
  }
  throw new Error('more than 10 pages');
}

/** Newest first, ties by id descending: what PostgreSQL's (timestamp, uuid) order gives. */
const expectedOrder = (rows: { at: string; id: string }[]) =>
  [...rows].sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1)).map((r) => r.id);

function expectPaged(pages: { id: string }[][], wantIds: string[]) {
  expect(pages.map((p) => p.length)).toEqual([LIST_PAGE_SIZE, LIST_PAGE_SIZE, COUNT - 2 * LIST_PAGE_SIZE]);
  const ids = pages.flat().map((r) => r.id);
  expect(new Set(ids).size).toBe(COUNT);
  expect(ids).toEqual(wantIds);
}

async function badCursors(as: Caller, url: string) {
  const sep = url.includes('?') ? '&' : '?';
  for (const cursor of [
    'yesterday',
    '2026-03-01T10:00:00.000001Z',
    '2026-02-30T00:00:00Z,00000000-0000-0000-0000-000000000000',
    `2026-03-01T10:00:00Z,${'z'.repeat(36)}`,
    '9'.repeat(101),
  ]) {
    const res = await as.get(`${url}${sep}cursor=${encodeURIComponent(cursor)}`);
    expect([res.statusCode, typeof res.json().message], cursor).toEqual([400, 'string']);
  }
}

/** Owner, moderator, participant, an outsider and a user blocked from the threadline. */
async function cast(overrides: Partial<Timeline> = {}) {
  const owner = await signedInUser(t.app);
  const mod = await signedInUser(t.app);
  const member = await signedInUser(t.app);
  const outsider = await signedInUser(t.app);
  const blocked = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user, overrides);
  await addMember(t.app.db, tl, mod.user, 'moderator');
  await addMember(t.app.db, tl, member.user, 'participant');
  await t.app.db.insert(timelineBlockedUsers).values({ timelineId: tl.id, userId: blocked.user.id });
  return { owner, mod, member, outsider, blocked, tl };
}

describe('GET /api/timelines/{id}/join-requests, page by page', () => {
  it('120 requests with equal timestamps: 50, 50, 20, in order, the header absent on the last page', async () => {
    const { owner, mod, tl } = await cast({ joinApprovalRequired: true });
    const people = await manyUsers(COUNT);
    const rows = await t.app.db
      .insert(timelineJoinRequests)
      .values(people.map((u, i) => ({ timelineId: tl.id, userId: u.id, createdAt: instant(i) })))
      .returning({ id: timelineJoinRequests.id });
    const want = expectedOrder(rows.map((r, i) => ({ at: INSTANTS[i % 3]!, id: r.id })));
    const url = `/api/timelines/${tl.id}/join-requests`;
    for (const [as, query] of [
      [owner.as, ''],
      [owner.as, '?status=pending'],
      [mod.as, '?status=pending'],
    ] as const) {
      const pages = await allPages(as, `${url}${query}`);
      for (const page of pages) joinRequests.parse(page);
      expectPaged(pages, want);
    }
    // A filter with nothing in it: one empty page, no header.
    const none = await owner.as.get(`${url}?status=rejected`);
    expect([none.json(), none.headers[header]]).toEqual([[], undefined]);
    await badCursors(owner.as, `${url}?status=pending`);
  });

  it('access as before: visitor 401, outsider and blocked 404, participant 403, archived only the owner', async () => {
    const { owner, mod, member, outsider, blocked, tl } = await cast({ joinApprovalRequired: true });
    const url = `/api/timelines/${tl.id}/join-requests`;
    const bad = '?cursor=nope';
    expect((await callerFor(t.app).get(url)).statusCode).toBe(401);
    // Access is checked before the cursor: a bad one tells an outsider nothing either.
    for (const q of ['', bad]) {
      expect((await outsider.as.get(`${url}${q}`)).statusCode).toBe(404);
      expect((await blocked.as.get(`${url}${q}`)).statusCode).toBe(404);
      expect((await member.as.get(`${url}${q}`)).statusCode).toBe(403);
    }
    expect((await mod.as.get(url)).statusCode).toBe(200);
    await t.app.db.execute(sql`update timelines set archived_at = now() where id = ${tl.id}`);
    expect((await owner.as.get(url)).statusCode).toBe(200);
    expect((await mod.as.get(url)).statusCode).toBe(403);
  });
});

describe('GET /api/timelines/{id}/blocked-users, page by page', () => {
  it('120 blocked users with equal timestamps: 50, 50, 20, in order, no gaps or repeats', async () => {
    const { owner, tl } = await cast();
    await t.app.db.execute(sql`delete from timeline_blocked_users where timeline_id = ${tl.id}`);
    const people = await manyUsers(COUNT);
    const rows = await t.app.db
      .insert(timelineBlockedUsers)
      .values(people.map((u, i) => ({ timelineId: tl.id, userId: u.id, blockedAt: instant(i) })))
      .returning({ id: timelineBlockedUsers.id, userId: timelineBlockedUsers.userId });
    const userOf = new Map(rows.map((r) => [r.id, r.userId]));
    const want = expectedOrder(rows.map((r, i) => ({ at: INSTANTS[i % 3]!, id: r.id }))).map(
      (id) => userOf.get(id)!,
    );
    const pages = await allPages(owner.as, `/api/timelines/${tl.id}/blocked-users`);
    const asUsers = pages.map((page) => blockedUsers.parse(page).map((b) => ({ id: b.userId })));
    expectPaged(asUsers, want);
    await badCursors(owner.as, `/api/timelines/${tl.id}/blocked-users`);
  });

  it('access as before: visitor 401, outsider and blocked 404, moderator and participant 403', async () => {
    const { owner, mod, member, outsider, blocked, tl } = await cast();
    const url = `/api/timelines/${tl.id}/blocked-users`;
    expect((await callerFor(t.app).get(url)).statusCode).toBe(401);
    for (const q of ['', '?cursor=nope']) {
      expect((await outsider.as.get(`${url}${q}`)).statusCode).toBe(404);
      expect((await blocked.as.get(`${url}${q}`)).statusCode).toBe(404);
      expect((await mod.as.get(`${url}${q}`)).statusCode).toBe(403);
      expect((await member.as.get(`${url}${q}`)).statusCode).toBe(403);
    }
    const one = await owner.as.get(url);
    expect([one.statusCode, one.json().length, one.headers[header]]).toEqual([200, 1, undefined]);
  });
});

describe('GET /api/conversations, page by page', () => {
  it('120 conversations with equal activity times: 50, 50, 20, newest first, unread counts exact', async () => {
    const { owner, tl } = await cast();
    const people = await manyUsers(COUNT);
    await t.app.db
      .insert(timelineMembers)
      .values(people.map((u) => ({ timelineId: tl.id, userId: u.id, role: 'participant' })));
    // Half with a last message at one of the shared instants, half without (activity = creation time).
    const rows = await t.app.db
      .insert(conversations)
      .values(
        people.map((u, i) => ({
          timelineId: tl.id,
          initiatorId: owner.user.id,
          recipientId: u.id,
          createdAt: instant(i),
          ...(i % 2 === 0 && { lastMessageAt: instant(i + 1) }),
        })),
      )
      .returning({ id: conversations.id });
    const at = (i: number) => INSTANTS[(i % 2 === 0 ? i + 1 : i) % 3]!;
    // Every 7th conversation: two unread messages from the other person, at its activity time.
    const unreadIn = new Map<string, number>();
    const unreadRows = rows.flatMap((r, i) => {
      if (i % 7 !== 0) return [];
      unreadIn.set(r.id, 2);
      const createdAt = sql`${at(i)}::timestamptz` as unknown as Date;
      const values = { conversationId: r.id, senderId: people[i]!.id, createdAt };
      return [
        { ...values, content: 'first' },
        { ...values, content: 'second' },
      ];
    });
    await t.app.db.insert(messages).values(unreadRows);
    await t.app.db.execute(sql`update conversations c set last_message_at = greatest(c.last_message_at,
      (select max(created_at) from messages m where m.conversation_id = c.id)) where c.timeline_id = ${tl.id}`);
    const want = expectedOrder(rows.map((r, i) => ({ at: at(i), id: r.id })));

    const pages = await allPages(owner.as, '/api/conversations');
    const parsed = pages.map((page) => conversationList.parse(page));
    expectPaged(parsed, want);
    for (const c of parsed.flat()) expect(c.unreadCount, c.id).toBe(unreadIn.get(c.id) ?? 0);
    const total = (await owner.as.get('/api/conversations/unread-count')).json().unreadCount;
    expect(total).toBe(2 * unreadIn.size);
    // The other side sees its one conversation, on one page.
    const solo = await callerFor(t.app, await cookieFor(t.app, people[0]!)).get('/api/conversations');
    expect([solo.json().length, solo.headers[header]]).toEqual([1, undefined]);
    await badCursors(owner.as, '/api/conversations');
  });

  it('visitor 401; a blocked person no longer lists the conversation, even through a cursor', async () => {
    const { owner, member, tl } = await cast();
    expect((await callerFor(t.app).get('/api/conversations')).statusCode).toBe(401);
    expect((await callerFor(t.app).get('/api/conversations?cursor=nope')).statusCode).toBe(401);
    const c = await buildConversation(t.app.db, tl, owner.user, member.user);
    await buildMessage(t.app.db, c, member.user, { createdAt: '2026-03-01T10:00:00.000001Z' });
    expect((await member.as.get('/api/conversations')).json().map((x: { id: string }) => x.id)).toEqual([
      c.id,
    ]);
    expect((await owner.as.delete(`/api/timelines/${tl.id}/members/${member.user.id}`, {})).statusCode).toBe(
      200,
    );
    const after = await member.as.get(
      `/api/conversations?cursor=${encodeURIComponent(`2026-03-02T00:00:00.000000Z,${'f'.repeat(8)}-ffff-ffff-ffff-${'f'.repeat(12)}`)}`,
    );
    expect([after.statusCode, after.json()]).toEqual([200, []]);
    expect((await member.as.get('/api/conversations')).json()).toEqual([]);
  });

  it('the last message is a preview of at most 140 code points, cut whole at an emoji, with "…"', async () => {
    const { owner, member, mod, tl } = await cast();
    expect(MESSAGING.previewChars).toBe(140);
    const long = await buildConversation(t.app.db, tl, owner.user, member.user);
    const content = `${'a'.repeat(138)}😀😀${'b'.repeat(3_000)}`;
    await buildMessage(t.app.db, long, member.user, { content, createdAt: '2026-03-01T10:00:00.000002Z' });
    const exact = await buildConversation(t.app.db, tl, owner.user, mod.user);
    const fits = `${'c'.repeat(139)}😀`;
    await buildMessage(t.app.db, exact, owner.user, {
      content: fits,
      createdAt: '2026-03-01T10:00:00.000001Z',
    });

    const [first, second] = conversationList.parse((await owner.as.get('/api/conversations')).json());
    expect(first!.lastMessage!.content).toBe(`${'a'.repeat(138)}😀…`);
    expect([...first!.lastMessage!.content]).toHaveLength(140);
    expect(second!.lastMessage!.content).toBe(fits);
    // The thread still has the whole message.
    const thread = (await owner.as.get(`/api/conversations/${long.id}/messages`)).json();
    expect(thread[0].content).toBe(content);
  });
});
