// POST /api/comments and GET /api/posts/{postId}/comments: validation, allowParticipantComments, oldest-first
// keyset pages, and the feed's commentCount and latestComment (issue 9; spec 001 §5-§7).
import { describe, expect, it } from 'vitest';
import {
  type Comment,
  commentList,
  commentSchema,
  cursorAfter,
  postList,
} from '../../common/schemas/post.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildThreadline,
  type Caller,
  signedInUser,
} from '../test/factories.ts';

const t = setupTestApp();

async function cast() {
  const owner = await signedInUser(t.app, { firstName: 'Olive' });
  const mod = await signedInUser(t.app, { firstName: 'Mo' });
  const pat = await signedInUser(t.app, { firstName: 'Pat' });
  const vic = await signedInUser(t.app, { firstName: 'Vic' });
  const outsider = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, mod.user, 'moderator');
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  const post = await buildPost(t.app.db, tl, owner.user);
  return { owner, mod, pat, vic, outsider, tl, post };
}

const comment = (as: Caller, postId: string, content: string) =>
  as.post('/api/comments', { postId, content });

async function listAll(as: Caller, postId: string, limit: number) {
  const all: Comment[] = [];
  let cursor = '';
  for (let i = 0; i < 100; i++) {
    const res = await as.get(
      `/api/posts/${postId}/comments?limit=${limit}${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = commentList.parse(res.json());
    all.push(...page);
    if (page.length < limit) return all;
    cursor = cursorAfter(page.at(-1)!);
  }
  throw new Error('comments never ended');
}

describe('POST /api/comments', () => {
  it('creates a comment (201, trimmed, the comment shape) and the feed counts it', async () => {
    const { owner, pat, tl, post } = await cast();
    const res = await comment(pat.as, post.id, '  Nice\nshot  ');
    expect(res.statusCode, res.body).toBe(201);
    const made = commentSchema.parse(res.json());
    expect(made).toMatchObject({
      postId: post.id,
      content: 'Nice\nshot',
      author: { id: pat.user.id, email: null },
    });
    const second = commentSchema.parse((await comment(owner.as, post.id, 'Thanks')).json());
    expect(second.author.email).toBe(owner.user.email);
    const [seen] = postList.parse((await pat.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(seen).toMatchObject({ commentCount: 2, latestComment: { id: second.id, content: 'Thanks' } });
    expect(seen!.latestComment!.author.email).toBeNull();
    const [byOwner] = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(byOwner!.latestComment!.author.email).toBe(owner.user.email);
  });

  it('refuses empty, overlong, control characters and unknown keys with 400', async () => {
    const { pat, post } = await cast();
    for (const content of ['', '    ', '\n']) {
      const res = await comment(pat.as, post.id, content);
      expect([res.statusCode, res.json().message]).toEqual([400, 'Please enter a comment']);
    }
    expect((await comment(pat.as, post.id, 'x'.repeat(2_000))).statusCode).toBe(201);
    for (const body of [
      { postId: post.id, content: 'x'.repeat(2_001) },
      { postId: post.id, content: 'a\u0000b' },
      { postId: post.id, content: 'hi', timelineId: post.timelineId },
      { postId: post.id },
      { postId: 'nope', content: 'hi' },
      { content: 'hi' },
    ]) {
      const res = await pat.as.post('/api/comments', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it('follows allowParticipantComments; moderators and the owner always; viewers never', async () => {
    const { owner, mod, pat, vic, tl, post } = await cast();
    for (const who of [owner, mod, pat]) expect((await comment(who.as, post.id, 'a')).statusCode).toBe(201);
    const viewer = await comment(vic.as, post.id, 'a');
    expect([viewer.statusCode, viewer.json()]).toEqual([
      403,
      { message: 'Viewers cannot comment in this timeline' },
    ]);

    const off = await owner.as.patch(`/api/timelines/${tl.id}/permissions`, {
      allowParticipantComments: false,
    });
    expect(off.json().allowParticipantComments).toBe(false);
    const refused = await comment(pat.as, post.id, 'b');
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { message: 'Comments are currently disabled for participants in this timeline' },
    ]);
    for (const who of [owner, mod]) expect((await comment(who.as, post.id, 'b')).statusCode).toBe(201);
    // Posting and commenting are separate switches.
    expect(
      (await pat.as.post('/api/posts', { timelineId: tl.id, content: 'still posting' })).statusCode,
    ).toBe(201);

    await owner.as.patch(`/api/timelines/${tl.id}/permissions`, { allowParticipantComments: true });
    expect((await comment(pat.as, post.id, 'c')).statusCode).toBe(201);
    const list = commentList.parse((await vic.as.get(`/api/posts/${post.id}/comments`)).json());
    expect(list.map((c) => c.content)).toEqual(['a', 'a', 'a', 'b', 'b', 'c']);
  });

  it('404 "Post not found" for outsiders, blocked users, ghosts and another threadline’s members', async () => {
    const { owner, pat, outsider, post } = await cast();
    const stranger = await signedInUser(t.app);
    await buildThreadline(t.app.db, stranger.user);
    await owner.as.delete(`/api/timelines/${post.timelineId}/members/${pat.user.id}`, {});
    for (const [who, id] of [
      [outsider, post.id],
      [stranger, post.id],
      [pat, post.id],
      [owner, crypto.randomUUID()],
    ] as const) {
      const res = await comment(who.as, id, 'hi');
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
    }
  });

  it('archived: 403 "Timeline is archived" for everyone; deleted threadline: 404', async () => {
    const { owner, mod, pat, tl, post } = await cast();
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    for (const who of [owner, mod, pat]) {
      const res = await comment(who.as, post.id, 'hi');
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
    }
    await owner.as.delete(`/api/timelines/${tl.id}`);
    const res = await comment(owner.as, post.id, 'hi');
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
  });
});

describe('GET /api/posts/{postId}/comments', () => {
  it('lists oldest first and pages with cursorAfter, ties included, each comment once', async () => {
    const { owner, pat, tl, post } = await cast();
    const same = new Date('2026-04-01T12:00:00.250Z');
    const made = [];
    for (let i = 0; i < 9; i++) {
      made.push(
        await buildComment(t.app.db, post, i % 2 ? pat.user : owner.user, {
          content: `c${i}`,
          createdAt: new Date(same.getTime() - 1000 + i),
        }),
      );
    }
    for (let i = 0; i < 12; i++) {
      made.push(await buildComment(t.app.db, post, pat.user, { content: `same${i}`, createdAt: same }));
    }
    made.push(
      await buildComment(t.app.db, post, owner.user, {
        content: 'last',
        createdAt: new Date(same.getTime() + 1),
      }),
    );
    const other = await buildPost(t.app.db, tl, owner.user);
    await buildComment(t.app.db, other, owner.user, { content: 'other post' });

    for (const limit of [1, 4, 5, 50]) {
      const all = await listAll(pat.as, post.id, limit);
      expect(all.map((c) => c.id).sort(), `limit ${limit}`).toEqual(made.map((c) => c.id).sort());
      expect(all.slice(0, 9).map((c) => c.content)).toEqual(Array.from({ length: 9 }, (_, i) => `c${i}`));
      expect(all.at(-1)!.content).toBe('last');
      for (let i = 1; i < all.length; i++) expect(all[i]!.createdAt >= all[i - 1]!.createdAt).toBe(true);
    }
    // 50 by default, 100 at most.
    expect((await pat.as.get(`/api/posts/${post.id}/comments?limit=100`)).statusCode).toBe(200);
    expect((await pat.as.get(`/api/posts/${post.id}/comments?limit=101`)).statusCode).toBe(400);
    expect((await pat.as.get(`/api/posts/${post.id}/comments?limit=0`)).statusCode).toBe(400);
  });

  it('the feed’s latestComment is the last comment of the list, ties included', async () => {
    const { owner, pat, tl, post } = await cast();
    const same = new Date('2026-04-02T09:00:00.000Z');
    for (let i = 0; i < 6; i++)
      await buildComment(t.app.db, post, i % 2 ? pat.user : owner.user, { createdAt: same });
    const all = await listAll(pat.as, post.id, 4);
    const [seen] = postList.parse((await pat.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(seen).toMatchObject({ commentCount: 6, latestComment: { id: all.at(-1)!.id } });
  });

  it('defaults to 50 a page and shows e-mail to the owner only', async () => {
    const { owner, pat, post } = await cast();
    for (let i = 0; i < 55; i++)
      await buildComment(t.app.db, post, pat.user, { createdAt: new Date(Date.now() - 100_000 + i) });
    const asOwner = commentList.parse((await owner.as.get(`/api/posts/${post.id}/comments`)).json());
    expect(asOwner).toHaveLength(50);
    expect(asOwner[0]!.author.email).toBe(pat.user.email);
    const asPat = commentList.parse((await pat.as.get(`/api/posts/${post.id}/comments`)).json());
    expect(asPat[0]!.author.email).toBeNull();
  });

  it('bad cursors: 400 or a sane page, never a 5xx', async () => {
    const { owner, post } = await cast();
    await buildComment(t.app.db, post, owner.user);
    for (const cursor of [
      'garbage',
      'x'.repeat(2_000),
      '2026-01-01',
      '2026-01-01T00:00:00Z,nope',
      ',',
      '💥',
    ]) {
      const res = await owner.as.get(`/api/posts/${post.id}/comments?cursor=${encodeURIComponent(cursor)}`);
      expect([200, 400], cursor.slice(0, 30)).toContain(res.statusCode);
      if (res.statusCode === 200) commentList.parse(res.json());
    }
    const garbage = await owner.as.get(`/api/posts/${post.id}/comments?cursor=garbage`);
    expect([garbage.statusCode, garbage.json()]).toEqual([400, { message: 'Invalid cursor' }]);
  });

  it('members read (viewers too); outsiders and malformed ids 404; archived: the owner only', async () => {
    const { owner, vic, outsider, tl, post } = await cast();
    await buildComment(t.app.db, post, owner.user);
    expect((await vic.as.get(`/api/posts/${post.id}/comments`)).json()).toHaveLength(1);
    for (const [who, id] of [
      [outsider, post.id],
      [owner, crypto.randomUUID()],
      [owner, 'not-a-uuid'],
    ] as const) {
      const res = await who.as.get(`/api/posts/${id}/comments`);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Post not found' }]);
    }
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    expect((await owner.as.get(`/api/posts/${post.id}/comments`)).statusCode).toBe(200);
    const res = await vic.as.get(`/api/posts/${post.id}/comments`);
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
  });
});
