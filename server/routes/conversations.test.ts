// Direct messages (issue 12; spec 001 §6-§7, DECISIONS §8): who may message whom, one conversation per
// pair, who keeps reading after a leave or a block, archived and deleted threadlines, read status on both
// paths, unread counts, keyset pages with equal timestamps, text bounds, e-mail visibility, the list's shape
// and order in a fixed number of statements, and the bus events.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_COPY } from '../../common/messaging.ts';
import {
  type Conversation,
  conversationCreated,
  conversationList,
  type Message,
  markReadResult,
  messageList,
  messageSchema,
  unreadMessagesCount,
} from '../../common/schemas/conversation.ts';
import { cursorAfter } from '../../common/schemas/post.ts';
import { conversations, messages } from '../db/schema/index.ts';
import type { BusEvent } from '../realtime/types.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildConversation,
  buildMessage,
  buildThreadline,
  type Caller,
  callerFor,
  signedInUser,
} from '../test/factories.ts';
import { countQueries } from '../test/query-count.ts';

const t = setupTestApp();

async function cast(overrides: { allowParticipantMessaging?: boolean } = {}) {
  const owner = await signedInUser(t.app, { firstName: 'Olive' });
  const mod = await signedInUser(t.app, { firstName: 'Mo' });
  const pat = await signedInUser(t.app, { firstName: 'Pat' });
  const pia = await signedInUser(t.app, { firstName: 'Pia' });
  const vic = await signedInUser(t.app, { firstName: 'Vic' });
  const outsider = await signedInUser(t.app, { firstName: 'Otto' });
  const tl = await buildThreadline(t.app.db, owner.user, overrides);
  await addMember(t.app.db, tl, mod.user, 'moderator');
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, pia.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  return { owner, mod, pat, pia, vic, outsider, tl };
}

type Person = Awaited<ReturnType<typeof signedInUser>>;
const visitor = () => callerFor(t.app);

const start = (as: Caller, timelineId: string, recipientId: string) =>
  as.post('/api/conversations', { timelineId, recipientId });

/** Starts (or opens) the conversation and returns its id. */
async function open(from: Person, timelineId: string, to: Person) {
  const res = await start(from.as, timelineId, to.user.id);
  expect([200, 201], res.body).toContain(res.statusCode);
  return conversationCreated.parse(res.json()).id;
}

const send = (as: Caller, id: string, content: string) =>
  as.post(`/api/conversations/${id}/messages`, { content });

async function sent(as: Caller, id: string, content: string): Promise<Message> {
  const res = await send(as, id, content);
  expect(res.statusCode, res.body).toBe(201);
  return messageSchema.parse(res.json());
}

async function list(as: Caller): Promise<Conversation[]> {
  const res = await as.get('/api/conversations');
  expect(res.statusCode, res.body).toBe(200);
  return conversationList.parse(res.json());
}

async function unread(as: Caller): Promise<number> {
  const res = await as.get('/api/conversations/unread-count');
  expect(res.statusCode, res.body).toBe(200);
  return unreadMessagesCount.parse(res.json()).unreadCount;
}

