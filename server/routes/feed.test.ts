// GET /api/timelines/{id}/posts: the post shape, keyset pages that neither skip nor repeat posts sharing a
// timestamp, bad cursors, type filters, the pinned post and tombstones (issue 9; DECISIONS §6).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cursorAfter, HEART, type Post, postList } from '../../common/schemas/post.ts';
import { timelines } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildPostAt,
  buildReaction,
  buildThreadline,
  type Caller,
  signedInUser,
} from '../test/factories.ts';
import { countQueries } from '../test/query-count.ts';

const t = setupTestApp();

const feedUrl = (timelineId: string, query = '') => `/api/timelines/${timelineId}/posts${query}`;

/** Epoch microseconds of an ISO timestamp with any number of fraction digits. */
function micros(iso: string): bigint {
  const m = iso.match(/^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:?\d\d)$/);
  if (!m) throw new Error(`not an ISO timestamp: ${iso}`);
  const frac = (m[2] ?? '').padEnd(6, '0').slice(0, 6);
  return BigInt(Date.parse(`${m[1]}${m[3]}`)) * 1000n + BigInt(frac);
}

async function page(as: Caller, timelineId: string, query: string): Promise<Post[]> {
  const res = await as.get(feedUrl(timelineId, query));
  expect(res.statusCode, res.body).toBe(200);
  return postList.parse(res.json());
}

