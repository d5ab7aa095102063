// PATCH /api/posts/{id}, PATCH /api/comments/{id} and GET /api/posts/{id}/versions (issue 24, DECISIONS §9):
// the author alone edits, with the limits of creating; earlier texts are kept only under a paying owner.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../common/limits.ts';
import { PLAN_FEATURE_MESSAGES } from '../../common/plans.ts';
import {
  commentList,
  commentSchema,
  postList,
  postSchema,
  postVersionList,
} from '../../common/schemas/post.ts';
import { postVersions, users } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildThreadline,
  type Caller,
  callerFor,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();
const UPGRADE = { message: PLAN_FEATURE_MESSAGES.versionHistory, planUpgradeRequired: true };

async function cast(plan: 'free' | 'pro' | 'community' = 'free') {
  const owner = await signedInUser(t.app, { displayName: 'Olga', plan });
  const mod = await signedInUser(t.app, { displayName: 'Mo' });
  const pat = await signedInUser(t.app, { displayName: null, firstName: 'Pat', lastName: 'Doe' });
  const vic = await signedInUser(t.app);
  const outsider = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, mod.user, 'moderator');
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  const post = await buildPost(t.app.db, tl, pat.user, { content: 'the quick brown fox' });
  return { owner, mod, pat, vic, outsider, tl, post };
}

const editPost = (as: Caller, id: string, content: unknown) => as.patch(`/api/posts/${id}`, { content });
const editComment = (as: Caller, id: string, content: unknown) =>
  as.patch(`/api/comments/${id}`, { content });
const versions = (as: Caller, id: string) => as.get(`/api/posts/${id}/versions`);
const stored = async (postId: string) =>
  (await t.app.db.select().from(postVersions).where(eq(postVersions.postId, postId))).length;

describe('PATCH /api/posts/{id}', () => {
  it('the author changes the text: editedAt set, the feed and search follow at once', async () => {
    const { pat, vic, tl, post } = await cast();
    const res = await editPost(pat.as, post.id, '  the slow red fox  ');
    expect(res.statusCode, res.body).toBe(200);
    const edited = postSchema.parse(res.json());
    expect(edited).toMatchObject({ id: post.id, content: 'the slow red fox', type: 'text' });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(post.createdAt.getTime());
    const [inFeed] = postList.parse((await vic.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(inFeed).toMatchObject({ content: 'the slow red fox', editedAt: edited.editedAt });
    const search = async (q: string) =>
      postList.parse((await vic.as.get(`/api/timelines/${tl.id}/search?q=${q}`)).json()).length;
    expect([await search('slow'), await search('quick')]).toEqual([1, 0]);
  });

  it('a post never edited has editedAt null; the same text again changes nothing', async () => {
    const { pat, vic, tl, post } = await cast('pro');
    const [before] = postList.parse((await vic.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(before!.editedAt).toBeNull();
    const res = await editPost(pat.as, post.id, 'the quick brown fox');
    expect([res.statusCode, res.json().editedAt]).toEqual([200, null]);
    expect(await stored(post.id)).toBe(0);
  });

  it('the limits of creating: length, control characters, a text post needs text', async () => {
    const { pat, post } = await cast();
    const cases: [unknown, string][] = [
      ['x'.repeat(TEXT_LIMITS.post + 1), `Content must be at most ${TEXT_LIMITS.post} characters`],
      ['bad\u0000text', 'Content must not contain control characters'],
      ['   ', 'Please enter some content or add media'],
      [42, ''],
    ];
    for (const [content, message] of cases) {
      const res = await editPost(pat.as, post.id, content);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    expect((await pat.as.patch(`/api/posts/${post.id}`, { content: 'ok', type: 'image' })).statusCode).toBe(
      400,
    );
    expect((await editPost(pat.as, post.id, 'x'.repeat(TEXT_LIMITS.post))).statusCode).toBe(200);
  });

  it('a media post keeps its media and may lose its text', async () => {
    const { pat, tl } = await cast();
    const media = await buildPost(t.app.db, tl, pat.user, {
      type: 'file',
      content: 'see attached',
      mediaUrl: '/objects/uploads/x',
      fileName: 'report.pdf',
      fileSize: 10,
    });
    const res = await editPost(pat.as, media.id, '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      content: null,
      type: 'file',
      mediaUrl: '/objects/uploads/x',
      fileName: 'report.pdf',
    });
  });

  it('author only: 403 for the owner, moderators and a demoted viewer; 404 for outsiders and the removed', async () => {
    const { owner, mod, pat, vic, outsider, tl, post } = await cast();
    for (const who of [owner, mod]) {
      const res = await editPost(who.as, post.id, 'not mine');
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'You can only edit your own posts' }]);
    }
    const vicsPost = await buildPost(t.app.db, tl, vic.user, { content: 'from when I could post' });
    const res = await editPost(vic.as, vicsPost.id, 'now');
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Viewers cannot post in this timeline' }]);
    expect((await editPost(callerFor(t.app), post.id, 'x')).statusCode).toBe(401);
    expect((await editPost(outsider.as, post.id, 'x')).json()).toEqual({ message: 'Post not found' });
    await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, {});
    const removed = await editPost(pat.as, post.id, 'x');
    expect([removed.statusCode, removed.json()]).toEqual([404, { message: 'Post not found' }]);
    expect((await editPost(pat.as, 'nope', 'x')).statusCode).toBe(404);
  });

  it('a member who left cannot edit; archived: 403 for everyone; a deleted post: 404', async () => {
    const { owner, pat, mod, tl, post } = await cast();
    const modPost = await buildPost(t.app.db, tl, mod.user);
    await mod.as.delete(`/api/timelines/${tl.id}/members/leave`);
    expect((await editPost(mod.as, modPost.id, 'x')).statusCode).toBe(404);
    const ownPost = await buildPost(t.app.db, tl, owner.user);
    await pat.as.delete(`/api/posts/${post.id}`);
    expect((await editPost(pat.as, post.id, 'x')).json()).toEqual({ message: 'Post not found' });
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    const res = await editPost(owner.as, ownPost.id, 'x');
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
  });
});