async function page(as: Caller, id: string, query = ''): Promise<Message[]> {
  const res = await as.get(`/api/conversations/${id}/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return messageList.parse(res.json());
}

const refusal = (res: { statusCode: number; json(): unknown }) => [res.statusCode, res.json()];

describe('POST /api/conversations: who may message whom', () => {
  it('the owner may start one with anyone: 201 new, then 200 with the same id from either side', async () => {
    const { owner, mod, pat, vic, tl } = await cast();
    for (const who of [mod, pat, vic]) {
      const first = await start(owner.as, tl.id, who.user.id);
      expect(first.statusCode, first.body).toBe(201);
      const { id } = conversationCreated.parse(first.json());
      const again = await start(owner.as, tl.id, who.user.id);
      expect([again.statusCode, again.json()]).toEqual([200, { id }]);
      const back = await start(who.as, tl.id, owner.user.id);
      expect([back.statusCode, back.json()]).toEqual([200, { id }]);
    }
    const rows = await t.app.db.select().from(conversations).where(eq(conversations.timelineId, tl.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.initiatorId === owner.user.id)).toBe(true);
  });

  it('moderators, participants and viewers may start one with the owner while the switch is on', async () => {
    const { owner, mod, pat, vic, tl } = await cast();
    for (const who of [mod, pat, vic]) {
      const res = await start(who.as, tl.id, owner.user.id);
      expect(res.statusCode, res.body).toBe(201);
      // The owner opening it gets the member's conversation: one per pair, whoever starts it.
      expect((await start(owner.as, tl.id, who.user.id)).json()).toEqual(res.json());
    }
  });

  it('with allowParticipantMessaging off only the owner starts conversations', async () => {
    const { owner, mod, pat, vic, tl } = await cast();
    const off = await owner.as.patch(`/api/timelines/${tl.id}/permissions`, {
      allowParticipantMessaging: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    for (const who of [mod, pat, vic]) {
      expect(refusal(await start(who.as, tl.id, owner.user.id))).toEqual([
        403,
        { message: MESSAGING_COPY.participantMessagingOff },
      ]);
    }
    for (const who of [mod, pat, vic])
      expect((await start(owner.as, tl.id, who.user.id)).statusCode).toBe(201);
  });

  it('nobody but the owner messages a non-owner, whatever the switch', async () => {
    const { mod, pat, pia, vic, tl } = await cast();
    for (const [from, to] of [
      [pat, pia],
      [mod, pat],
      [pat, mod],
      [vic, pat],
      [pat, vic],
    ] as const) {
      expect(refusal(await start(from.as, tl.id, to.user.id))).toEqual([
        403,
        { message: MESSAGING_COPY.notAllowed },
      ]);
    }
  });

  it('never oneself (400), one’s id in upper case included', async () => {
    const { owner, pat, tl } = await cast();
    for (const who of [owner, pat]) {
      for (const id of [who.user.id, who.user.id.toUpperCase()]) {
        expect(refusal(await start(who.as, tl.id.toUpperCase(), id))).toEqual([
          400,
          { message: MESSAGING_COPY.self },
        ]);
      }
    }
  });

  it('outsiders get 404 "Timeline not found"; a recipient outside the threadline 404 too', async () => {
    const { owner, pat, outsider, tl } = await cast();
    expect(refusal(await start(outsider.as, tl.id, owner.user.id))).toEqual([
      404,
      { message: 'Timeline not found' },
    ]);
    expect(refusal(await start(pat.as, crypto.randomUUID(), owner.user.id))).toEqual([
      404,
      { message: 'Timeline not found' },
    ]);
    for (const id of [outsider.user.id, crypto.randomUUID()]) {
      expect(refusal(await start(owner.as, tl.id, id))).toEqual([
        404,
        { message: MESSAGING_COPY.recipientNotMember },
      ]);
    }
  });

  it('visitors get 401', async () => {
    const { owner, tl } = await cast();
    const res = await start(visitor(), tl.id, owner.user.id);
    expect(refusal(res)).toEqual([401, { message: 'Unauthorized' }]);
  });

  it('blocked users and those who left are outsiders, on either side', async () => {
    const { owner, pat, pia, tl } = await cast();
    expect((await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, {})).statusCode).toBe(
      200,
    );
    expect((await pia.as.delete(`/api/timelines/${tl.id}/members/leave`)).statusCode).toBe(200);
    for (const who of [pat, pia]) {
      expect(refusal(await start(who.as, tl.id, owner.user.id))).toEqual([
        404,
        { message: 'Timeline not found' },
      ]);
      expect(refusal(await start(owner.as, tl.id, who.user.id))).toEqual([
        404,
        { message: MESSAGING_COPY.recipientNotMember },
      ]);
    }
  });

  it('archived: 403 "Timeline is archived" (the owner too); deleted: 404', async () => {
    const { owner, pat, tl } = await cast();
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    for (const [from, to] of [
      [owner, pat],
      [pat, owner],
    ] as const) {
      expect(refusal(await start(from.as, tl.id, to.user.id))).toEqual([
        403,
        { message: MESSAGING_COPY.archived },
      ]);
    }
    await owner.as.post(`/api/timelines/${tl.id}/restore`);
    await owner.as.delete(`/api/timelines/${tl.id}`);
    expect(refusal(await start(owner.as, tl.id, pat.user.id))).toEqual([
      404,
      { message: 'Timeline not found' },
    ]);
  });

  it('refuses malformed bodies with 400', async () => {
    const { owner, pat, tl } = await cast();
    for (const body of [
      {},
      { timelineId: tl.id },
      { timelineId: 'nope', recipientId: pat.user.id },
      { timelineId: tl.id, recipientId: 'nope' },
      { timelineId: tl.id, recipientId: pat.user.id, content: 'hi' },
    ]) {
      const res = await owner.as.post('/api/conversations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('writing in a conversation', () => {
  it('a member may answer a conversation the owner started, with the switch off', async () => {
    const { owner, pat, tl } = await cast({ allowParticipantMessaging: false });
    const id = await open(owner, tl.id, pat);
    await sent(owner.as, id, 'Can you bring the projector?');
    const reply = await sent(pat.as, id, 'Sure');
    expect(reply).toMatchObject({
      conversationId: id,
      senderId: pat.user.id,
      content: 'Sure',
      isRead: false,
    });
    // Opening it again from the member's side finds it, though the member could not start one now.
    expect(refusal(await start(pat.as, tl.id, owner.user.id))).toEqual([200, { id }]);
    expect((await list(pat.as)).map((c) => [c.id, c.canSend])).toEqual([[id, true]]);
  });

  it('a conversation the member started goes read-only for them while the switch is off', async () => {
    const { owner, pat, tl } = await cast();
    const id = await open(pat, tl.id, owner);
    await sent(pat.as, id, 'Hello');
    await owner.as.patch(`/api/timelines/${tl.id}/permissions`, { allowParticipantMessaging: false });
    expect(refusal(await send(pat.as, id, 'Again'))).toEqual([
      403,
      { message: MESSAGING_COPY.participantMessagingOff },
    ]);
    expect((await list(pat.as)).map((c) => c.canSend)).toEqual([false]);
    // The owner may always write; the member started this one, so an answer from the owner does not reopen it.
    await sent(owner.as, id, 'Messaging is paused');
    expect((await list(owner.as)).map((c) => c.canSend)).toEqual([true]);
    expect((await send(pat.as, id, 'Ok')).statusCode).toBe(403);
    // Readable all along.
    expect((await page(pat.as, id)).map((m) => m.content)).toEqual(['Hello', 'Messaging is paused']);
    await owner.as.patch(`/api/timelines/${tl.id}/permissions`, { allowParticipantMessaging: true });
    expect((await send(pat.as, id, 'Ok')).statusCode).toBe(201);
  });

  it('only the two people read or write it: 404 for everyone else, 401 for visitors', async () => {
    const { owner, mod, pat, pia, outsider, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    await sent(owner.as, id, 'Private');
    for (const who of [mod, pia, outsider]) {
      for (const res of [
        await who.as.get(`/api/conversations/${id}/messages`),
        await send(who.as, id, 'hi'),
        await who.as.post(`/api/conversations/${id}/read`),
        await who.as.post(`/api/conversations/${id}/mark-read`),
      ]) {
        expect(refusal(res)).toEqual([404, { message: MESSAGING_COPY.notFound }]);
      }
      expect(await list(who.as)).toEqual([]);
      expect(await unread(who.as)).toBe(0);
    }
    const anon = visitor();
    for (const res of [
      await anon.get('/api/conversations'),
      await anon.get('/api/conversations/unread-count'),
      await anon.get(`/api/conversations/${id}/messages`),
      await send(anon, id, 'hi'),
      await anon.post(`/api/conversations/${id}/read`),
      await anon.post(`/api/conversations/${id}/mark-read`),
    ]) {
      expect(refusal(res)).toEqual([401, { message: 'Unauthorized' }]);
    }
  });

  for (const how of ['blocked', 'left'] as const) {
    it(`a member who ${how} loses the conversation; the owner keeps it read-only`, async () => {
      const { owner, pat, tl } = await cast();
      const id = await open(pat, tl.id, owner);
      await sent(pat.as, id, 'Before');
      await sent(owner.as, id, 'Reply');
      const gone =
        how === 'blocked'
          ? await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, {})
          : await pat.as.delete(`/api/timelines/${tl.id}/members/leave`);
      expect(gone.statusCode, gone.body).toBe(200);
      for (const res of [
        await pat.as.get(`/api/conversations/${id}/messages`),
        await send(pat.as, id, 'After'),
        await pat.as.post(`/api/conversations/${id}/read`),
      ]) {
        expect(refusal(res)).toEqual([404, { message: MESSAGING_COPY.notFound }]);
      }
      expect(await list(pat.as)).toEqual([]);
      expect(await unread(pat.as)).toBe(0);

      const [kept] = await list(owner.as);
      expect(kept).toMatchObject({ id, canSend: false, unreadCount: 1 });
      expect(refusal(await send(owner.as, id, 'Still there?'))).toEqual([
        403,
        { message: MESSAGING_COPY.cannotSend },
      ]);
      expect((await page(owner.as, id)).map((m) => m.content)).toEqual(['Before', 'Reply']);
      expect(markReadResult.parse((await owner.as.post(`/api/conversations/${id}/read`)).json()).marked).toBe(
        1,
      );
      if (how === 'left') {
        // Back in: the same conversation, writable again.
        await pat.as.post('/api/timelines/join', { joinCode: tl.joinCode });
        expect((await list(pat.as)).map((c) => [c.id, c.canSend])).toEqual([[id, true]]);
        expect((await send(pat.as, id, 'Back')).statusCode).toBe(201);
      }
    });
  }

  it('archived: readable by both with canSend false, no new messages, still marked read; deleted: gone', async () => {
    const { owner, pat, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    await sent(owner.as, id, 'Before the archive');
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    for (const who of [owner, pat]) {
      const [c] = await list(who.as);
      expect(c).toMatchObject({
        id,
        canSend: false,
        timeline: { id: tl.id, name: tl.name, state: 'archived' },
      });
      expect(refusal(await send(who.as, id, 'hi'))).toEqual([403, { message: MESSAGING_COPY.archived }]);
      expect((await page(who.as, id)).map((m) => m.content)).toEqual(['Before the archive']);
    }
    expect(
      markReadResult.parse((await pat.as.post(`/api/conversations/${id}/mark-read`)).json()).marked,
    ).toBe(1);
    await owner.as.post(`/api/timelines/${tl.id}/restore`);
    expect((await list(pat.as))[0]).toMatchObject({ canSend: true, timeline: { state: 'active' } });
    await sent(owner.as, id, 'After the restore');
    await owner.as.delete(`/api/timelines/${tl.id}`);
    for (const who of [owner, pat]) {
      expect(await list(who.as)).toEqual([]);
      expect(await unread(who.as)).toBe(0);
      for (const res of [
        await who.as.get(`/api/conversations/${id}/messages`),
        await send(who.as, id, 'hi'),
        await who.as.post(`/api/conversations/${id}/read`),
      ]) {
        expect(refusal(res)).toEqual([404, { message: MESSAGING_COPY.notFound }]);
      }
    }
  });

  it('content: trimmed, 1 to 4,000 characters, line breaks kept, control characters refused (400)', async () => {
    const { owner, pat, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    expect((await sent(owner.as, id, '  two\n\tlines  ')).content).toBe('two\n\tlines');
    expect((await sent(owner.as, id, 'x'.repeat(4_000))).content).toHaveLength(4_000);
    expect((await sent(owner.as, id, `  ${'y'.repeat(4_000)}  `)).content).toHaveLength(4_000);
    for (const content of ['', '   ', '\n\n']) {
      expect(refusal(await send(owner.as, id, content))).toEqual([
        400,
        expect.objectContaining({ message: 'Please enter a message' }),
      ]);
    }
    for (const body of [
      { content: 'x'.repeat(4_001) },
      { content: 'a\u0000b' },
      { content: 'a\u0007b' },
      { content: 'a\u001bb' },
      { content: 42 },
      {},
      { content: 'hi', senderId: pat.user.id },
    ]) {
      const res = await owner.as.post(`/api/conversations/${id}/messages`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await page(owner.as, id)).toHaveLength(3);
  });

  it('bad and unknown ids are 404, never 500', async () => {
    const { owner } = await cast();
    for (const id of ['nope', '123', crypto.randomUUID(), `${crypto.randomUUID()}x`, "'; drop table x;--"]) {
      const path = `/api/conversations/${encodeURIComponent(id)}`;
      for (const res of [
        await owner.as.get(`${path}/messages`),
        await owner.as.post(`${path}/messages`, { content: 'hi' }),
        await owner.as.post(`${path}/read`),
        await owner.as.post(`${path}/mark-read`),
      ]) {
        expect(refusal(res), id).toEqual([404, { message: MESSAGING_COPY.notFound }]);
      }
    }
  });
});

describe('read status and unread counts', () => {
  it('isRead per side, both read paths, repeat marks nothing, unread counts follow', async () => {
    const { owner, pat, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    for (const text of ['one', 'two', 'three']) await sent(owner.as, id, text);
    expect(await unread(pat.as)).toBe(3);
    expect(await unread(owner.as)).toBe(0);
    expect((await list(pat.as))[0]!.unreadCount).toBe(3);
    expect((await list(owner.as))[0]!.unreadCount).toBe(0);
    expect((await page(pat.as, id)).map((m) => m.isRead)).toEqual([false, false, false]);
    // The owner's receipts: not read yet.
    expect((await page(owner.as, id)).map((m) => m.isRead)).toEqual([false, false, false]);

    const read = await pat.as.post(`/api/conversations/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    const result = markReadResult.parse(read.json());
    expect(result.marked).toBe(3);
    expect(Math.abs(Date.parse(result.readAt) - Date.now())).toBeLessThan(60_000);
    expect(markReadResult.parse((await pat.as.post(`/api/conversations/${id}/read`)).json()).marked).toBe(0);
    expect(await unread(pat.as)).toBe(0);
    expect((await page(pat.as, id)).map((m) => m.isRead)).toEqual([true, true, true]);
    expect((await page(owner.as, id)).map((m) => m.isRead)).toEqual([true, true, true]);

    // The other way, through the modal's path; the owner marking never marks their own messages.
    await sent(pat.as, id, 'four');
    await sent(pat.as, id, 'five');
    expect(
      markReadResult.parse((await pat.as.post(`/api/conversations/${id}/mark-read`)).json()).marked,
    ).toBe(0);
    expect(await unread(owner.as)).toBe(2);
    expect((await page(pat.as, id)).map((m) => m.isRead)).toEqual([true, true, true, false, false]);
    const marked = await owner.as.post(`/api/conversations/${id}/mark-read`);
    expect(markReadResult.parse(marked.json()).marked).toBe(2);
    expect(await unread(owner.as)).toBe(0);
    expect((await page(pat.as, id)).map((m) => m.isRead)).toEqual([true, true, true, true, true]);
  });

  it('the unread total adds every readable conversation, across threadlines, and only those', async () => {
    const { owner, mod, pat, tl } = await cast();
    const other = await buildThreadline(t.app.db, pat.user);
    await addMember(t.app.db, other, owner.user);
    const a = await open(mod, tl.id, owner);
    const b = await open(pat, tl.id, owner);
    const c = await open(pat, other.id, owner);
    await sent(mod.as, a, '1');
    await sent(pat.as, b, '2');
    await sent(pat.as, b, '3');
    for (let i = 0; i < 4; i++) await sent(pat.as, c, `${i}`);
    await sent(owner.as, c, 'mine');
    expect(await unread(owner.as)).toBe(7);
    const counts = Object.fromEntries((await list(owner.as)).map((x) => [x.id, x.unreadCount]));
    expect(counts).toEqual({ [a]: 1, [b]: 2, [c]: 4 });
    // Leaving pat's threadline takes its conversation away, unread messages included.
    await owner.as.delete(`/api/timelines/${other.id}/members/leave`);
    expect(await unread(owner.as)).toBe(3);
    await owner.as.post(`/api/conversations/${b}/read`);
    expect(await unread(owner.as)).toBe(1);
  });
});