/** Every page of the feed, following `cursorAfter(last)` until a page holds fewer than `limit` posts. */
async function readAll(as: Caller, timelineId: string, limit: number, type = 'all') {
  const pages: Post[][] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const q = `?limit=${limit}&type=${type}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const posts = await page(as, timelineId, q);
    pages.push(posts);
    const natural = posts.filter((p) => !p.isPinned);
    expect(natural.length).toBeLessThanOrEqual(limit);
    if (natural.length < limit) return pages;
    cursor = cursorAfter(natural.at(-1)!);
  }
  throw new Error('the feed never ended');
}

/** Newest first: createdAt never increases along the list. */
function expectNewestFirst(posts: Post[]) {
  for (let i = 1; i < posts.length; i++) {
    expect(micros(posts[i]!.createdAt) <= micros(posts[i - 1]!.createdAt), `${i}`).toBe(true);
  }
}

async function cast() {
  const owner = await signedInUser(t.app, { firstName: 'Olive' });
  const pat = await signedInUser(t.app, { firstName: 'Pat' });
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user);
  return { owner, pat, tl };
}

describe('the post shape', () => {
  it('carries author, reaction counts, my reactions, comment count and the newest comment', async () => {
    const { owner, pat, tl } = await cast();
    const post = await buildPost(t.app.db, tl, pat.user, { content: 'Line one\nLine two' });
    await buildComment(t.app.db, post, owner.user, {
      content: 'first',
      createdAt: new Date(Date.now() - 2000),
    });
    await buildComment(t.app.db, post, pat.user, {
      content: 'newest',
      createdAt: new Date(Date.now() - 1000),
    });
    await buildReaction(t.app.db, post, owner.user, HEART);
    await buildReaction(t.app.db, post, pat.user, HEART);
    await buildReaction(t.app.db, post, pat.user, '👍');

    const [asPat] = await page(pat.as, tl.id, '');
    expect(asPat).toMatchObject({
      id: post.id,
      timelineId: tl.id,
      type: 'text',
      content: 'Line one\nLine two',
      deletedAt: null,
      isPinned: false,
      reactionCounts: { [HEART]: 2, '👍': 1 },
      commentCount: 2,
      latestComment: { content: 'newest', postId: post.id, author: { id: pat.user.id } },
      author: { id: pat.user.id, firstName: 'Pat' },
    });
    expect(asPat!.myReactions.sort()).toEqual([HEART, '👍'].sort());
    const [asOwner] = await page(owner.as, tl.id, '');
    expect(asOwner!.myReactions).toEqual([HEART]);
  });

  it('shows authors’ e-mail to the owner only, in posts and their latest comment', async () => {
    const { owner, pat, tl } = await cast();
    const mod = await signedInUser(t.app);
    await addMember(t.app.db, tl, mod.user, 'moderator');
    const post = await buildPost(t.app.db, tl, pat.user);
    await buildComment(t.app.db, post, owner.user);
    const [seenByOwner] = await page(owner.as, tl.id, '');
    expect(seenByOwner!.author.email).toBe(pat.user.email);
    expect(seenByOwner!.latestComment!.author.email).toBe(owner.user.email);
    for (const other of [pat, mod]) {
      const [seen] = await page(other.as, tl.id, '');
      expect(seen!.author.email).toBeNull();
      expect(seen!.latestComment!.author.email).toBeNull();
    }
  });

  it('holds only this threadline’s posts, newest first, 20 by default', async () => {
    const { owner, tl } = await cast();
    const other = await buildThreadline(t.app.db, owner.user);
    await buildPost(t.app.db, other, owner.user, { content: 'elsewhere' });
    for (let i = 0; i < 23; i++) {
      await buildPost(t.app.db, tl, owner.user, {
        content: `p${i}`,
        createdAt: new Date(Date.now() - 60_000 + i),
      });
    }
    const posts = await page(owner.as, tl.id, '');
    expect(posts).toHaveLength(20);
    expect(posts.map((p) => p.content)).toEqual(Array.from({ length: 20 }, (_, i) => `p${22 - i}`));
    expect(posts.every((p) => p.timelineId === tl.id)).toBe(true);
  });

  it('refuses bad limits and filters with 400', async () => {
    const { owner, tl } = await cast();
    for (const q of ['?limit=0', '?limit=51', '?limit=abc', '?limit=2.5', '?type=gallery', '?type=x']) {
      const res = await owner.as.get(feedUrl(tl.id, q));
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toEqual(expect.any(String));
    }
    expect((await owner.as.get(feedUrl(tl.id, '?limit=50'))).statusCode).toBe(200);
  });
});

describe('keyset pages', () => {
  const T = '2026-03-01T10:00:00.500';

  async function sameMillisecond(microDistinct: boolean) {
    const { owner, pat, tl } = await cast();
    const ids: string[] = [];
    // Neighbours one millisecond either side, so a page boundary can fall on the group's edges.
    for (const at of ['2026-03-01T10:00:00.499Z', '2026-03-01T10:00:00.498Z', '2026-03-01T10:00:00.501Z']) {
      ids.push((await buildPostAt(t.app.db, tl, owner.user, at)).id);
    }
    const rows = Array.from({ length: 25 }, (_, i) => ({
      at: microDistinct ? `${T}${String(i + 1).padStart(3, '0')}Z` : `${T}Z`,
      author: i % 2 ? owner.user : pat.user,
    }));
    const group = await Promise.all(rows.map((r) => buildPostAt(t.app.db, tl, r.author, r.at)));
    ids.push(...group.map((p) => p.id));
    return { owner, tl, ids, group };
  }

  for (const microDistinct of [false, true]) {
    const label = microDistinct
      ? 'microsecond-distinct times within one millisecond'
      : 'one identical createdAt';
    it(`pages 25 posts with ${label} out exactly once each (limit 5, 7, 20)`, async () => {
      const { owner, tl, ids } = await sameMillisecond(microDistinct);
      for (const limit of [5, 7, 20]) {
        const all = (await readAll(owner.as, tl.id, limit)).flat();
        expect(all.map((p) => p.id).sort(), `limit ${limit}`).toEqual([...ids].sort());
        expectNewestFirst(all);
        expect(all[0]!.createdAt).toMatch(/^2026-03-01T10:00:00\.501/);
      }
    });
  }

  it('keeps microseconds in createdAt, so the cursor is exact', async () => {
    const { owner, tl, group } = await sameMillisecond(true);
    const posts = (await readAll(owner.as, tl.id, 50)).flat();
    const fromGroup = posts.filter((p) => group.some((g) => g.id === p.id));
    expect(fromGroup.map((p) => micros(p.createdAt) % 1000n)).toEqual(
      Array.from({ length: 25 }, (_, i) => BigInt(25 - i)),
    );
  });

  it('a page boundary inside a group of equal timestamps, cursor from the API answer', async () => {
    const { owner, tl, ids } = await sameMillisecond(false);
    const first = await page(owner.as, tl.id, '?limit=10');
    const second = await page(
      owner.as,
      tl.id,
      `?limit=10&cursor=${encodeURIComponent(cursorAfter(first.at(-1)!))}`,
    );
    expect(second).toHaveLength(10);
    const seen = [...first, ...second].map((p) => p.id);
    expect(new Set(seen).size).toBe(20);
    expect(seen.every((id) => ids.includes(id))).toBe(true);
  });

  it('pages stay exact while posts arrive and get deleted between pages', async () => {
    const { owner, tl, ids } = await sameMillisecond(false);
    const first = await page(owner.as, tl.id, '?limit=8');
    // Newer posts, one at the very same timestamp as the group, and a deletion further down.
    for (let i = 0; i < 5; i++) await buildPost(t.app.db, tl, owner.user);
    await buildPostAt(t.app.db, tl, owner.user, `${T}Z`);
    const rest = [];
    let cursor = cursorAfter(first.at(-1)!);
    const victim = ids.find((id) => !first.some((p) => p.id === id))!;
    expect((await owner.as.delete(`/api/posts/${victim}`)).statusCode).toBe(200);
    for (;;) {
      const next = await page(owner.as, tl.id, `?limit=8&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...next);
      if (next.length < 8) break;
      cursor = cursorAfter(next.at(-1)!);
    }
    const seen = [...first, ...rest].map((p) => p.id);
    expect(new Set(seen).size).toBe(seen.length);
    // Every post that existed at page 1 shows exactly once (the deleted one as a tombstone).
    expect(ids.every((id) => seen.filter((s) => s === id).length === 1)).toBe(true);
    expect(rest.find((p) => p.id === victim)).toMatchObject({ content: null, deletedAt: expect.any(String) });
  });

  it('answers bad cursors with 400 "Invalid cursor" or a sane page, never a 5xx', async () => {
    const { owner, tl, ids } = await sameMillisecond(false);
    const sane = (res: { statusCode: number; json(): unknown }, cursor: string) => {
      if (res.statusCode === 400) {
        expect((res.json() as { message: string }).message, cursor).toEqual(expect.any(String));
        return;
      }
      expect(res.statusCode, cursor).toBe(200);
      const posts = postList.parse(res.json());
      expect(posts.length).toBeLessThanOrEqual(5);
      expect(posts.every((p) => ids.includes(p.id))).toBe(true);
    };
    const strict400 = ['garbage', 'x'.repeat(2000), ',', 'null', '💥', "'; DROP TABLE posts; --"];
    for (const cursor of strict400) {
      const res = await owner.as.get(feedUrl(tl.id, `?limit=5&cursor=${encodeURIComponent(cursor)}`));
      expect(res.statusCode, cursor.slice(0, 40)).toBe(400);
      if (cursor.length <= 100) expect(res.json(), cursor).toEqual({ message: 'Invalid cursor' });
    }
    const lenient = [
      '2026-03-01',
      `${T}Z`,
      `${T}Z,not-a-uuid`,
      `${T}Z,${'x'.repeat(90)}`,
      `${T}Z,`,
      `${T}Z,${crypto.randomUUID()},extra`,
      '2026-13-45T99:99:99Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999Z',
      `${T}Z,00000000-0000-0000-0000-000000000000`,
      '1e999',
      '-1',
      '',
    ];
    for (const cursor of lenient) {
      const res = await owner.as.get(feedUrl(tl.id, `?limit=5&cursor=${encodeURIComponent(cursor)}`));
      sane(res, cursor);
    }
    // A date alone: the posts strictly older than it.
    const older = await page(owner.as, tl.id, `?limit=50&cursor=${encodeURIComponent(`${T}Z`)}`);
    expect(older.map((p) => p.createdAt.slice(0, 23)).sort()).toEqual([
      '2026-03-01T10:00:00.498',
      '2026-03-01T10:00:00.499',
    ]);
    // A repeated cursor parameter is not a 5xx either.
    const twice = await owner.as.get(feedUrl(tl.id, `?cursor=a&cursor=b`));
    expect(twice.statusCode).toBeLessThan(500);
  });
});

