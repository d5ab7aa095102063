// GET /api/posts/{id} (issue 25, item 1): one post for a deep link or a notification's View, as the feed
// presents it, with the same access as every other post read, and where the unfiltered feed shows it.
import { describe, expect, it } from 'vitest';
import { FEED } from '../../common/limits.ts';
import { cursorAfter, type Post, postDetail } from '../../common/schemas/post.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildPostAt,
  buildReaction,
  buildThreadline,
  callerFor,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();

const url = (id: string) => `/api/posts/${id}`;

/** The owner, one member of each role, an outsider, and a member since blocked (removed by the owner). */
async function cast() {
  const owner = await signedInUser(t.app, { firstName: 'Olive' });
  const moderator = await signedInUser(t.app, { firstName: 'Mo' });
  const participant = await signedInUser(t.app, { firstName: 'Pat' });
  const viewer = await signedInUser(t.app, { firstName: 'Vic' });
  const outsider = await signedInUser(t.app, { firstName: 'Otto' });
  const blocked = await signedInUser(t.app, { firstName: 'Bea' });
  const tl = await buildThreadline(t.app.db, owner.user, { name: 'Garden Club' });
  await addMember(t.app.db, tl, moderator.user, 'moderator');
  await addMember(t.app.db, tl, participant.user, 'participant');
  await addMember(t.app.db, tl, viewer.user, 'viewer');
  await addMember(t.app.db, tl, blocked.user, 'participant');
  const removed = await owner.as.delete(`/api/timelines/${tl.id}/members/${blocked.user.id}`, {
    reason: 'spam',
  });
  expect(removed.statusCode, removed.body).toBe(200);
  return { owner, moderator, participant, viewer, outsider, blocked, tl };
}

describe('GET /api/posts/{id}', () => {
  it('every member role reads the post exactly as the feed presents it to them', async () => {
    const c = await cast();
    const post = await buildPost(t.app.db, c.tl, c.participant.user, { content: 'Tomatoes are in' });
    await buildComment(t.app.db, post, c.moderator.user, { content: 'Lovely' });
    await buildReaction(t.app.db, post, c.viewer.user);
    for (const who of [c.owner, c.moderator, c.participant, c.viewer]) {
      const res = await who.as.get(url(post.id));
      expect(res.statusCode, res.body).toBe(200);
      const detail = postDetail.parse(res.json());
      const [inFeed] = (await who.as.get(`/api/timelines/${c.tl.id}/posts`)).json() as Post[];
      expect(detail).toEqual({ post: inFeed, position: 0 });
    }
    // Only the owner sees authors' addresses; the viewer sees their own reaction.
    expect((await c.owner.as.get(url(post.id))).json().post.author.email).toBe(c.participant.user.email);
    expect((await c.moderator.as.get(url(post.id))).json().post.author.email).toBeNull();
    expect((await c.viewer.as.get(url(post.id))).json().post).toMatchObject({
      myReactions: ['\u2764\uFE0F'],
      commentCount: 1,
      latestComment: { content: 'Lovely' },
    });
  });

  it('visitors 401; outsiders, blocked users, unknown and malformed ids 404 "Post not found"', async () => {
    const c = await cast();
    const post = await buildPost(t.app.db, c.tl, c.owner.user);
    const visitor = await callerFor(t.app).get(url(post.id));
    expect(visitor.statusCode).toBe(401);
    for (const [who, id] of [
      [c.outsider, post.id],
      [c.blocked, post.id],
      [c.owner, crypto.randomUUID()],
      [c.owner, 'not-a-uuid'],
    ] as const) {
      const res = await who.as.get(url(id));
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
    }
  });

  it('a deleted post is 404 for everyone, its author and the owner included', async () => {
    const c = await cast();
    const post = await buildPost(t.app.db, c.tl, c.participant.user);
    const del = await c.participant.as.delete(url(post.id));
    expect(del.statusCode, del.body).toBe(200);
    for (const who of [c.owner, c.participant, c.viewer]) {
      const res = await who.as.get(url(post.id));
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
    }
  });

  it('archived: the owner only (others 403 "Timeline is archived"); deleted threadline: 404', async () => {
    const c = await cast();
    const post = await buildPost(t.app.db, c.tl, c.participant.user);
    await c.owner.as.post(`/api/timelines/${c.tl.id}/archive`);
    expect((await c.owner.as.get(url(post.id))).statusCode).toBe(200);
    for (const who of [c.moderator, c.participant, c.viewer]) {
      const res = await who.as.get(url(post.id));
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
    }
    await c.owner.as.delete(`/api/timelines/${c.tl.id}`);
    for (const who of [c.owner, c.participant]) {
      expect((await who.as.get(url(post.id))).statusCode).toBe(404);
    }
  });

  it('position: how many posts the unfiltered feed shows before it, pinned post and tombstones included', async () => {
    const c = await cast();
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    const made = [];
    // Ties on the timestamp too: the position follows the feed's (createdAt, id) order.
    for (let i = 0; i < 45; i++) {
      made.push(await buildPostAt(t.app.db, c.tl, c.owner.user, at(Math.floor(i / 3)), { content: `p${i}` }));
    }
    const tombstone = made[40]!;
    await c.owner.as.delete(url(tombstone.id));
    const pinned = made[3]!;
    expect((await c.owner.as.post(`/api/timelines/${c.tl.id}/pin/${pinned.id}`)).statusCode).toBe(200);

    // The feed as a reader pages through it, pinned post first.
    const feed: Post[] = [];
    let cursor: string | undefined;
    for (;;) {
      const q = `?limit=${FEED.pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = (await c.viewer.as.get(`/api/timelines/${c.tl.id}/posts${q}`)).json() as Post[];
      feed.push(...page);
      const natural = page.filter((p) => !p.isPinned);
      if (natural.length < FEED.pageSize) break;
      cursor = cursorAfter(natural.at(-1)!);
    }
    expect(feed).toHaveLength(45);
    for (const p of made) {
      if (p === tombstone) continue;
      const res = await c.viewer.as.get(url(p.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().position, String(p.content)).toBe(feed.findIndex((f) => f.id === p.id));
    }
    expect((await c.viewer.as.get(url(pinned.id))).json().post.isPinned).toBe(true);
  });
});
