// Two app processes on one PostgreSQL with REALTIME_BUS=redis: events cross between them over Redis pub/sub,
// each socket gets each event once (no echo of the publisher's own), a block made on B stops delivery on A at
// once, and an instance whose subscription Redis dropped closes its sockets with 1012 while the other keeps
// its own. Needs Redis at TEST_REDIS_URL; runs in the PostgreSQL project.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../common/realtime.ts';
import { type Database, openPostgres } from '../db/client.ts';
import { createEmptyDatabase } from '../test/db.ts';
import { addMember, buildThreadline } from '../test/factories.ts';
import {
  followOn,
  type Instance,
  type SessionUser,
  sessionUser,
  startInstance as startProcess,
  stopInstance,
} from '../test/process-instances.ts';
import type { TestSocket } from '../test/ws.ts';
import { redisClientName } from './bus-redis.ts';
import { SERVICE_RESTART } from './hub.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  throw new Error('instances-redis.pg.test.ts needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)');
const channel = `tl_test_${randomUUID()}`;

const startInstance = (databaseUrl: string) =>
  startProcess(databaseUrl, { REALTIME_BUS: 'redis', REDIS_URL: redisUrl!, REDIS_CHANNEL: channel });

let scratch: Awaited<ReturnType<typeof createEmptyDatabase>>;
let database: Database;
let a: Instance;
let b: Instance;
const admin = createClient({ url: redisUrl });
const sockets: TestSocket[] = [];

beforeAll(async () => {
  scratch = await createEmptyDatabase(process.env.TEST_DATABASE_URL!, 'tl_realtime_redis');
  [a, b] = await Promise.all([startInstance(scratch.url), startInstance(scratch.url)]);
  database = await openPostgres(scratch.url);
  await admin.connect();
}, 90_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await Promise.all(
    [a, b].map(async (instance) => {
      if (instance) await stopInstance(instance);
    }),
  );
  if (admin.isOpen) await admin.close();
  await database?.close();
  await scratch?.drop();
});

const user = (displayName: string) => sessionUser(database.db, displayName);

async function post(instance: Instance, cookie: string, timelineId: string, content: string) {
  const res = await fetch(`${instance.base}/api/posts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ timelineId, content }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

const follower = (instance: Instance, who: SessionUser, timelineId: string) =>
  followOn(sockets, instance, who, timelineId);

const postOf = (id: string) => (m: ServerMessage) =>
  m.type === 'new_post' && (m.data as { postId: string }).postId === id;

/** Every socket gets `first` once: the next post arrives with no second copy of it before. */
async function onceEach(live: TestSocket[], first: { id: string }, next: { id: string }) {
  for (const socket of live) {
    await socket.expectNoneBefore('new_post', {
      where: (m) => m.data.postId === next.id,
      unwanted: postOf(first.id),
      timeoutMs: 5000,
    });
  }
}

describe('two app processes on one PostgreSQL, events over Redis', () => {
  it('each holds a Redis subscription, named after its process', async () => {
    const names = (await admin.clientList()).map((client) => client.name);
    for (const instance of [a, b]) expect(names).toContain(redisClientName('sub', instance.child.pid));
  });

  it('a post through B reaches A once and B once; a block made on B stops delivery on A', {
    timeout: 30_000,
  }, async () => {
    const owner = await user('Olga');
    const mia = await user('Mia');
    const timeline = await buildThreadline(database.db, owner.user, { name: 'Two rooms' });
    await addMember(database.db, timeline, mia.user);
    const other = await buildThreadline(database.db, owner.user, { name: 'Next door' });
    await addMember(database.db, other, mia.user);
    const miaOnA = await follower(a, mia, timeline.id);
    await miaOnA.subscribe(other.id);
    const ownerOnB = await follower(b, owner, timeline.id);

    const first = await post(b, owner.cookie, timeline.id, 'From B');
    const seen = await miaOnA.next('new_post', { timeoutMs: 5000 });
    expect(seen.data).toMatchObject({ postId: first.id, message: 'Olga posted in Two rooms' });
    expect((await ownerOnB.next('new_post', { timeoutMs: 5000 })).data.postId).toBe(first.id);
    const second = await post(b, owner.cookie, timeline.id, 'Again');
    await onceEach([miaOnA, ownerOnB], first, second);

    const blocked = await fetch(`${b.base}/api/timelines/${timeline.id}/members/${mia.user.id}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    });
    expect(blocked.status).toBe(200);
    expect(await miaOnA.next('unsubscribed', { timeoutMs: 5000 })).toEqual({
      type: 'unsubscribed',
      timelineId: timeline.id,
      reason: 'removed',
    });
    const after = await post(b, owner.cookie, timeline.id, 'After');
    expect((await ownerOnB.next('new_post', { timeoutMs: 5000 })).data.postId).toBe(after.id);
    // B published "After" before "Next", one connection keeps its order, and A's hub sends in bus order.
    const next = await post(b, owner.cookie, other.id, 'Next');
    await miaOnA.expectNoneBefore('new_post', {
      where: (m) => m.data.postId === next.id,
      unwanted: 'new_post',
      timeoutMs: 5000,
    });
  });

  it('A losing its subscription closes its sockets with 1012; B keeps its own; events cross again', {
    timeout: 30_000,
  }, async () => {
    const owner = await user('Olga');
    const ada = await user('Ada');
    const timeline = await buildThreadline(database.db, owner.user, { name: 'Blip' });
    await addMember(database.db, timeline, ada.user);
    const adaOnA = await follower(a, ada, timeline.id);
    const ownerOnB = await follower(b, owner, timeline.id);

    const name = redisClientName('sub', a.child.pid);
    const subscriber = (await admin.clientList()).find((client) => client.name === name);
    expect(subscriber).toBeDefined();
    await admin.clientKill({ filter: 'ID', id: subscriber!.id });
    expect(await adaOnA.waitClose(10_000)).toEqual({
      code: SERVICE_RESTART,
      reason: 'Events may have been missed',
    });
    // A is subscribed again (a new connection of the same name), and B's socket never closed.
    await expect
      .poll(async () => (await admin.clientList()).some((c) => c.name === name && c.id !== subscriber!.id), {
        timeout: 10_000,
      })
      .toBe(true);
    const again = await follower(a, ada, timeline.id);
    const later = await post(b, owner.cookie, timeline.id, 'After the blip');
    expect((await again.next('new_post', { timeoutMs: 5000 })).data.postId).toBe(later.id);
    expect((await ownerOnB.next('new_post', { timeoutMs: 5000 })).data.postId).toBe(later.id);
    expect(ownerOnB.closeInfo).toBeUndefined();
  });
});