describe('type filters', () => {
  async function mediaCast() {
    const { owner, pat, tl } = await cast();
    const at = (s: number) => new Date(Date.now() - 100_000 + s * 1000);
    const made: Record<string, string> = {};
    const rows: [string, Partial<Parameters<typeof buildPost>[3]>][] = [
      ['text', { content: 'words' }],
      ['image', { content: null, mediaUrl: '/media/a.jpg', fileName: 'a.jpg', fileSize: 10 }],
      ['video', { content: 'clip', mediaUrl: '/media/v.mp4', fileName: 'v.mp4', fileSize: 20 }],
      ['audio', { content: null, mediaUrl: '/media/a.webm', fileName: 'a.webm', fileSize: 30 }],
      ['file', { content: null, mediaUrl: '/media/r.pdf', fileName: 'r.pdf', fileSize: 40 }],
      [
        'gallery',
        {
          content: 'album',
          mediaUrls: ['/media/1.jpg', '/media/2.jpg'],
          fileNames: ['1.jpg', '2.jpg'],
          fileSizes: [1, 2],
        },
      ],
    ];
    let i = 0;
    for (const [type, extra] of rows) {
      made[type] = (await buildPost(t.app.db, tl, pat.user, { type, createdAt: at(i++), ...extra })).id;
    }
    // A tombstone of each kind: listed under "all" only.
    for (const type of ['text', 'image', 'video', 'audio', 'file', 'gallery']) {
      made[`deleted ${type}`] = (
        await buildPost(t.app.db, tl, pat.user, {
          type,
          content: 'gone',
          mediaUrl: '/media/gone.bin',
          createdAt: at(i++),
          deletedAt: new Date(),
        })
      ).id;
    }
    return { owner, pat, tl, made };
  }

  it('all shows every post and every tombstone; each other filter its live posts only', async () => {
    const { owner, tl, made } = await mediaCast();
    const all = await page(owner.as, tl.id, '?type=all');
    expect(all.map((p) => p.id).sort()).toEqual(Object.values(made).sort());
    expect((await page(owner.as, tl.id, '')).map((p) => p.id)).toEqual(all.map((p) => p.id));
    const ids = async (type: string) => (await page(owner.as, tl.id, `?type=${type}`)).map((p) => p.id);
    expect(await ids('text')).toEqual([made.text]);
    // Images: single images and galleries, newest first.
    expect(await ids('image')).toEqual([made.gallery, made.image]);
    expect(await ids('video')).toEqual([made.video]);
    expect(await ids('audio')).toEqual([made.audio]);
    expect(await ids('file')).toEqual([made.file]);
    const image = all.find((p) => p.id === made.image)!;
    expect(image).toMatchObject({ type: 'image', mediaUrl: '/media/a.jpg', fileName: 'a.jpg', fileSize: 10 });
    const gallery = all.find((p) => p.id === made.gallery)!;
    expect(gallery).toMatchObject({
      type: 'gallery',
      mediaUrls: ['/media/1.jpg', '/media/2.jpg'],
      fileNames: ['1.jpg', '2.jpg'],
      fileSizes: [1, 2],
    });
  });

  it('pages through the images filter: images and galleries, never a tombstone', async () => {
    const { owner, pat, tl } = await cast();
    const kinds = ['image', 'gallery', 'text', 'image'];
    for (let i = 0; i < 24; i++) {
      await buildPostAt(t.app.db, tl, pat.user, '2026-03-02T08:00:00.123456Z', {
        type: kinds[i % 4],
        mediaUrl: '/media/x.jpg',
        deletedAt: i % 6 === 5 ? new Date() : null,
      });
    }
    const images = (await readAll(owner.as, tl.id, 4, 'image')).flat();
    // 18 of the 24 are images or galleries; i = 5, 11, 17 and 23 (all images or galleries) are deleted.
    const expected = 14;
    expect(images).toHaveLength(expected);
    expect(new Set(images.map((p) => p.id)).size).toBe(expected);
    expect(images.every((p) => (p.type === 'image' || p.type === 'gallery') && !p.deletedAt)).toBe(true);
  });

  it('pages through a filter without leaking other types', async () => {
    const { owner, pat, tl } = await cast();
    for (let i = 0; i < 30; i++) {
      await buildPostAt(t.app.db, tl, pat.user, '2026-03-02T08:00:00.123456Z', {
        type: i % 3 === 0 ? 'audio' : 'text',
        mediaUrl: i % 3 === 0 ? '/media/x.webm' : null,
      });
    }
    const audio = (await readAll(owner.as, tl.id, 4, 'audio')).flat();
    expect(audio).toHaveLength(10);
    expect(new Set(audio.map((p) => p.id)).size).toBe(10);
    expect(audio.every((p) => p.type === 'audio')).toBe(true);
    const text = (await readAll(owner.as, tl.id, 7, 'text')).flat();
    expect(new Set(text.map((p) => p.id)).size).toBe(20);
  });
});

