// POST /api/timelines/{id}/pin/{postId} and DELETE /api/timelines/{id}/pin: owner only, one pinned post per
// threadline, and deleting the pinned post unpins it (issue 9; spec 001 §7).
import { describe, expect, it } from 'vitest';
import { pinResponse, postList } from '../../common/schemas/post.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, type Caller, signedInUser } from '../test/factories.ts';

const t = setupTestApp();

async function cast() {
  const owner = await signedInUser(t.app);
  const mod = await signedInUser(t.app);
  const pat = await signedInUser(t.app);
  const vic = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, mod.user, 'moderator');
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  const old = await buildPost(t.app.db, tl, pat.user, {
    content: 'old',
    createdAt: new Date(Date.now() - 3000),
  });
  const mid = await buildPost(t.app.db, tl, pat.user, {
    content: 'mid',
    createdAt: new Date(Date.now() - 2000),
  });
  const recent = await buildPost(t.app.db, tl, owner.user, {
    content: 'new',
    createdAt: new Date(Date.now() - 1000),
  });
  return { owner, mod, pat, vic, tl, old, mid, recent };
}

const pinnedOf = async (as: Caller, timelineId: string) =>
  (await as.get(`/api/timelines/${timelineId}`)).json().timeline.pinnedPostId as string | null;
const feedOf = async (as: Caller, timelineId: string) =>
  postList.parse((await as.get(`/api/timelines/${timelineId}/posts`)).json());

describe('pin and unpin', () => {
  it('pins, replaces the pin, and unpins; the threadline and the feed agree', async () => {
    const { owner, pat, tl, old, mid } = await cast();
    const pin = await owner.as.post(`/api/timelines/${tl.id}/pin/${old.id}`);
    expect(pin.statusCode, pin.body).toBe(200);
    expect(pinResponse.parse(pin.json())).toEqual({ timelineId: tl.id, pinnedPostId: old.id });
    expect(await pinnedOf(pat.as, tl.id)).toBe(old.id);
    let feed = await feedOf(pat.as, tl.id);
    expect(feed.map((p) => [p.content, p.isPinned])).toEqual([
      ['old', true],
      ['new', false],
      ['mid', false],
    ]);

    const replace = await owner.as.post(`/api/timelines/${tl.id}/pin/${mid.id}`);
    expect(replace.json()).toEqual({ timelineId: tl.id, pinnedPostId: mid.id });
    feed = await feedOf(pat.as, tl.id);
    expect(feed.map((p) => [p.content, p.isPinned])).toEqual([
      ['mid', true],
      ['new', false],
      ['old', false],
    ]);
    // Pinning the pinned post again changes nothing.
    expect((await owner.as.post(`/api/timelines/${tl.id}/pin/${mid.id}`)).json().pinnedPostId).toBe(mid.id);

    const unpin = await owner.as.delete(`/api/timelines/${tl.id}/pin`);
    expect([unpin.statusCode, unpin.json()]).toEqual([200, { timelineId: tl.id, pinnedPostId: null }]);
    expect(await pinnedOf(owner.as, tl.id)).toBeNull();
    feed = await feedOf(pat.as, tl.id);
    expect(feed.map((p) => p.content)).toEqual(['new', 'mid', 'old']);
    expect(feed.some((p) => p.isPinned)).toBe(false);
    // Unpinning with nothing pinned is harmless.
    expect((await owner.as.delete(`/api/timelines/${tl.id}/pin`)).json()).toEqual({
      timelineId: tl.id,
      pinnedPostId: null,
    });
  });

  it('only the owner: others get 403 "Only the timeline owner can do this"', async () => {
    const { owner, mod, pat, vic, tl, old } = await cast();
    for (const who of [mod, pat, vic]) {
      const res = await who.as.post(`/api/timelines/${tl.id}/pin/${old.id}`);
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Only the timeline owner can do this' }]);
    }
    await owner.as.post(`/api/timelines/${tl.id}/pin/${old.id}`);
    for (const who of [mod, pat, vic]) {
      const res = await who.as.delete(`/api/timelines/${tl.id}/pin`);
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Only the timeline owner can do this' }]);
    }
    expect(await pinnedOf(owner.as, tl.id)).toBe(old.id);
  });

  it('404 "Post not found" for a deleted post, another threadline’s post, a ghost and a malformed id', async () => {
    const { owner, tl, old, recent } = await cast();
    const elsewhere = await buildThreadline(t.app.db, owner.user);
    const foreign = await buildPost(t.app.db, elsewhere, owner.user);
    await owner.as.post(`/api/timelines/${tl.id}/pin/${recent.id}`);
    expect((await owner.as.delete(`/api/posts/${old.id}`)).statusCode).toBe(200);
    for (const postId of [old.id, foreign.id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await owner.as.post(`/api/timelines/${tl.id}/pin/${postId}`);
      expect([res.statusCode, res.json()], postId).toEqual([404, { message: 'Post not found' }]);
    }
    expect(await pinnedOf(owner.as, tl.id)).toBe(recent.id);
    expect(await pinnedOf(owner.as, elsewhere.id)).toBeNull();
    // A threadline the caller cannot see: "Timeline not found".
    const stranger = await signedInUser(t.app);
    const res = await stranger.as.post(`/api/timelines/${tl.id}/pin/${recent.id}`);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Timeline not found' }]);
  });

  it('deleting the pinned post unpins it (by the owner, the author or a moderator)', async () => {
    for (const deleter of ['owner', 'pat', 'mod'] as const) {
      const c = await cast();
      await c.owner.as.post(`/api/timelines/${c.tl.id}/pin/${c.mid.id}`);
      expect((await c[deleter].as.delete(`/api/posts/${c.mid.id}`)).statusCode).toBe(200);
      expect(await pinnedOf(c.owner.as, c.tl.id), deleter).toBeNull();
      const feed = await feedOf(c.pat.as, c.tl.id);
      expect(feed.map((p) => [p.content, p.isPinned])).toEqual([
        ['new', false],
        [null, false],
        ['old', false],
      ]);
    }
  });

  it('deleting another post leaves the pin alone', async () => {
    const { owner, tl, old, mid } = await cast();
    await owner.as.post(`/api/timelines/${tl.id}/pin/${old.id}`);
    await owner.as.delete(`/api/posts/${mid.id}`);
    expect(await pinnedOf(owner.as, tl.id)).toBe(old.id);
  });

  it('archived: pin and unpin are 403 "Timeline is archived"; the pin stays', async () => {
    const { owner, tl, old, mid } = await cast();
    await owner.as.post(`/api/timelines/${tl.id}/pin/${old.id}`);
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    for (const res of [
      await owner.as.post(`/api/timelines/${tl.id}/pin/${mid.id}`),
      await owner.as.delete(`/api/timelines/${tl.id}/pin`),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
    }
    expect((await feedOf(owner.as, tl.id))[0]).toMatchObject({ id: old.id, isPinned: true });
  });
});
