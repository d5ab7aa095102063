// Two app processes on one PostgreSQL (DECISIONS §1, §8), as deployed behind a proxy without sticky
// sessions: a client on instance A receives a post made through instance B, and a block made on B stops
// delivery on A at once; direct messages and read receipts cross between them the same way. Runs in the
// PostgreSQL project only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, REALTIME } from '../../common/realtime.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { realtimeSockets } from '../db/schema/index.ts';
import { createEmptyDatabase } from '../test/db.ts';
import { addMember, buildThreadline } from '../test/factories.ts';
import {
  followOn,
  type Instance,
  type SessionUser,
  sessionUser,
  startInstance,
  stopInstance,
} from '../test/process-instances.ts';
import { openSocket, type TestSocket } from '../test/ws.ts';

let scratch: Awaited<ReturnType<typeof createEmptyDatabase>>;
let database: Database;
let a: Instance;
let b: Instance;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  scratch = await createEmptyDatabase(process.env.TEST_DATABASE_URL!, 'tl_realtime');
  [a, b] = await Promise.all([startInstance(scratch.url), startInstance(scratch.url)]);
  database = await openPostgres(scratch.url);
}, 90_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
  await database?.close();
  await scratch?.drop();
});

const user = (displayName: string) => sessionUser(database.db, displayName);

