// Direct messages live (issue 12): new_message and message_read go to both people's own channels, every
// socket they have open (subscribed to the threadline or not), and to no one else. The message inside is the
// one GET /api/conversations/{id}/messages shows, told the same way to both: `isRead` false, no e-mail.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventDataMap } from '../../common/realtime.ts';
import type { Timeline, User } from '../db/schema/index.ts';
import { conversations, messages, timelines } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  expectQuiet,
  followedThreadline,
  openSocket,
  type SocketPerson,
  socketPeople,
  type TestSocket,
  type Unwanted,
} from '../test/ws.ts';
import type { UserBusEvent } from './types.ts';

const t = setupTestApp();
// No e-mail address ever goes out, in any message to anyone.
const person = socketPeople(t, { noEmails: true });

/** Another authenticated socket of the same person (a second tab). */
async function secondTab(p: SocketPerson): Promise<TestSocket> {
  const socket = person.track(await openSocket(t.app, p.cookie));
  await socket.authenticate(p.user.id);
  return socket;
}

/**
 * A threadline followed by its owner Olga (Olga Owens), moderator Mo, participant Pat and viewer Vi, with the
 * idle participant Ida and the outsider Otto, and a conversation between Olga and Pat. Everyone but those
 * two must hear nothing of it.
 */
async function setup() {
  const w = await followedThreadline(t.app, (name) =>
    person(name === 'Olga' ? { displayName: name, lastName: 'Owens' } : name),
  );
  const [conversation] = await t.app.db
    .insert(conversations)
    .values({ timelineId: w.timeline.id, initiatorId: w.owner.user.id, recipientId: w.participant.user.id })
    .returning();
  return { ...w, conversation: conversation!, others: [w.moderator, w.viewer, w.idle, w.outsider] };
}

/** Inserts a message row (as the send command would) and returns it. */
async function insertMessage(conversationId: string, sender: User, content = 'Hello there') {
  const [row] = await t.app.db
    .insert(messages)
    .values({ conversationId, senderId: sender.id, content })
    .returning();
  await t.app.db
    .update(conversations)
    .set({ lastMessageAt: row!.createdAt })
    .where(eq(conversations.id, conversationId));
  return row!;
}

const newMessage = (
  timeline: Timeline,
  conversationId: string,
  messageId: string,
  sender: User,
  recipient: User,
): UserBusEvent => ({
  kind: 'user',
  type: 'new_message',
  userIds: [sender.id, recipient.id],
  timelineId: timeline.id,
  actorId: sender.id,
  conversationId,
  messageId,
});

/**
 * Nothing more reaches these sockets: a user-channel event to their users, published now, reaches each of
 * them first (the hub sends in bus order: ws.ts expectQuiet).
 */
const quiet = (sockets: { user: User; socket: TestSocket }[], opts?: { unwanted?: Unwanted }) =>
  expectQuiet(t.app, sockets, opts);

