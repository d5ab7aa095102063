// The hub's inbox counts (issue 27; hub.ts tellInbox): an `inbox` bus event costs a query only on an instance
// where one of its users has an authenticated socket, one query for all of them, and each of their sockets
// gets `{type: 'notifications', unreadCount}` (what they may read now).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createNotifications } from '../notifications/store.ts';
import { setupTestApp } from '../test/app.ts';
import { openSocket, socketPeople } from '../test/ws.ts';

const t = setupTestApp();
const person = socketPeople(t);
const hub = () => t.app.realtimeHub.hub;

/**
 * The statements on notifications the app sends while the hub handles `userIds`' inbox event to the end
 * (others, such as the socket registry's on PostgreSQL, may run meanwhile). Handed to the hub directly, as
 * the bus would: publishing costs a NOTIFY of its own on PostgreSQL.
 */
async function queriesFor(userIds: string[]) {
  const client = (t.app.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    if (text?.includes('"notifications"')) n++;
    return original.apply(this, args);
  };
  try {
    hub().handle({ kind: 'inbox', userIds });
    await hub().drain();
  } finally {
    client.query = original;
  }
  return n;
}

describe('tellInbox', () => {
  it('asks nothing of the database for users without a socket here', async () => {
    const offline = await person('Ida');
    await offline.socket.close();
    // A socket that never authenticated is no one's yet.
    const anonymous = await person({ displayName: 'Ana' });
    const unauthenticated = person.track(await openSocket(t.app, anonymous.cookie));
    expect(await queriesFor([randomUUID(), randomUUID(), offline.user.id])).toBe(0);
    expect(await queriesFor([])).toBe(0);
    await unauthenticated.expectNoneBeforeReply({ unwanted: 'notifications' });
  });

  it('one query for every user here, each socket of theirs told their own count', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const adaTab = person.track(await openSocket(t.app, ada.cookie));
    await adaTab.authenticate(ada.user.id);
    const note = (userId: string) => ({ userId, type: 'message' as const, text: 'Hi', href: '/' });
    await createNotifications(t.app.db, [note(ada.user.id), note(ada.user.id), note(bob.user.id)]);

    expect(await queriesFor([ada.user.id, bob.user.id, randomUUID()])).toBe(1);
    for (const s of [ada.socket, adaTab])
      expect(await s.next('notifications')).toEqual({ type: 'notifications', unreadCount: 2 });
    expect(await bob.socket.next('notifications')).toEqual({ type: 'notifications', unreadCount: 1 });
  });
});