async function call(instance: Instance, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${instance.base}${url}`, {
    method,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const follower = (instance: Instance, who: SessionUser, timelineId: string) =>
  followOn(sockets, instance, who, timelineId);

describe('two app processes on one PostgreSQL', () => {
  it('a post made through B reaches a client on A; a block made on B stops delivery on A', {
    timeout: 30_000,
  }, async () => {
    const owner = await user('Olga');
    const mia = await user('Mia');
    const timeline = await buildThreadline(database.db, owner.user, { name: 'Two rooms' });
    await addMember(database.db, timeline, mia.user);
    // A second threadline Mia follows on the same socket: its posts are her barriers after the block.
    const other = await buildThreadline(database.db, owner.user, { name: 'Next door' });
    await addMember(database.db, other, mia.user);
    const miaOnA = await follower(a, mia, timeline.id);
    await miaOnA.subscribe(other.id);
    const ownerOnA = await follower(a, owner, timeline.id);

    const posted = await call(b, owner.cookie, 'POST', '/api/posts', {
      timelineId: timeline.id,
      content: 'From B',
    });
    expect(posted.status).toBe(201);
    const seen = await miaOnA.next('new_post', { timeoutMs: 5000 });
    expect(seen.data).toMatchObject({ postId: posted.body.id, message: 'Olga posted in Two rooms' });
    expect(seen.data.post).toMatchObject({ content: 'From B', author: { email: null } });
    await ownerOnA.next('new_post', { timeoutMs: 5000 });

    const blocked = await call(
      b,
      owner.cookie,
      'DELETE',
      `/api/timelines/${timeline.id}/members/${mia.user.id}`,
    );
    expect(blocked.status).toBe(200);
    expect(await miaOnA.next('unsubscribed', { timeoutMs: 5000 })).toEqual({
      type: 'unsubscribed',
      timelineId: timeline.id,
      reason: 'removed',
    });
    const told = await miaOnA.next('timeline_updated', { timeoutMs: 5000 });
    expect(told.data).toMatchObject({ change: 'access_removed', reason: 'blocked' });

    const after = await call(b, owner.cookie, 'POST', '/api/posts', {
      timelineId: timeline.id,
      content: 'After',
    });
    expect(after.status).toBe(201);
    // A has handled the post (the owner's socket there got it); Mia's got nothing of it.
    const ownerSaw = await ownerOnA.next('new_post', { timeoutMs: 5000 });
    expect(ownerSaw.data.postId).toBe(after.body.id);
    // A later post through B that Mia must get on A. B answers a post once its NOTIFY has committed, A's
    // listener gets notifications in commit order, and A's hub sends in bus order (hub.ts): had "After"
    // reached her, it would have come before this one.
    const next = await call(b, owner.cookie, 'POST', '/api/posts', { timelineId: other.id, content: 'Next' });
    expect(next.status).toBe(201);
    await miaOnA.expectNoneBefore('new_post', {
      where: (m) => m.data.postId === next.body.id,
      unwanted: 'new_post',
      timeoutMs: 5000,
    });
    // And A refuses to let her follow again.
    miaOnA.send({ type: 'subscribe_timeline', timelineId: timeline.id });
    expect((await miaOnA.next('error')).timelineId).toBe(timeline.id);
  });

  it('a direct message sent through B reaches the recipient on A; her read through A reaches the sender on B', {
    timeout: 15_000,
  }, async () => {
    const owner = await user('Olga');
    const mia = await user('Mia');
    const timeline = await buildThreadline(database.db, owner.user, { name: 'Two rooms' });
    await addMember(database.db, timeline, mia.user);
    // Own channels only: neither follows the threadline.
    const miaOnA = await openSocket(a.base, mia.cookie);
    const ownerOnB = await openSocket(b.base, owner.cookie);
    sockets.push(miaOnA, ownerOnB);
    await miaOnA.authenticate(mia.user.id);
    await ownerOnB.authenticate(owner.user.id);

    const started = await call(b, owner.cookie, 'POST', '/api/conversations', {
      timelineId: timeline.id,
      recipientId: mia.user.id,
    });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const sent = await call(b, owner.cookie, 'POST', `/api/conversations/${id}/messages`, {
      content: 'From B',
    });
    expect(sent.status).toBe(201);
    const seen = await miaOnA.next('new_message', { timeoutMs: 5000 });
    expect(seen.data).toMatchObject({
      message: 'New message from Olga',
      conversationId: id,
      messageId: sent.body.id,
      directMessage: { content: 'From B', isRead: false, sender: { email: null } },
    });
    await ownerOnB.next('new_message', { timeoutMs: 5000 });

    const read = await call(a, mia.cookie, 'POST', `/api/conversations/${id}/read`);
    expect(read.body).toMatchObject({ marked: 1 });
    const receipt = await ownerOnB.next('message_read', { timeoutMs: 5000 });
    expect(receipt.data).toMatchObject({
      conversationId: id,
      readerId: mia.user.id,
      readAt: read.body.readAt,
    });
  });

  it('signing out on B closes the same session socket on A', { timeout: 15_000 }, async () => {
    const ada = await user('Ada');
    const socket = await openSocket(a.base, ada.cookie);
    sockets.push(socket);
    await socket.authenticate(ada.user.id);
    expect((await call(b, ada.cookie, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await socket.waitClose(5000)).code).toBe(4001);
  });

  describe(`at most ${REALTIME.maxSocketsPerUser} sockets per user, across both`, () => {
    const cap = REALTIME.maxSocketsPerUser;
    const rowsOf = async (userId: string) =>
      (await database.db.select().from(realtimeSockets).where(eq(realtimeSockets.userId, userId))).length;
    const replaced = { code: CLOSE_CODES.replaced, reason: 'Too many connections' };

    /** Every socket still open gets a post made after all were counted, and none closes before it. */
    async function stillReceiving(owner: Awaited<ReturnType<typeof user>>, live: TestSocket[]) {
      const timeline = await buildThreadline(database.db, owner.user, { name: 'Tabs' });
      for (const socket of live) {
        await socket.authenticate(owner.user.id);
        await socket.subscribe(timeline.id);
      }
      const posted = await call(b, owner.cookie, 'POST', '/api/posts', {
        timelineId: timeline.id,
        content: 'All',
      });
      expect(posted.status).toBe(201);
      for (const socket of live) {
        const seen = await socket.next('new_post', { timeoutMs: 5000 });
        expect(seen.data.postId).toBe(posted.body.id);
        expect(socket.closeInfo).toBeUndefined();
      }
    }

    it('opened on A, then on B: the oldest on A close with 4008 (told through the bus)', {
      timeout: 30_000,
    }, async () => {
      const ada = await user('Ada');
      const all: TestSocket[] = [];
      for (let i = 0; i < cap + 2; i++) {
        const socket = await openSocket(i < 2 ? a.base : b.base, ada.cookie);
        sockets.push(socket);
        all.push(socket);
      }
      const [first, second, ...newest] = all;
      expect(await first!.waitClose(5000)).toEqual(replaced);
      expect(await second!.waitClose(5000)).toEqual(replaced);
      // Both evictions done (each close is one row taken out), all 12 counted: nothing more is coming.
      await expect.poll(() => rowsOf(ada.user.id), { timeout: 5000 }).toBe(cap);
      await stillReceiving(ada, newest);
    });

    it('opened at once on both: exactly the cap stays open', { timeout: 30_000 }, async () => {
      for (let round = 0; round < 3; round++) {
        const ada = await user(`Ada ${round}`);
        const all = await Promise.all(
          Array.from({ length: cap + 4 }, (_, i) => openSocket(i % 2 ? a.base : b.base, ada.cookie)),
        );
        sockets.push(...all);
        await expect.poll(() => all.filter((s) => s.closeInfo).length, { timeout: 5000 }).toBe(4);
        await expect.poll(() => rowsOf(ada.user.id), { timeout: 5000 }).toBe(cap);
        for (const socket of all.filter((s) => s.closeInfo)) expect(socket.closeInfo).toEqual(replaced);
        await stillReceiving(
          ada,
          all.filter((s) => !s.closeInfo),
        );
      }
    });

    it('a stopped instance forgets its sockets: they no longer count', { timeout: 30_000 }, async () => {
      const ada = await user('Ada');
      const c = await startInstance(scratch.url);
      let stopped = false;
      try {
        const onC = await Promise.all(Array.from({ length: cap }, () => openSocket(c.base, ada.cookie)));
        sockets.push(...onC);
        await expect.poll(() => rowsOf(ada.user.id), { timeout: 5000 }).toBe(cap);
        await stopInstance(c);
        stopped = true;
        expect(await rowsOf(ada.user.id)).toBe(0);
        for (const socket of onC) expect((await socket.waitClose(5000)).code).toBe(CLOSE_CODES.goingAway);
      } finally {
        if (!stopped) await stopInstance(c);
      }
      const onA = [];
      for (let i = 0; i < cap; i++) {
        const socket = await openSocket(a.base, ada.cookie);
        sockets.push(socket);
        onA.push(socket);
      }
      await expect.poll(() => rowsOf(ada.user.id), { timeout: 5000 }).toBe(cap);
      await stillReceiving(ada, onA);
    });
  });
});
