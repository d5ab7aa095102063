import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildComment, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';

const t = setupTestApp();
const ago = (ms: number) => new Date(Date.now() - ms);

describe('unread counts and mark-read', () => {
  it('counts others’ posts and comments since joining, then since each mark', async () => {
    const owner = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, bob.user);
    // Before Bob joined: not unread for him.
    await buildPost(t.app.db, tl, owner.user, { createdAt: ago(3_600_000) });
    const p1 = await buildPost(t.app.db, tl, owner.user);
    await buildPost(t.app.db, tl, owner.user);
    await buildPost(t.app.db, tl, bob.user); // his own
    await buildPost(t.app.db, tl, owner.user, { deletedAt: new Date() }); // tombstone
    await buildComment(t.app.db, p1, owner.user);
    await buildComment(t.app.db, p1, bob.user);

    const counts = (await bob.as.get('/api/user/timelines/unread-counts')).json();
    expect(counts).toEqual([{ timelineId: tl.id, unreadPostCount: 2, unreadCommentCount: 1 }]);

    const viewed = await bob.as.post(`/api/timelines/${tl.id}/mark-viewed`);
    expect(viewed.json()).toEqual({ timelineId: tl.id, viewedAt: expect.any(String) });
    expect((await bob.as.get('/api/user/timelines/unread-counts')).json()[0]).toMatchObject({
      unreadPostCount: 0,
      unreadCommentCount: 1,
    });
    await bob.as.post(`/api/timelines/${tl.id}/mark-comments-viewed`);
    expect((await bob.as.get('/api/user/timelines/unread-counts')).json()[0]).toMatchObject({
      unreadPostCount: 0,
      unreadCommentCount: 0,
    });
    await buildPost(t.app.db, tl, owner.user, { createdAt: new Date(Date.now() + 1000) });
    expect((await bob.as.get('/api/user/timelines/unread-counts')).json()[0].unreadPostCount).toBe(1);
  });

  it('stops counting at 100 (the badge reads 99+)', async () => {
    const owner = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, bob.user);
    const { posts } = await import('../db/schema/index.ts');
    await t.app.db.insert(posts).values(
      Array.from({ length: 130 }, () => ({
        timelineId: tl.id,
        authorId: owner.user.id,
        content: 'x',
        createdAt: new Date(Date.now() + 1000),
      })),
    );
    expect((await bob.as.get('/api/user/timelines/unread-counts')).json()[0].unreadPostCount).toBe(100);
  });

  it('leaves out deleted threadlines and refuses mark-read to outsiders', async () => {
    const owner = await signedInUser(t.app);
    const outsider = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user, { deletedAt: new Date() });
    expect((await owner.as.get('/api/user/timelines/unread-counts')).json()).toEqual([]);
    const live = await buildThreadline(t.app.db, owner.user);
    expect((await outsider.as.post(`/api/timelines/${live.id}/mark-viewed`)).statusCode).toBe(404);
    expect((await owner.as.post(`/api/timelines/${tl.id}/mark-comments-viewed`)).statusCode).toBe(404);
  });
});

describe('unread counts moving with real posts and comments', () => {
  it('counts what others post and comment through the API, until each mark', async () => {
    const owner = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const cat = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, bob.user);
    await addMember(t.app.db, tl, cat.user, 'viewer');
    const counts = async (who: typeof bob) => {
      const all = (await who.as.get('/api/user/timelines/unread-counts')).json();
      const mine = all.find((c: { timelineId: string }) => c.timelineId === tl.id);
      return [mine.unreadPostCount, mine.unreadCommentCount];
    };
    const post = async (who: typeof bob, content: string) => {
      const res = await who.as.post('/api/posts', { timelineId: tl.id, content });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const comment = async (who: typeof bob, postId: string) => {
      expect((await who.as.post('/api/comments', { postId, content: 'c' })).statusCode).toBe(201);
    };
    // Everyone starts at zero: nothing since they joined.
    for (const who of [owner, bob, cat]) expect(await counts(who)).toEqual([0, 0]);

    const p1 = await post(owner, 'one');
    await post(owner, 'two');
    const b1 = await post(bob, 'mine');
    expect(await counts(bob)).toEqual([2, 0]);
    expect(await counts(cat)).toEqual([3, 0]);
    expect(await counts(owner)).toEqual([1, 0]);

    await comment(owner, b1);
    await comment(owner, p1);
    await comment(bob, p1);
    expect(await counts(bob)).toEqual([2, 2]);
    expect(await counts(cat)).toEqual([3, 3]);
    expect(await counts(owner)).toEqual([1, 1]);

    // Viewing the feed clears posts, not comments; then comments.
    await bob.as.post(`/api/timelines/${tl.id}/mark-viewed`);
    expect(await counts(bob)).toEqual([0, 2]);
    await bob.as.post(`/api/timelines/${tl.id}/mark-comments-viewed`);
    expect(await counts(bob)).toEqual([0, 0]);
    await post(owner, 'three');
    await comment(owner, b1);
    expect(await counts(bob)).toEqual([1, 1]);

    // A deleted post no longer counts as unread.
    const p4 = await post(owner, 'four');
    expect(await counts(bob)).toEqual([2, 1]);
    expect((await owner.as.delete(`/api/posts/${p4}`)).statusCode).toBe(200);
    expect(await counts(bob)).toEqual([1, 1]);

    // The owner's own marks are separate from Bob's.
    await owner.as.post(`/api/timelines/${tl.id}/mark-viewed`);
    await owner.as.post(`/api/timelines/${tl.id}/mark-comments-viewed`);
    expect(await counts(owner)).toEqual([0, 0]);
    expect(await counts(bob)).toEqual([1, 1]);
    await post(bob, 'for the owner');
    expect(await counts(owner)).toEqual([1, 0]);
  });
});

describe('GET /api/subscription/status', () => {
  it('answers plan, limits, usage and status', async () => {
    const ada = await signedInUser(t.app, { plan: 'community', storageUsedBytes: 1234 });
    await buildThreadline(t.app.db, ada.user);
    expect((await ada.as.get('/api/subscription/status')).json()).toEqual({
      plan: 'community',
      limits: { maxTimelines: 300, maxMembersPerTimeline: 150, storageGB: 100 },
      usage: { timelines: 1, storageUsed: 1234 },
      subscriptionStatus: { status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: null },
    });
  });
});
