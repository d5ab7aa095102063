// POST /api/posts and DELETE /api/posts/{id}: validation, who may post, who may delete, and the tombstone a
// deletion leaves (issue 9; spec 001 §5-§7; DECISIONS §5-§6).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletePostResponse, HEART, postList, postSchema } from '../../common/schemas/post.ts';
import { posts } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildPost,
  buildReaction,
  buildThreadline,
  callerFor,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();

const EMPTY = 'Please enter some content or add media';

async function cast() {
  const owner = await signedInUser(t.app, { firstName: 'Olive' });
  const mod = await signedInUser(t.app, { firstName: 'Mo' });
  const mod2 = await signedInUser(t.app, { firstName: 'Mia' });
  const pat = await signedInUser(t.app, { firstName: 'Pat' });
  const pia = await signedInUser(t.app, { firstName: 'Pia' });
  const vic = await signedInUser(t.app, { firstName: 'Vic' });
  const outsider = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, mod.user, 'moderator');
  await addMember(t.app.db, tl, mod2.user, 'moderator');
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, pia.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  return { owner, mod, mod2, pat, pia, vic, outsider, tl };
}

const create = (who: { as: ReturnType<typeof callerFor> }, body: Record<string, unknown>) =>
  who.as.post('/api/posts', body);

describe('POST /api/posts', () => {
  it('creates a text post (201, the full post shape, content trimmed) that leads the feed', async () => {
    const { pat, owner, tl } = await cast();
    const res = await create(pat, { timelineId: tl.id, content: '  Hello\nworld  ' });
    expect(res.statusCode, res.body).toBe(201);
    const post = postSchema.parse(res.json());
    expect(post).toMatchObject({
      timelineId: tl.id,
      type: 'text',
      content: 'Hello\nworld',
      deletedAt: null,
      reactionCounts: {},
      myReactions: [],
      commentCount: 0,
      latestComment: null,
      isPinned: false,
      author: { id: pat.user.id, firstName: 'Pat', email: null },
    });
    const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(feed[0]).toMatchObject({ id: post.id, createdAt: post.createdAt });
    expect(feed[0]!.author.email).toBe(pat.user.email);
    // type defaults to text; "text" may be given.
    expect((await create(pat, { timelineId: tl.id, type: 'text', content: 'x' })).statusCode).toBe(201);
  });

  it('shows the author’s e-mail in the answer only when the owner posts', async () => {
    const { owner, mod, tl } = await cast();
    expect((await create(owner, { timelineId: tl.id, content: 'o' })).json().author.email).toBe(
      owner.user.email,
    );
    expect((await create(mod, { timelineId: tl.id, content: 'm' })).json().author.email).toBeNull();
  });

  it('refuses empty, overlong, control characters, unknown keys, other types and bad ids with 400', async () => {
    const { pat, tl } = await cast();
    for (const content of ['', '   ', '\n\t ']) {
      const res = await create(pat, { timelineId: tl.id, content });
      expect([res.statusCode, res.json().message]).toEqual([400, EMPTY]);
    }
    expect((await create(pat, { timelineId: tl.id })).statusCode).toBe(400);
    expect((await create(pat, { timelineId: tl.id, content: null })).statusCode).toBe(400);
    expect((await create(pat, { timelineId: tl.id, content: 'x'.repeat(10_000) })).statusCode).toBe(201);
    expect((await create(pat, { timelineId: tl.id, content: ` ${'x'.repeat(10_000)} ` })).statusCode).toBe(
      201,
    );
    const bad = [
      { timelineId: tl.id, content: 'x'.repeat(10_001) },
      { timelineId: tl.id, content: 'nul \u0000 here' },
      { timelineId: tl.id, content: 'bell \u0007' },
      { timelineId: tl.id, content: 'hi', extra: 1 },
      { timelineId: tl.id, content: 'hi', authorId: pat.user.id },
      { timelineId: tl.id, content: 'hi', type: 'image' },
      { timelineId: tl.id, content: 'hi', type: 'bogus' },
      { timelineId: tl.id, content: 42 },
      { timelineId: 'not-a-uuid', content: 'hi' },
      { content: 'hi' },
    ];
    for (const body of bad) {
      const res = await create(pat, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const [payload, type] of [
      ['', 'application/json'],
      ['null', 'application/json'],
      ['[]', 'application/json'],
      ['"hi"', 'application/json'],
      ['content=hi', 'application/x-www-form-urlencoded'],
      ['hi', 'text/plain'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { cookie: pat.cookie, 'content-type': type },
        payload,
      });
      expect([400, 415], `${type} ${payload}`).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: (await signedInUser(t.app)).cookie, 'content-type': 'application/json' },
      payload: '{"timelineId":',
    });
    expect(notJson.statusCode).toBe(400);
    const rows = await t.app.db.select().from(posts).where(eq(posts.timelineId, tl.id));
    expect(rows).toHaveLength(2);
  });

  it('follows the roles: owner and moderators always, participants while allowed, viewers never', async () => {
    const { owner, mod, pat, vic, tl } = await cast();
    for (const who of [owner, mod, pat]) {
      expect((await create(who, { timelineId: tl.id, content: 'hi' })).statusCode).toBe(201);
    }
    const viewer = await create(vic, { timelineId: tl.id, content: 'hi' });
    expect([viewer.statusCode, viewer.json()]).toEqual([
      403,
      { message: 'Viewers cannot post in this timeline' },
    ]);

    const off = await owner.as.patch(`/api/timelines/${tl.id}/permissions`, { allowParticipantPosts: false });
    expect(off.statusCode).toBe(200);
    const refused = await create(pat, { timelineId: tl.id, content: 'hi' });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { message: 'Posting is currently disabled for participants in this timeline.' },
    ]);
    for (const who of [owner, mod]) {
      expect((await create(who, { timelineId: tl.id, content: 'still' })).statusCode).toBe(201);
    }
    await owner.as.patch(`/api/timelines/${tl.id}/permissions`, { allowParticipantPosts: true });
    expect((await create(pat, { timelineId: tl.id, content: 'again' })).statusCode).toBe(201);
  });

  it('answers 404 "Timeline not found" to outsiders, blocked, removed and departed users and ghosts', async () => {
    const { owner, pat, pia, outsider, tl } = await cast();
    const notFound = async (who: typeof pat, timelineId = tl.id) => {
      const res = await create(who, { timelineId, content: 'hi' });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Timeline not found' }]);
    };
    await notFound(outsider);
    await notFound(owner, crypto.randomUUID());
    await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, { reason: 'spam' });
    await notFound(pat);
    await pia.as.delete(`/api/timelines/${tl.id}/members/leave`);
    await notFound(pia);
    const visitor = await callerFor(t.app).post('/api/posts', { timelineId: tl.id, content: 'hi' });
    expect([visitor.statusCode, visitor.json()]).toEqual([401, { message: 'Unauthorized' }]);
  });

  it('archived: 403 "Timeline is archived" for everyone; deleted: 404', async () => {
    const { owner, mod, pat, tl } = await cast();
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    for (const who of [owner, mod, pat]) {
      const res = await create(who, { timelineId: tl.id, content: 'hi' });
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
    }
    await owner.as.post(`/api/timelines/${tl.id}/restore`);
    expect((await create(pat, { timelineId: tl.id, content: 'back' })).statusCode).toBe(201);
    await owner.as.delete(`/api/timelines/${tl.id}`);
    for (const who of [owner, pat]) {
      const res = await create(who, { timelineId: tl.id, content: 'hi' });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Timeline not found' }]);
    }
  });
});

