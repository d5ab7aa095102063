// GET /api/posts/{id}/reactions: who reacted, per emoji, by name only; read access as the post's
// (issue 25 item 9; DECISIONS §2). Every role's answer is also in the permission matrix.
import { describe, expect, it } from 'vitest';
import { HEART } from '../../common/schemas/post.ts';
import { postReactorsSchema, REACTORS_PER_EMOJI } from '../../common/schemas/reactors.ts';
import { timelineBlockedUsers } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildPost,
  buildReaction,
  buildThreadline,
  buildUser,
  type Caller,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();

/** A distinctive address per person: no part of it may appear in any answer. */
const mail = (who: string) => `${who}-${crypto.randomUUID().slice(0, 13)}-zq7x@secret-reactors.test`;

async function cast() {
  const owner = await signedInUser(t.app, { firstName: 'Olive', lastName: 'Owner', email: mail('olive') });
  const pat = await signedInUser(t.app, { displayName: 'Pat the Great', email: mail('pat') });
  const vic = await signedInUser(t.app, { firstName: null, lastName: null, email: mail('vic') });
  const outsider = await signedInUser(t.app, { email: mail('out') });
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  const post = await buildPost(t.app.db, tl, owner.user);
  return { owner, pat, vic, outsider, tl, post };
}

const reactors = async (as: Caller, postId: string) => {
  const res = await as.get(`/api/posts/${postId}/reactions`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(/zq7x|secret-reactors|@/);
  return postReactorsSchema.parse(res.json());
};

describe('GET /api/posts/{id}/reactions', () => {
  it('lists each emoji’s people by name, in the order given, to every member; never an e-mail', async () => {
    const { owner, pat, vic, post } = await cast();
    for (const [as, emoji] of [
      [pat.as, '👍'],
      [vic.as, '👍'],
      [owner.as, HEART],
      [owner.as, '👍'],
      [vic.as, HEART],
    ] as const) {
      expect((await as.post('/api/reactions', { postId: post.id, emoji })).statusCode).toBe(200);
    }
    const person = (u: typeof owner.user, name: string) => ({ id: u.id, name, profileImageUrl: null });
    const expected = {
      postId: post.id,
      reactions: [
        {
          emoji: '👍',
          count: 3,
          users: [
            person(pat.user, 'Pat the Great'),
            person(vic.user, 'Member'),
            person(owner.user, 'Olive Owner'),
          ],
        },
        { emoji: HEART, count: 2, users: [person(owner.user, 'Olive Owner'), person(vic.user, 'Member')] },
      ],
    };
    // The owner, who sees members' addresses elsewhere, gets names here like everyone else.
    for (const as of [owner.as, pat.as, vic.as]) expect(await reactors(as, post.id)).toEqual(expected);

    // A reaction taken back leaves the list; an emoji nobody holds any more leaves the answer.
    await vic.as.post('/api/reactions', { postId: post.id, emoji: HEART });
    await owner.as.post('/api/reactions', { postId: post.id, emoji: HEART });
    expect((await reactors(pat.as, post.id)).reactions).toEqual([{ ...expected.reactions[0], count: 3 }]);
  });

  it('a post nobody reacted to answers an empty list', async () => {
    const { pat, post } = await cast();
    expect(await reactors(pat.as, post.id)).toEqual({ postId: post.id, reactions: [] });
  });

  it(`names the first ${REACTORS_PER_EMOJI} of an emoji and counts them all`, async () => {
    const { owner, tl, post } = await cast();
    const extra = 5;
    for (let i = 0; i < REACTORS_PER_EMOJI + extra; i++) {
      const user = await buildUser(t.app.db, { firstName: `R${i}`, lastName: null, email: mail(`r${i}`) });
      await addMember(t.app.db, tl, user, 'viewer');
      await buildReaction(t.app.db, post, user, '🎉');
    }
    const [entry] = (await reactors(owner.as, post.id)).reactions;
    expect(entry?.count).toBe(REACTORS_PER_EMOJI + extra);
    expect(entry?.users.map((u) => u.name)).toEqual(
      Array.from({ length: REACTORS_PER_EMOJI }, (_, i) => `R${i}`),
    );
  });

  it('visitors 401; outsiders, the blocked and removed members 404 as for a post that does not exist', async () => {
    const { owner, pat, outsider, tl, post } = await cast();
    await pat.as.post('/api/reactions', { postId: post.id, emoji: HEART });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/reactions` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Unauthorized' });

    const ghost = await outsider.as.get(`/api/posts/${crypto.randomUUID()}/reactions`);
    expect(ghost.statusCode).toBe(404);
    const blocked = await signedInUser(t.app, { email: mail('blocked') });
    await t.app.db
      .insert(timelineBlockedUsers)
      .values({ timelineId: tl.id, userId: blocked.user.id, blockedBy: owner.user.id });
    const removed = await signedInUser(t.app, { email: mail('removed') });
    await addMember(t.app.db, tl, removed.user, 'participant');
    expect((await removed.as.get(`/api/posts/${post.id}/reactions`)).statusCode).toBe(200);
    const gone = await owner.as.delete(`/api/timelines/${tl.id}/members/${removed.user.id}`, { reason: 'r' });
    expect(gone.statusCode, gone.body).toBe(200);
    for (const as of [outsider.as, blocked.as, removed.as]) {
      const res = await as.get(`/api/posts/${post.id}/reactions`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(ghost.json());
    }
    // Malformed ids are ids nobody can see.
    for (const id of ['nope', post.id.slice(0, -1), `${post.id}x`]) {
      expect((await pat.as.get(`/api/posts/${id}/reactions`)).json()).toEqual(ghost.json());
    }
  });

  it('a deleted post has no reactions to list: 404 like a missing one', async () => {
    const { owner, pat, post } = await cast();
    await pat.as.post('/api/reactions', { postId: post.id, emoji: HEART });
    expect((await owner.as.delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    const res = await pat.as.get(`/api/posts/${post.id}/reactions`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Post not found' });
  });
});