describe('the pinned post', () => {
  async function pinnedCast(count: number, pinIndex: number, type = 'text') {
    const { owner, pat, tl } = await cast();
    const posts = [];
    for (let i = 0; i < count; i++) {
      posts.push(
        await buildPost(t.app.db, tl, pat.user, {
          content: `p${i}`,
          type: i === pinIndex ? type : 'text',
          createdAt: new Date(Date.now() - 100_000 + i * 10),
        }),
      );
    }
    const pinned = posts[pinIndex]!;
    await t.app.db.update(timelines).set({ pinnedPostId: pinned.id }).where(eq(timelines.id, tl.id));
    return { owner, pat, tl, posts, pinned };
  }

  it('comes first on page 1 only, once, followed by `limit` other posts', async () => {
    const { pat, tl, posts, pinned } = await pinnedCast(12, 3);
    const pages = await readAll(pat.as, tl.id, 5);
    const first = pages[0]!;
    expect(first[0]).toMatchObject({ id: pinned.id, isPinned: true });
    expect(first).toHaveLength(6);
    const all = pages.flat();
    expect(all.filter((p) => p.id === pinned.id)).toHaveLength(1);
    expect(all.filter((p) => p.isPinned)).toHaveLength(1);
    expect(all.map((p) => p.id).sort()).toEqual(posts.map((p) => p.id).sort());
    expectNewestFirst(all.slice(1));
  });

  it('is not repeated when it is also the newest post, and respects the type filter', async () => {
    const { owner, pat, tl, pinned } = await pinnedCast(6, 5, 'video');
    const page1 = await page(owner.as, tl.id, '?limit=3');
    expect(page1.map((p) => p.isPinned)).toEqual([true, false, false, false]);
    expect(page1[0]!.id).toBe(pinned.id);
    expect(page1.slice(1).some((p) => p.id === pinned.id)).toBe(false);
    const rest = await page(
      owner.as,
      tl.id,
      `?limit=3&cursor=${encodeURIComponent(cursorAfter(page1.at(-1)!))}`,
    );
    expect(rest).toHaveLength(2);
    expect(rest.some((p) => p.id === pinned.id || p.isPinned)).toBe(false);
    // Not a text post: absent from the text filter; first under video.
    const text = await page(pat.as, tl.id, '?type=text');
    expect(text.some((p) => p.id === pinned.id || p.isPinned)).toBe(false);
    expect(text).toHaveLength(5);
    expect(await page(pat.as, tl.id, '?type=video')).toMatchObject([{ id: pinned.id, isPinned: true }]);
    expect(await page(pat.as, tl.id, '?type=audio')).toEqual([]);
  });

  it('a pinned gallery leads the images filter, once', async () => {
    const { pat, tl, pinned } = await pinnedCast(4, 1, 'gallery');
    expect(await page(pat.as, tl.id, '?type=image')).toMatchObject([{ id: pinned.id, isPinned: true }]);
    expect((await page(pat.as, tl.id, '?type=text')).some((p) => p.id === pinned.id)).toBe(false);
  });
});