describe('from another site', () => {
  it('refuses every posts write sent from another site (403), and answers are no-store', async () => {
    const { owner, tl } = await cast();
    const post = await buildPost(t.app.db, tl, owner.user);
    const writes = [
      { method: 'POST', url: '/api/posts', payload: { timelineId: tl.id, content: 'x' } },
      { method: 'POST', url: '/api/comments', payload: { postId: post.id, content: 'x' } },
      { method: 'POST', url: '/api/reactions', payload: { postId: post.id, emoji: HEART } },
      { method: 'POST', url: `/api/timelines/${tl.id}/pin/${post.id}` },
      { method: 'DELETE', url: `/api/timelines/${tl.id}/pin` },
      { method: 'DELETE', url: `/api/posts/${post.id}` },
    ] as const;
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      for (const w of writes) {
        const res = await t.app.inject({ ...w, headers: { cookie: owner.cookie, ...headers } });
        expect(res.statusCode, `${w.method} ${w.url}`).toBe(403);
      }
    }
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.deletedAt).toBeNull();
    for (const res of [
      await owner.as.get(`/api/timelines/${tl.id}/posts`),
      await owner.as.get(`/api/timelines/${tl.id}/search?q=hello`),
      await owner.as.get(`/api/posts/${post.id}/comments`),
      await owner.as.post('/api/posts', { timelineId: tl.id, content: '' }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('DELETE /api/posts/{id}', () => {
  type Cast = Awaited<ReturnType<typeof cast>>;
  type Who = Exclude<keyof Cast, 'tl'>;
  const cases: [actor: Who, author: Who, status: number][] = [
    ['pat', 'pat', 200], // own post
    ['vic', 'vic', 200], // a viewer's own post (written before the demotion)
    ['mod', 'mod', 200],
    ['owner', 'pat', 200],
    ['owner', 'mod', 200],
    ['owner', 'vic', 200],
    ['mod', 'pat', 200],
    ['mod', 'vic', 200],
    ['mod', 'owner', 403],
    ['mod', 'mod2', 403],
    ['pat', 'pia', 403],
    ['pat', 'owner', 403],
    ['pat', 'mod', 403],
    ['vic', 'pat', 403],
    ['outsider', 'pat', 404],
  ];
  for (const [actor, author, status] of cases) {
    it(`${actor} deleting a post by ${author}: ${status}`, async () => {
      const c = await cast();
      const post = await buildPost(t.app.db, c.tl, c[author].user);
      const res = await c[actor].as.delete(`/api/posts/${post.id}`);
      expect(res.statusCode, res.body).toBe(status);
      const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post.id));
      if (status === 200) {
        const body = deletePostResponse.parse(res.json());
        expect(body.id).toBe(post.id);
        expect(row!.deletedAt).not.toBeNull();
      } else {
        expect(res.json()).toEqual({
          message: status === 403 ? 'You cannot delete this post' : 'Post not found',
        });
        expect(row!.deletedAt).toBeNull();
      }
    });
  }

  it('a moderator deletes an ex-member’s post; the ex-member cannot', async () => {
    const { owner, mod, pat, pia, tl } = await cast();
    const a = await buildPost(t.app.db, tl, pat.user);
    const b = await buildPost(t.app.db, tl, pia.user);
    await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, {});
    await pia.as.delete(`/api/timelines/${tl.id}/members/leave`);
    for (const [who, post] of [
      [pat, a],
      [pia, b],
    ] as const) {
      const res = await who.as.delete(`/api/posts/${post.id}`);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
    }
    expect((await mod.as.delete(`/api/posts/${a.id}`)).statusCode).toBe(200);
    expect((await mod.as.delete(`/api/posts/${b.id}`)).statusCode).toBe(200);
  });

  it('404 "Post not found" for ghosts, malformed ids and a post already deleted', async () => {
    const { owner, tl } = await cast();
    const post = await buildPost(t.app.db, tl, owner.user);
    expect((await owner.as.delete(`/api/posts/${post.id}`)).statusCode).toBe(200);
    for (const id of [post.id, crypto.randomUUID(), 'nope', '%27%20or%201%3D1']) {
      const res = await owner.as.delete(`/api/posts/${id}`);
      expect([res.statusCode, res.json()], id).toEqual([404, { message: 'Post not found' }]);
    }
  });

  it('archived: 403 "Timeline is archived", even for the owner; deleted threadline: 404', async () => {
    const { owner, pat, tl } = await cast();
    const post = await buildPost(t.app.db, tl, pat.user);
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    for (const who of [owner, pat]) {
      const res = await who.as.delete(`/api/posts/${post.id}`);
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
    }
    await owner.as.delete(`/api/timelines/${tl.id}`);
    const res = await owner.as.delete(`/api/posts/${post.id}`);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
  });

  it('leaves a tombstone: no content, reactions or comments, out of search, closed to comments and reactions', async () => {
    const { owner, pat, mod, tl } = await cast();
    const created = (await create(pat, { timelineId: tl.id, content: 'zebracorn secret' })).json();
    const said = await mod.as.post('/api/comments', { postId: created.id, content: 'zebracorn comment' });
    expect(said.statusCode).toBe(201);
    expect(
      (await mod.as.post('/api/reactions', { postId: created.id, emoji: HEART })).json().reactionCounts,
    ).toEqual({ [HEART]: 1 });
    expect((await owner.as.get(`/api/timelines/${tl.id}/search?q=zebracorn`)).json()).toHaveLength(1);

    const del = await pat.as.delete(`/api/posts/${created.id}`);
    expect(del.statusCode).toBe(200);
    const { deletedAt } = deletePostResponse.parse(del.json());

    for (const viewer of [owner, pat, mod]) {
      const res = await viewer.as.get(`/api/timelines/${tl.id}/posts`);
      expect(res.body).not.toContain('zebracorn');
      const tomb = postList.parse(res.json()).find((p) => p.id === created.id)!;
      expect(tomb).toMatchObject({
        type: 'text',
        content: null,
        createdAt: created.createdAt,
        author: { id: pat.user.id, firstName: 'Pat' },
        reactionCounts: {},
        myReactions: [],
        commentCount: 0,
        latestComment: null,
      });
      expect(Date.parse(tomb.deletedAt!)).toBe(Date.parse(deletedAt));
    }
    expect((await owner.as.get(`/api/timelines/${tl.id}/search?q=zebracorn`)).json()).toEqual([]);
    const comment = await mod.as.post('/api/comments', { postId: created.id, content: 'late' });
    expect([comment.statusCode, comment.json()]).toEqual([404, { message: 'Post not found' }]);
    const react = await mod.as.post('/api/reactions', { postId: created.id, emoji: HEART });
    expect([react.statusCode, react.json()]).toEqual([404, { message: 'Post not found' }]);
    const list = await mod.as.get(`/api/posts/${created.id}/comments`);
    expect([list.statusCode, list.json()]).toEqual([404, { message: 'Post not found' }]);
  });

  it('a deleted post’s reactions stay out of the feed even when rows remain', async () => {
    const { owner, pat, tl } = await cast();
    const post = await buildPost(t.app.db, tl, pat.user);
    await buildReaction(t.app.db, post, owner.user);
    await owner.as.delete(`/api/posts/${post.id}`);
    const [tomb] = (await owner.as.get(`/api/timelines/${tl.id}/posts`)).json();
    expect(tomb).toMatchObject({ id: post.id, reactionCounts: {}, myReactions: [] });
  });
});
