// Content notifications with two app instances on one PostgreSQL database (issue 27), as two processes
// behind a proxy without sticky sessions: a mention written through one reaches the recipient's socket on
// the other, and the same edit sent to both at once mentions its new person once. PostgreSQL only.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema/index.ts';
import {
  addMember,
  buildPost,
  buildThreadline,
  callerFor,
  cookieFor,
  signedInUser,
} from '../test/factories.ts';
import { setupInstances } from '../test/instances.ts';
import { raceProbe } from '../test/races.ts';
import { openSocket, type TestSocket } from '../test/ws.ts';

const instances = setupInstances(2, { WRITE_LIMIT_FACTOR: '10' }, 'tl_mention_instances');
const A = () => instances[0]!.app;
const B = () => instances[1]!.app;

const sockets: TestSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const on = async (app: FastifyInstance, who: Person) => callerFor(app, await cookieFor(app, who.user));

async function club() {
  const owner = await signedInUser(A(), { displayName: 'Olga' });
  const pat = await signedInUser(A(), { displayName: 'Pat' });
  const pia = await signedInUser(A(), { displayName: 'Pia' });
  const timeline = await buildThreadline(A().db, owner.user, { name: 'Garden club' });
  await addMember(A().db, timeline, pat.user);
  await addMember(A().db, timeline, pia.user);
  return { owner, pat, pia, timeline };
}

const mentionsOf = (who: Person) =>
  A()
    .db.select({ postId: notifications.postId })
    .from(notifications)
    .where(and(eq(notifications.userId, who.user.id), eq(notifications.type, 'mention')));

describe('two instances', () => {
  it('a mention written through one reaches the recipient’s socket on the other', async () => {
    const { owner, pat, timeline } = await club();
    const socket = await openSocket(B(), pat.cookie);
    sockets.push(socket);
    await socket.authenticate(pat.user.id);
    const res = await (await on(A(), owner)).post('/api/posts', {
      timelineId: timeline.id,
      content: 'Hi @Pat',
      mentions: [pat.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await socket.next('notifications', { timeoutMs: 5000 })).toEqual({
      type: 'notifications',
      unreadCount: 1,
    });
  });

  it('the same edit sent to both at once mentions the new person once', async () => {
    const race = raceProbe(...instances);
    const rounds = race.rounds('edit');
    for (let round = 0; round < 3; round++) {
      const { owner, pat, pia, timeline } = await club();
      const post = await buildPost(A().db, timeline, owner.user, {
        content: '@Pat',
        mentions: [{ id: pat.user.id, as: '@Pat' }],
      });
      const callers = [await on(A(), owner), await on(B(), owner)];
      const body = { content: '@Pat @Pia', mentions: [pat.user.id, pia.user.id] };
      const answers = await rounds.run(() =>
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            race.as('edit', () => callers[i % 2]!.patch(`/api/posts/${post.id}`, body)),
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(await mentionsOf(pia)).toEqual([{ postId: post.id }]);
      expect(await mentionsOf(pat)).toEqual([]);
    }
    rounds.expectOverlap();
  });
});