describe('tombstones', () => {
  it('keep author, type, createdAt and deletedAt, and nothing else', async () => {
    const { owner, pat, tl } = await cast();
    const post = await buildPost(t.app.db, tl, pat.user, {
      type: 'image',
      content: 'secret words',
      mediaUrl: '/media/secret.jpg',
      fileName: 'secret.jpg',
      fileSize: 99,
      deletedAt: new Date(),
      deletedBy: pat.user.id,
    });
    await buildComment(t.app.db, post, owner.user, { content: 'secret comment' });
    await buildReaction(t.app.db, post, owner.user);
    for (const viewer of [owner, pat]) {
      const res = await viewer.as.get(feedUrl(tl.id));
      expect(res.body).not.toContain('secret');
      const [tomb] = postList.parse(res.json());
      expect(tomb).toEqual({
        id: post.id,
        timelineId: tl.id,
        type: 'image',
        content: null,
        mediaUrl: null,
        mediaUrls: null,
        fileName: null,
        fileNames: null,
        fileSize: null,
        fileSizes: null,
        media: null,
        createdAt: expect.any(String),
        deletedAt: expect.any(String),
        editedAt: null,
        author: expect.objectContaining({ id: pat.user.id, firstName: 'Pat' }),
        reactionCounts: {},
        myReactions: [],
        commentCount: 0,
        latestComment: null,
        isPinned: false,
        mentions: [],
      });
      expect(Date.parse(tomb!.createdAt)).toBe(post.createdAt.getTime());
    }
  });
});