describe('GET /api/conversations/{id}/messages', () => {
  it('pages back from the newest with a createdAt,id cursor, oldest first within a page, ties by id', async () => {
    const { owner, pat, tl } = await cast();
    const conversation = await buildConversation(t.app.db, tl, owner.user, pat.user);
    const at = (us: number) => `2026-03-01T10:00:00.${String(us).padStart(6, '0')}Z`;
    // Five share one microsecond; the others sit a microsecond apart around them.
    const times = [at(1), at(2), at(3), at(3), at(3), at(3), at(3), at(4), at(5), at(6), at(7)];
    for (const [i, createdAt] of times.entries()) {
      await buildMessage(t.app.db, conversation, i % 2 ? pat.user : owner.user, {
        content: `m${i}`,
        createdAt,
      });
    }
    for (const limit of [1, 2, 3, 4, 50]) {
      const seen: Message[][] = [];
      let cursor = '';
      for (let i = 0; i < 20; i++) {
        const p = await page(
          owner.as,
          conversation.id,
          `?limit=${limit}${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
        );
        seen.push(p);
        // Oldest first within the page.
        const keys = p.map((m) => `${m.createdAt},${m.id}`);
        expect(keys).toEqual([...keys].sort());
        if (p.length < limit) break;
        cursor = cursorAfter(p[0]!);
      }
      const all = seen.reverse().flat();
      expect(new Set(all.map((m) => m.id)).size).toBe(times.length);
      expect(all.map((m) => m.createdAt)).toEqual(times);
      // Full precision in the answer, so the cursor is exact.
      expect(all[2]!.createdAt).toBe(at(3));
    }
  });

  it('the default page holds the newest 50 of more, and a bare createdAt cursor works', async () => {
    const { owner, pat, tl } = await cast();
    const conversation = await buildConversation(t.app.db, tl, owner.user, pat.user);
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    for (let i = 0; i < 55; i++)
      await buildMessage(t.app.db, conversation, owner.user, { content: `${i}`, createdAt: at(i) });
    const first = await page(pat.as, conversation.id);
    expect(first.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `${i + 5}`));
    const older = await page(pat.as, conversation.id, `?cursor=${encodeURIComponent(first[0]!.createdAt)}`);
    expect(older.map((m) => m.content)).toEqual(['0', '1', '2', '3', '4']);
    expect((await page(pat.as, conversation.id, '?limit=100')).length).toBe(55);
  });

  it('refuses bad limits and cursors with 400', async () => {
    const { owner, pat, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=x',
      '?cursor=yesterday',
      '?cursor=2026-02-30T00:00:00Z',
      `?cursor=2026-01-01T00:00:00Z,${'z'.repeat(36)}`,
      `?cursor=${'9'.repeat(101)}`,
    ]) {
      const res = await owner.as.get(`/api/conversations/${id}/messages${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/conversations', () => {
  it('the shape: both people, threadline, lastMessage, unreadCount; newest activity first', async () => {
    const { owner, mod, pat, vic, tl } = await cast();
    const withPat = await open(owner, tl.id, pat);
    const withVic = await open(vic, tl.id, owner);
    // Vic's, still empty, shows only to Vic until the owner asks for it too (issue 25).
    expect((await list(owner.as)).map((c) => c.id)).toEqual([withPat]);
    expect(await open(owner, tl.id, vic)).toBe(withVic);
    const withMod = await open(owner, tl.id, mod);
    // Order: by the last message, else by creation.
    expect((await list(owner.as)).map((c) => c.id)).toEqual([withMod, withVic, withPat]);
    const hello = await sent(pat.as, withPat, 'Hello');
    const [top, ...rest] = await list(owner.as);
    expect(rest.map((c) => c.id)).toEqual([withMod, withVic]);
    expect(top).toEqual({
      id: withPat,
      timelineId: tl.id,
      initiator: {
        id: owner.user.id,
        displayName: null,
        firstName: 'Olive',
        lastName: 'User',
        email: owner.user.email,
        profileImageUrl: null,
      },
      recipient: expect.objectContaining({ id: pat.user.id, firstName: 'Pat', email: pat.user.email }),
      timeline: { id: tl.id, name: tl.name, state: 'active' },
      unreadCount: 1,
      lastMessage: { content: 'Hello', createdAt: hello.createdAt, senderId: pat.user.id },
      lastMessageAt: hello.createdAt,
      createdAt: expect.any(String),
      canSend: true,
    });
    expect(rest[0]!.lastMessage).toBeNull();
    expect(rest[0]!.lastMessageAt).toBe(rest[0]!.createdAt);
    await sent(owner.as, withVic, 'Newest');
    expect((await list(owner.as)).map((c) => c.id)).toEqual([withVic, withPat, withMod]);
    expect((await list(vic.as)).map((c) => [c.id, c.lastMessage?.content, c.unreadCount])).toEqual([
      [withVic, 'Newest', 1],
    ]);
  });

  it('e-mail addresses: the caller’s own, and the other person’s only for the threadline’s owner', async () => {
    const { owner, pat, mod, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    // Pat asks for it too, so the empty conversation is listed for Pat (issue 25).
    expect(await open(pat, tl.id, owner)).toBe(id);
    const [mine] = await list(pat.as);
    expect([mine!.initiator.email, mine!.recipient.email]).toEqual([null, pat.user.email]);
    const [theirs] = await list(owner.as);
    expect([theirs!.initiator.email, theirs!.recipient.email]).toEqual([owner.user.email, pat.user.email]);
    const fromOwner = await sent(owner.as, id, 'a');
    const fromPat = await sent(pat.as, id, 'b');
    expect([fromOwner.sender.email, fromPat.sender.email]).toEqual([owner.user.email, pat.user.email]);
    expect((await page(pat.as, id)).map((m) => m.sender.email)).toEqual([null, pat.user.email]);
    expect((await page(owner.as, id)).map((m) => m.sender.email)).toEqual([owner.user.email, pat.user.email]);
    // A moderator talking to the owner sees only their own.
    const modId = await open(mod, tl.id, owner);
    await sent(owner.as, modId, 'c');
    expect((await page(mod.as, modId)).map((m) => m.sender.email)).toEqual([null]);
    const [forMod] = await list(mod.as);
    expect([forMod!.initiator.email, forMod!.recipient.email]).toEqual([mod.user.email, null]);
  });

  it('costs the same statements for 1 conversation or 30 (no query per conversation)', async () => {
    const { owner, tl } = await cast();
    const lone = await signedInUser(t.app);
    const small = await buildThreadline(t.app.db, lone.user);
    const friend = await signedInUser(t.app);
    await addMember(t.app.db, small, friend.user);
    const c = await buildConversation(t.app.db, small, lone.user, friend.user);
    await buildMessage(t.app.db, c, friend.user);
    for (let i = 0; i < 30; i++) {
      const member = await signedInUser(t.app);
      await addMember(t.app.db, tl, member.user);
      const conv = await buildConversation(t.app.db, tl, owner.user, member.user);
      await buildMessage(t.app.db, conv, member.user);
      await buildMessage(t.app.db, conv, owner.user);
    }
    const few = await countQueries(t.app.db, async () => expect(await list(lone.as)).toHaveLength(1));
    const many = await countQueries(t.app.db, async () => expect(await list(owner.as)).toHaveLength(30));
    expect(many).toBe(few);
    expect(many).toBeGreaterThan(0);
    expect(many).toBeLessThanOrEqual(3);
    expect(await countQueries(t.app.db, () => unread(owner.as))).toBe(
      await countQueries(t.app.db, () => unread(lone.as)),
    );
  });
});

describe('bus events', () => {
  afterEach(() => vi.restoreAllMocks());

  it('new_message to both people and the recipient’s inbox count after a send; message_read to both only when something was marked', async () => {
    const { owner, pat, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    const published: BusEvent[] = [];
    const original = t.app.realtime.publish;
    vi.spyOn(t.app.realtime, 'publish').mockImplementation(async (event) => {
      published.push(event);
      return original(event);
    });
    const message = await sent(owner.as, id, 'Hi');
    expect(published).toEqual([
      {
        kind: 'user',
        type: 'new_message',
        userIds: [owner.user.id, pat.user.id],
        timelineId: tl.id,
        actorId: owner.user.id,
        conversationId: id,
        messageId: message.id,
      },
      // Their `message` notification (issue 27).
      { kind: 'inbox', userIds: [pat.user.id] },
    ]);
    published.length = 0;
    const { readAt } = markReadResult.parse((await pat.as.post(`/api/conversations/${id}/read`)).json());
    expect(published).toEqual([
      {
        kind: 'user',
        type: 'message_read',
        userIds: [pat.user.id, owner.user.id],
        timelineId: tl.id,
        actorId: pat.user.id,
        conversationId: id,
        readAt,
      },
    ]);
    published.length = 0;
    await pat.as.post(`/api/conversations/${id}/mark-read`);
    await send(pat.as, id, '');
    expect(published).toEqual([]);
  });
});

describe('stored rows', () => {
  it('a send moves the conversation’s lastMessageAt to the message’s time', async () => {
    const { owner, pat, tl } = await cast();
    const id = await open(owner, tl.id, pat);
    const m = await sent(owner.as, id, 'Hi');
    const [row] = await t.app.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row!.lastMessageAt!.getTime()).toBe(Math.floor(Date.parse(m.createdAt)));
    const stored = await t.app.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored.map((s) => [s.senderId, s.content])).toEqual([[owner.user.id, 'Hi']]);
  });
});