describe('version history', () => {
  it('free owner: nothing stored, and the versions call offers the upgrade', async () => {
    const { pat, vic, post } = await cast('free');
    await editPost(pat.as, post.id, 'second');
    expect(await stored(post.id)).toBe(0);
    for (const who of [pat, vic]) {
      const res = await versions(who.as, post.id);
      expect([res.statusCode, res.json()]).toEqual([403, UPGRADE]);
    }
  });

  for (const plan of ['pro', 'community'] as const) {
    it(`${plan} owner: every earlier text kept, newest first, the current one leading`, async () => {
      const { pat, vic, post } = await cast(plan);
      const first = postSchema.parse((await editPost(pat.as, post.id, 'second')).json());
      const second = postSchema.parse((await editPost(pat.as, post.id, 'third')).json());
      const res = await versions(vic.as, post.id);
      expect(res.statusCode, res.body).toBe(200);
      const list = postVersionList.parse(res.json());
      const pat_ = { id: pat.user.id, name: 'Pat Doe' };
      expect(list).toEqual([
        { content: 'third', editedAt: second.editedAt, editor: pat_ },
        { content: 'second', editedAt: first.editedAt, editor: pat_ },
        { content: 'the quick brown fox', editedAt: expect.any(String), editor: pat_ },
      ]);
      expect(Date.parse(list[2]!.editedAt)).toBe(post.createdAt.getTime());
    });
  }

  it('a post never edited answers its one version; outsiders and visitors learn nothing', async () => {
    const { vic, outsider, post } = await cast('pro');
    expect(postVersionList.parse((await versions(vic.as, post.id)).json())).toHaveLength(1);
    expect((await versions(outsider.as, post.id)).json()).toEqual({ message: 'Post not found' });
    expect((await versions(callerFor(t.app), post.id)).statusCode).toBe(401);
  });

  it('a downgrade stops keeping new versions and hides the kept ones; an upgrade shows them again', async () => {
    const { owner, pat, post } = await cast('pro');
    const setPlan = (plan: string) => t.app.db.update(users).set({ plan }).where(eq(users.id, owner.user.id));
    await editPost(pat.as, post.id, 'kept under pro');
    await setPlan('free');
    await editPost(pat.as, post.id, 'written while free');
    await editPost(pat.as, post.id, 'last');
    expect(await stored(post.id)).toBe(1);
    expect((await versions(pat.as, post.id)).json()).toEqual(UPGRADE);
    await setPlan('pro');
    const list = postVersionList.parse((await versions(pat.as, post.id)).json());
    expect(list.map((v) => v.content)).toEqual(['last', 'the quick brown fox']);
  });

  it('deleting the post removes its versions', async () => {
    const { pat, post } = await cast('pro');
    await editPost(pat.as, post.id, 'v2');
    expect(await stored(post.id)).toBe(1);
    expect((await pat.as.delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    expect(await stored(post.id)).toBe(0);
    expect((await versions(pat.as, post.id)).statusCode).toBe(404);
  });
});

describe('version history with BILLING_PROVIDER=off', () => {
  const off = setupTestApp({ BILLING_PROVIDER: 'off' });
  it('every owner keeps and shows versions', async () => {
    const owner = await signedInUser(off.app, { plan: 'free' });
    const tl = await buildThreadline(off.app.db, owner.user);
    const post = await buildPost(off.app.db, tl, owner.user, { content: 'one' });
    await owner.as.patch(`/api/posts/${post.id}`, { content: 'two' });
    const list = postVersionList.parse((await owner.as.get(`/api/posts/${post.id}/versions`)).json());
    expect(list.map((v) => v.content)).toEqual(['two', 'one']);
  });
});

describe('PATCH /api/comments/{id}', () => {
  it('the author changes the text; the list shows it with editedAt', async () => {
    const { pat, vic, post } = await cast();
    const comment = await buildComment(t.app.db, post, vic.user, { content: 'first' });
    const never = commentList.parse((await pat.as.get(`/api/posts/${post.id}/comments`)).json());
    expect(never[0]!.editedAt).toBeNull();
    // A viewer cannot comment, so cannot edit what they wrote before; the participant can.
    const own = await buildComment(t.app.db, post, pat.user, { content: 'mine' });
    const res = await editComment(pat.as, own.id, ' mine, edited ');
    expect(res.statusCode, res.body).toBe(200);
    expect(commentSchema.parse(res.json())).toMatchObject({ id: own.id, content: 'mine, edited' });
    const list = commentList.parse((await vic.as.get(`/api/posts/${post.id}/comments`)).json());
    expect(list.map((c) => [c.content, Boolean(c.editedAt)])).toEqual([
      ['first', false],
      ['mine, edited', true],
    ]);
    const denied = await editComment(vic.as, comment.id, 'x');
    expect([denied.statusCode, denied.json()]).toEqual([
      403,
      { message: 'Viewers cannot comment in this timeline' },
    ]);
  });

  it('author only, the limits of commenting, 404 for outsiders, missing and deleted posts', async () => {
    const { owner, mod, pat, outsider, post } = await cast();
    const comment = await buildComment(t.app.db, post, pat.user, { content: 'first' });
    for (const who of [owner, mod]) {
      const res = await editComment(who.as, comment.id, 'x');
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'You can only edit your own comments' }]);
    }
    for (const content of ['', '  ', 'x'.repeat(TEXT_LIMITS.comment + 1), 'a\u0007b']) {
      expect((await editComment(pat.as, comment.id, content)).statusCode).toBe(400);
    }
    expect((await editComment(outsider.as, comment.id, 'x')).statusCode).toBe(404);
    expect((await editComment(pat.as, crypto.randomUUID(), 'x')).json()).toEqual({
      message: 'Comment not found',
    });
    expect((await editComment(callerFor(t.app), comment.id, 'x')).statusCode).toBe(401);
    await pat.as.delete(`/api/posts/${post.id}`);
    expect((await editComment(pat.as, comment.id, 'x')).statusCode).toBe(404);
  });
});

describe('write limits (WRITE_LIMIT_FACTOR=0.1: 3 posts, 6 comments a minute)', () => {
  const slow = setupTestApp({ WRITE_LIMIT_FACTOR: '0.1' });
  it('a post edit counts as a post and a comment edit as a comment', async () => {
    const me = await signedInUser(slow.app);
    const tl = await buildThreadline(slow.app.db, me.user);
    const post = await buildPost(slow.app.db, tl, me.user);
    const comment = await buildComment(slow.app.db, post, me.user);
    const postEdits = [];
    for (let i = 0; i < 4; i++) postEdits.push((await editPost(me.as, post.id, `v${i}`)).statusCode);
    expect(postEdits).toEqual([200, 200, 200, 429]);
    const newPost = await me.as.post('/api/posts', { timelineId: tl.id, content: 'more' });
    expect(newPost.statusCode).toBe(429);
    const commentEdits = [];
    for (let i = 0; i < 7; i++) commentEdits.push((await editComment(me.as, comment.id, `c${i}`)).statusCode);
    expect(commentEdits).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