describe('round trips', () => {
  it('a page costs the same few statements with 1 post or 50 (no query per post)', async () => {
    const { owner, pat, tl } = await cast();
    const small = await buildThreadline(t.app.db, owner.user);
    const one = await buildPost(t.app.db, small, owner.user);
    await buildComment(t.app.db, one, owner.user);
    for (let i = 0; i < 50; i++) {
      const p = await buildPost(t.app.db, tl, i % 2 ? pat.user : owner.user, {
        createdAt: new Date(Date.now() - i),
      });
      await buildComment(t.app.db, p, pat.user);
      await buildReaction(t.app.db, p, owner.user);
    }
    await t.app.db.update(timelines).set({ pinnedPostId: one.id }).where(eq(timelines.id, small.id));
    // The session looked up once before counting: on the embedded database later lookups come from memory.
    await owner.as.get('/api/auth/user');
    const few = await countQueries(t.app.db, () => page(owner.as, small.id, '?limit=50'));
    const many = await countQueries(t.app.db, async () =>
      expect(await page(owner.as, tl.id, '?limit=50')).toHaveLength(50),
    );
    expect(many).toBe(few);
    expect(many).toBeGreaterThan(0);
    expect(many).toBeLessThanOrEqual(6);
  });
});

describe('who may read the feed', () => {
  async function roles() {
    const c = await cast();
    const viewer = await signedInUser(t.app);
    const outsider = await signedInUser(t.app);
    await addMember(t.app.db, c.tl, viewer.user, 'viewer');
    await buildPost(t.app.db, c.tl, c.owner.user);
    return { ...c, viewer, outsider };
  }

  it('members read; outsiders, ghosts and malformed ids get 404 "Timeline not found"', async () => {
    const { owner, pat, viewer, outsider, tl } = await roles();
    for (const m of [owner, pat, viewer]) expect((await m.as.get(feedUrl(tl.id))).json()).toHaveLength(1);
    for (const id of [tl.id, crypto.randomUUID()]) {
      const res = await outsider.as.get(feedUrl(id));
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Timeline not found' }]);
    }
    for (const id of ['not-a-uuid', `${tl.id}x`, "1' or '1'='1"]) {
      const res = await owner.as.get(feedUrl(encodeURIComponent(id)));
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Timeline not found' }]);
    }
  });

  it('archived: the owner only (others 403 "Timeline is archived"); deleted: 404 for all', async () => {
    const { owner, pat, viewer, tl } = await roles();
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    expect((await owner.as.get(feedUrl(tl.id))).statusCode).toBe(200);
    for (const m of [pat, viewer]) {
      const res = await m.as.get(feedUrl(tl.id));
      expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
    }
    await owner.as.delete(`/api/timelines/${tl.id}`);
    for (const m of [owner, pat, viewer]) expect((await m.as.get(feedUrl(tl.id))).statusCode).toBe(404);
  });

  it('removed and blocked members lose it at once', async () => {
    const { owner, pat, tl } = await roles();
    await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, { reason: 'bye' });
    expect((await pat.as.get(feedUrl(tl.id))).statusCode).toBe(404);
  });
});