describe('new_message', () => {
  it('reaches the recipient and every socket of the sender, with the presented message; no one else', async () => {
    const w = await setup();
    const ownerTab = await secondTab(w.owner);
    const row = await insertMessage(w.conversation.id, w.owner.user, '  Hello Pat\nsecond line');
    await t.app.realtime.publish(
      newMessage(w.timeline, w.conversation.id, row.id, w.owner.user, w.participant.user),
    );

    const got = await Promise.all(
      [w.participant.socket, w.owner.socket, ownerTab].map((s) => s.next('new_message')),
    );
    const expected: EventDataMap['new_message'] = {
      timelineId: w.timeline.id,
      message: 'New message from Olga',
      // The card quotes the message on one line (issue 25).
      timelineName: w.timeline.name,
      excerpt: 'Hello Pat second line',
      author: { id: w.owner.user.id, name: 'Olga', profileImageUrl: null },
      conversationId: w.conversation.id,
      messageId: row.id,
      senderId: w.owner.user.id,
      directMessage: {
        id: row.id,
        conversationId: w.conversation.id,
        senderId: w.owner.user.id,
        sender: {
          id: w.owner.user.id,
          displayName: 'Olga',
          firstName: w.owner.user.firstName,
          lastName: 'Owens',
          email: null,
          profileImageUrl: null,
        },
        content: '  Hello Pat\nsecond line',
        createdAt: 'x',
        isRead: false,
        mentions: [],
      },
    };
    for (const m of got) {
      expect(Date.parse(m.timestamp)).not.toBeNaN();
      expect({ ...m.data, directMessage: { ...m.data.directMessage, createdAt: 'x' } }).toEqual(expected);
      // Full precision (the thread's cursor is built from it), the same instant as the row.
      expect(m.data.directMessage.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
      expect(Date.parse(m.data.directMessage.createdAt)).toBe(row.createdAt.getTime());
    }
    // Identical bytes for both people: rendered once.
    expect(got[0]).toEqual(got[1]);
    await quiet(w.others);
  });

  it('reaches someone who follows nothing, and goes both ways', async () => {
    const w = await setup();
    // Ida follows no threadline: the event goes to her own channel all the same.
    const [withIda] = await t.app.db
      .insert(conversations)
      .values({ timelineId: w.timeline.id, initiatorId: w.idle.user.id, recipientId: w.owner.user.id })
      .returning();
    const row = await insertMessage(withIda!.id, w.idle.user, 'Thanks!');
    await t.app.realtime.publish(newMessage(w.timeline, withIda!.id, row.id, w.idle.user, w.owner.user));
    const [toOwner, toSender] = await Promise.all([
      w.owner.socket.next('new_message'),
      w.idle.socket.next('new_message'),
    ]);
    expect(toOwner.data).toMatchObject({
      message: 'New message from Ida',
      conversationId: withIda!.id,
      senderId: w.idle.user.id,
      directMessage: { content: 'Thanks!', senderId: w.idle.user.id, isRead: false },
    });
    expect(toSender.data).toEqual(toOwner.data);

    const reply = await insertMessage(withIda!.id, w.owner.user, 'You are welcome');
    await t.app.realtime.publish(newMessage(w.timeline, withIda!.id, reply.id, w.owner.user, w.idle.user));
    const got = await w.idle.socket.next('new_message');
    expect(got.data).toMatchObject({ message: 'New message from Olga', senderId: w.owner.user.id });
    await w.owner.socket.next('new_message');
    await quiet([w.moderator, w.participant, w.viewer, w.outsider]);
  });

  it('a message deleted or missing before it was rendered goes out to no one', async () => {
    const w = await setup();
    const row = await insertMessage(w.conversation.id, w.owner.user);
    await t.app.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, row.id));
    await t.app.realtime.publish(
      newMessage(w.timeline, w.conversation.id, row.id, w.owner.user, w.participant.user),
    );
    const gone = await insertMessage(w.conversation.id, w.owner.user);
    await t.app.db.delete(messages).where(eq(messages.id, gone.id));
    await t.app.realtime.publish(
      newMessage(w.timeline, w.conversation.id, gone.id, w.owner.user, w.participant.user),
    );
    await quiet([w.owner, w.participant]);
  });

  it('nothing goes out once the threadline is deleted', async () => {
    const w = await setup();
    const row = await insertMessage(w.conversation.id, w.owner.user);
    await t.app.db.update(timelines).set({ deletedAt: new Date() }).where(eq(timelines.id, w.timeline.id));
    await t.app.realtime.publish(
      newMessage(w.timeline, w.conversation.id, row.id, w.owner.user, w.participant.user),
    );
    await t.app.realtime.publish({
      kind: 'user',
      type: 'message_read',
      userIds: [w.owner.user.id, w.participant.user.id],
      timelineId: w.timeline.id,
      actorId: w.participant.user.id,
      conversationId: w.conversation.id,
      readAt: new Date().toISOString(),
    });
    await quiet([w.owner, w.participant]);
  });

  it('thirty messages in a row arrive once each, in order', async () => {
    const w = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const row = await insertMessage(w.conversation.id, w.owner.user, `#${i}`);
      ids.push(row.id);
      await t.app.realtime.publish(
        newMessage(w.timeline, w.conversation.id, row.id, w.owner.user, w.participant.user),
      );
    }
    const seen: string[] = [];
    for (let i = 0; i < 30; i++) seen.push((await w.participant.socket.next('new_message')).data.messageId);
    expect(seen).toEqual(ids);
    await quiet([w.participant], { unwanted: 'new_message' });
  });
});

