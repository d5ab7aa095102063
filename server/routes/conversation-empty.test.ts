// Pressing Message shows the other person nothing (issue 25 item 7): a conversation nobody has written in
// yet is listed only for whoever asked for it (POST /api/conversations), counts nothing unread and sends no
// event; the first message brings it to the other person's list, unread count and socket at once.
import { describe, expect, it } from 'vitest';
import { conversationCreated, conversationList } from '../../common/schemas/conversation.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, type Caller } from '../test/factories.ts';
import { type SocketPerson, socketPeople } from '../test/ws.ts';

const t = setupTestApp();
const person = socketPeople(t);

async function cast() {
  const owner = await person('Olga');
  const pat = await person('Pat');
  const timeline = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, timeline, pat.user, 'participant');
  return { owner, pat, timeline };
}

async function start(from: SocketPerson, timelineId: string, to: SocketPerson, status: number) {
  const res = await from.as.post('/api/conversations', { timelineId, recipientId: to.user.id });
  expect(res.statusCode, res.body).toBe(status);
  return conversationCreated.parse(res.json()).id;
}

const listed = async (as: Caller) => {
  const res = await as.get('/api/conversations');
  expect(res.statusCode, res.body).toBe(200);
  return conversationList.parse(res.json()).map((c) => [c.id, c.lastMessage?.content ?? null, c.unreadCount]);
};

const unread = async (as: Caller) => (await as.get('/api/conversations/unread-count')).json().unreadCount;

describe('an empty conversation shows only to whoever asked for it', () => {
  it('the owner presses Message: nothing for Pat (list, unread, socket) until the first message', async () => {
    const { owner, pat, timeline } = await cast();
    const id = await start(owner, timeline.id, pat, 201);
    expect(await listed(owner.as)).toEqual([[id, null, 0]]);
    expect(await listed(pat.as)).toEqual([]);
    expect(await unread(pat.as)).toBe(0);
    // The conversation's own id opens nothing new either: the messages are there for the two of them.
    expect((await pat.as.get(`/api/conversations/${id}/messages`)).json()).toEqual([]);

    const sent = await owner.as.post(`/api/conversations/${id}/messages`, { content: 'Hello Pat' });
    expect(sent.statusCode, sent.body).toBe(201);
    // Pat's socket heard nothing before the first message's own event (one ordered path: ws.ts).
    const event = await pat.socket.expectNoneBefore('new_message');
    expect(event.data).toMatchObject({ conversationId: id, message: 'New message from Olga' });
    expect(await listed(pat.as)).toEqual([[id, 'Hello Pat', 1]]);
    expect(await unread(pat.as)).toBe(1);
  });

  it('either way round: a participant starting one with the owner shows the owner nothing yet', async () => {
    const { owner, pat, timeline } = await cast();
    const id = await start(pat, timeline.id, owner, 201);
    expect(await listed(pat.as)).toEqual([[id, null, 0]]);
    expect(await listed(owner.as)).toEqual([]);
    const sent = await pat.as.post(`/api/conversations/${id}/messages`, { content: 'Hi Olga' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await listed(owner.as)).toEqual([[id, 'Hi Olga', 1]]);
  });

  it('the other person pressing Message too gets the same conversation, listed for them as well', async () => {
    const { owner, pat, timeline } = await cast();
    const id = await start(owner, timeline.id, pat, 201);
    expect(await start(pat, timeline.id, owner, 200)).toBe(id);
    expect(await listed(pat.as)).toEqual([[id, null, 0]]);
    expect(await listed(owner.as)).toEqual([[id, null, 0]]);
    // Asking again changes nothing.
    expect(await start(owner, timeline.id, pat, 200)).toBe(id);
    expect(await start(pat, timeline.id, owner, 200)).toBe(id);
    expect(await listed(pat.as)).toEqual([[id, null, 0]]);
  });
});