describe('message_read', () => {
  it("reaches the sender (the read receipt) and the reader's other tabs, no one else", async () => {
    const w = await setup();
    const readerTab = await secondTab(w.participant);
    const readAt = new Date().toISOString();
    await t.app.realtime.publish({
      kind: 'user',
      type: 'message_read',
      userIds: [w.owner.user.id, w.participant.user.id],
      timelineId: w.timeline.id,
      actorId: w.participant.user.id,
      conversationId: w.conversation.id,
      readAt,
    });
    const got = await Promise.all(
      [w.owner.socket, w.participant.socket, readerTab].map((s) => s.next('message_read')),
    );
    for (const m of got) {
      expect(m.data).toEqual({
        timelineId: w.timeline.id,
        message: 'Pat read your messages',
        author: { id: w.participant.user.id, name: 'Pat', profileImageUrl: null },
        conversationId: w.conversation.id,
        readerId: w.participant.user.id,
        readAt,
      });
    }
    await quiet(w.others);
  });
});

describe('through the API', () => {
  for (const how of ['blocked', 'left'] as const) {
    it(`no read receipt reaches a member who ${how}; the reader's own tabs still get it`, async () => {
      const w = await setup();
      await insertMessage(w.conversation.id, w.participant.user);
      const gone =
        how === 'blocked'
          ? await w.owner.as.delete(`/api/timelines/${w.timeline.id}/members/${w.participant.user.id}`)
          : await w.participant.as.delete(`/api/timelines/${w.timeline.id}/members/leave`);
      expect(gone.statusCode, gone.body).toBe(200);
      const read = await w.owner.as.post(`/api/conversations/${w.conversation.id}/read`);
      expect(read.json()).toMatchObject({ marked: 1 });
      expect((await w.owner.socket.next('message_read')).data.conversationId).toBe(w.conversation.id);
      await quiet([w.participant], { unwanted: 'message_read' });
    });
  }

  it('a sent message reaches both people as GET messages shows it; a read reaches the sender once', async () => {
    const w = await setup();
    const olgaTab = await secondTab(w.owner);
    const started = await w.owner.as.post('/api/conversations', {
      timelineId: w.timeline.id,
      recipientId: w.idle.user.id,
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().id as string;

    const sent = await w.owner.as.post(`/api/conversations/${id}/messages`, { content: '  Hello Ida  ' });
    expect(sent.statusCode).toBe(201);
    const got = await Promise.all([w.idle.socket, w.owner.socket, olgaTab].map((s) => s.next('new_message')));
    // Ida's page, before she reads it: the same message, unread, no e-mail (she does not own the threadline).
    const [asIdaSees] = (await w.idle.as.get(`/api/conversations/${id}/messages`)).json();
    for (const m of got) {
      expect(m.data).toEqual({
        timelineId: w.timeline.id,
        message: 'New message from Olga',
        timelineName: w.timeline.name,
        excerpt: 'Hello Ida',
        author: { id: w.owner.user.id, name: 'Olga', profileImageUrl: null },
        conversationId: id,
        messageId: sent.json().id,
        senderId: w.owner.user.id,
        directMessage: asIdaSees,
      });
    }
    expect(asIdaSees).toMatchObject({ content: 'Hello Ida', isRead: false, sender: { email: null } });
    // The sender's own answer differs only in what is hers to see: her e-mail address.
    expect(got[0]!.data.directMessage).toEqual({
      ...sent.json(),
      sender: { ...sent.json().sender, email: null },
    });

    const read = await w.idle.as.post(`/api/conversations/${id}/read`);
    expect(read.json()).toMatchObject({ marked: 1 });
    const receipts = await Promise.all(
      [w.owner.socket, olgaTab, w.idle.socket].map((s) => s.next('message_read')),
    );
    for (const r of receipts) {
      expect(r.data).toMatchObject({
        conversationId: id,
        readerId: w.idle.user.id,
        readAt: read.json().readAt,
      });
    }
    // Nothing new to read: no receipt. /mark-read is the same handler.
    expect((await w.idle.as.post(`/api/conversations/${id}/mark-read`)).json()).toMatchObject({ marked: 0 });
    await quiet([
      w.owner,
      { user: w.owner.user, socket: olgaTab },
      w.idle,
      ...w.followers.filter((p) => p !== w.owner),
      w.outsider,
    ]);
  });
});
