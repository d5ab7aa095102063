// The first feed page from memory (issue 28): for each kind of write that changes what page 1 shows, a read
// after it gets the fresh page, never the cached one; a member taken out gets 404; two viewers sharing one
// cached page each see their own reactions. `apps()` gives the instance that writes and the one that reads:
// the same app (feed-cache.test.ts) or two instances on one PostgreSQL database (feed-cache-instances.pg).

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { type Post, postList } from '../../common/schemas/post.ts';
import { mailOutbox, type Timeline, type User } from '../db/schema/index.ts';
import {
  addMember,
  buildComment,
  buildPost,
  buildThreadline,
  buildUser,
  callerFor,
  cookieFor,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { samplePng, uploadAs } from '../test/uploads.ts';

export interface Apps {
  writer: FastifyInstance;
  reader: FastifyInstance;
}

interface Person {
  user: User;
  cookie: string;
  /** Calls on the writing instance. */
  w: ReturnType<typeof callerFor>;
  /** Calls on the reading instance. */
  r: ReturnType<typeof callerFor>;
}

async function person(apps: Apps, name: string, extra: Partial<User> = {}): Promise<Person> {
  const user = await buildUser(apps.writer.db, { displayName: name, ...extra });
  const cookie = await cookieFor(apps.writer, user);
  return { user, cookie, w: callerFor(apps.writer, cookie), r: callerFor(apps.reader, cookie) };
}

/** Owner Olga, participant Pat (who wrote the posts), viewer Vic; Pat's newest post mentions Vic. */
async function cast(apps: Apps) {
  const owner = await person(apps, 'Olga');
  const pat = await person(apps, 'Pat', {
    profileImageUrl: '/api/objects/00000000-0000-4000-8000-000000000001',
  });
  const vic = await person(apps, 'Vic');
  const tl = await buildThreadline(apps.writer.db, owner.user);
  await addMember(apps.writer.db, tl, pat.user, 'participant');
  await addMember(apps.writer.db, tl, vic.user, 'viewer');
  const at = (s: number) => new Date(Date.now() - s * 1000);
  const old = await buildPost(apps.writer.db, tl, pat.user, { content: 'old', createdAt: at(30) });
  const mid = await buildPost(apps.writer.db, tl, pat.user, { content: 'mid', createdAt: at(20) });
  const recent = await buildPost(apps.writer.db, tl, pat.user, {
    content: 'hi @Vic',
    mentions: [{ id: vic.user.id, as: '@Vic' }],
    createdAt: at(10),
  });
  return { writer: apps.writer, db: apps.writer.db, owner, pat, vic, tl, old, mid, recent };
}
type Cast = Awaited<ReturnType<typeof cast>>;

/** What the upload case attached (its fresh() reads it). */
let uploadedPicture = '';

const newAddress = (c: Cast) => `moved-${c.pat.user.id.slice(0, 8)}@example.test`;

const feedUrl = (tl: Timeline, query = '') => `/api/timelines/${tl.id}/posts${query}`;

async function page(as: Person['r'], tl: Timeline, query = ''): Promise<Post[]> {
  const res = await as.get(feedUrl(tl, query));
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return postList.parse(res.json());
}

/** Reads page 1 twice on the reader, the second time from its cache. */
async function prime(apps: Apps, as: Person['r'], tl: Timeline, query = '') {
  await page(as, tl, query);
  const { hits } = apps.reader.feedCache.stats();
  const again = await page(as, tl, query);
  expect(apps.reader.feedCache.stats().hits).toBe(hits + 1);
  return again;
}

/** The page as a read without the cache gives it. */
async function uncached(apps: Apps, as: Person['r'], tl: Timeline, query = '') {
  apps.reader.feedCache.clear();
  return page(as, tl, query);
}

const byId = (posts: Post[], id: string) => posts.find((p) => p.id === id)!;

interface WriteCase {
  name: string;
  /** Who reads page 1 (default: Vic). */
  reader?: (c: Cast) => Person;
  /** Before the page is cached. */
  before?: (c: Cast) => Promise<unknown>;
  write: (c: Cast) => Promise<{ statusCode: number; body: string }>;
  fresh: (posts: Post[], c: Cast) => void;
}

const WRITES: WriteCase[] = [
  {
    name: 'a new post',
    write: (c) => c.pat.w.post('/api/posts', { timelineId: c.tl.id, content: 'fresh' }),
    fresh: (posts) => expect(posts[0]!.content).toBe('fresh'),
  },
  {
    name: 'an edit',
    write: (c) => c.pat.w.patch(`/api/posts/${c.mid.id}`, { content: 'mid, edited' }),
    fresh: (posts, c) => expect(byId(posts, c.mid.id).content).toBe('mid, edited'),
  },
  {
    name: 'a delete',
    write: (c) => c.pat.w.delete(`/api/posts/${c.mid.id}`),
    fresh: (posts, c) => expect(byId(posts, c.mid.id).deletedAt).not.toBeNull(),
  },
  {
    name: 'a pin',
    write: (c) => c.owner.w.post(`/api/timelines/${c.tl.id}/pin/${c.old.id}`),
    fresh: (posts, c) => expect([posts[0]!.id, posts[0]!.isPinned]).toEqual([c.old.id, true]),
  },
  {
    name: 'an unpin',
    before: (c) => c.owner.w.post(`/api/timelines/${c.tl.id}/pin/${c.old.id}`),
    write: (c) => c.owner.w.delete(`/api/timelines/${c.tl.id}/pin`),
    fresh: (posts, c) => expect(byId(posts, c.old.id).isPinned).toBe(false),
  },
  {
    name: 'a comment',
    write: (c) => c.owner.w.post('/api/comments', { postId: c.mid.id, content: 'first!' }),
    fresh: (posts, c) => {
      const post = byId(posts, c.mid.id);
      expect([post.commentCount, post.latestComment?.content]).toEqual([1, 'first!']);
    },
  },
  {
    name: 'a comment edit',
    before: (c) => buildComment(c.db, c.mid, c.owner.user, { content: 'draft' }),
    write: async (c) => {
      const comment = byId(await page(c.owner.w, c.tl), c.mid.id).latestComment!;
      return c.owner.w.patch(`/api/comments/${comment.id}`, { content: 'final' });
    },
    fresh: (posts, c) => expect(byId(posts, c.mid.id).latestComment?.content).toBe('final'),
  },
  {
    name: "someone else's reaction",
    write: (c) => c.owner.w.post('/api/reactions', { postId: c.mid.id, emoji: '👍' }),
    fresh: (posts, c) => {
      const post = byId(posts, c.mid.id);
      expect([post.reactionCounts, post.myReactions]).toEqual([{ '👍': 1 }, []]);
    },
  },
  {
    name: "the reader's own reaction",
    write: (c) => c.vic.w.post('/api/reactions', { postId: c.mid.id, emoji: '🎉' }),
    fresh: (posts, c) => {
      const post = byId(posts, c.mid.id);
      expect([post.reactionCounts, post.myReactions]).toEqual([{ '🎉': 1 }, ['🎉']]);
    },
  },
  {
    name: "an author's new name",
    write: (c) => c.pat.w.put('/api/profile', { displayName: 'Patricia' }),
    fresh: (posts) => expect(posts.every((p) => p.author.displayName === 'Patricia')).toBe(true),
  },
  {
    name: 'the new name of an author who has left',
    before: (c) => c.pat.w.delete(`/api/timelines/${c.tl.id}/members/leave`),
    write: (c) => c.pat.w.put('/api/profile', { displayName: 'Patricia' }),
    fresh: (posts) => expect(posts.every((p) => p.author.displayName === 'Patricia')).toBe(true),
  },
  {
    name: "a mentioned member's new name",
    write: (c) => c.vic.w.put('/api/profile', { displayName: 'Victor' }),
    fresh: (posts, c) => expect(byId(posts, c.recent.id).mentions[0]?.name).toBe('Victor'),
  },
  {
    // The apps store objects in a DATA_DIR of their own (the test files set one up).
    name: "an author's new picture, uploaded",
    write: async (c) => {
      const png = await samplePng(64, 64);
      const up = await uploadAs(c.writer, c.pat, png, {
        category: 'avatar',
        fileName: 'me.png',
        finalize: 'profile-image',
      });
      uploadedPicture = up.objectPath;
      return { statusCode: 200, body: '' };
    },
    fresh: (posts) => expect(posts.every((p) => p.author.profileImageUrl === uploadedPicture)).toBe(true),
  },
  {
    name: "an author's removed picture",
    write: (c) => c.pat.w.put('/api/profile', { profileImageUrl: '' }),
    fresh: (posts) => expect(posts.every((p) => p.author.profileImageUrl === null)).toBe(true),
  },
  {
    name: "an author's new address, confirmed from the mailed link (the owner reads addresses)",
    reader: (c) => c.owner,
    write: async (c) => {
      const asked = await c.pat.w.post('/api/auth/change-email', {
        currentPassword: TEST_PASSWORD,
        email: newAddress(c),
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const [mail] = await c.db
        .select({ text: mailOutbox.textBody })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, newAddress(c)));
      const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
      return c.pat.w.post('/api/auth/verify-email', { token });
    },
    fresh: (posts, c) => expect(posts.every((p) => p.author.email === newAddress(c))).toBe(true),
  },
  {
    name: 'a mentioned member leaving',
    reader: (c) => c.owner,
    write: (c) => c.vic.w.delete(`/api/timelines/${c.tl.id}/members/leave`),
    fresh: (posts, c) => expect(byId(posts, c.recent.id).mentions).toEqual([]),
  },
  {
    name: 'a mentioned member removed and blocked',
    reader: (c) => c.pat,
    write: (c) => c.owner.w.delete(`/api/timelines/${c.tl.id}/members/${c.vic.user.id}`, {}),
    fresh: (posts, c) => expect(byId(posts, c.recent.id).mentions).toEqual([]),
  },
  {
    name: 'a mentioned member joining again',
    reader: (c) => c.owner,
    before: (c) => c.vic.w.delete(`/api/timelines/${c.tl.id}/members/leave`),
    write: (c) => c.vic.w.post('/api/timelines/join', { joinCode: c.tl.joinCode }),
    fresh: (posts, c) => expect(byId(posts, c.recent.id).mentions.map((m) => m.id)).toEqual([c.vic.user.id]),
  },
  {
    name: 'an archive (the owner alone reads; mentions of others go)',
    reader: (c) => c.owner,
    write: (c) => c.owner.w.post(`/api/timelines/${c.tl.id}/archive`),
    fresh: (posts, c) => expect(byId(posts, c.recent.id).mentions).toEqual([]),
  },
  {
    name: 'a restore',
    reader: (c) => c.owner,
    before: (c) => c.owner.w.post(`/api/timelines/${c.tl.id}/archive`),
    write: (c) => c.owner.w.post(`/api/timelines/${c.tl.id}/restore`),
    fresh: (posts, c) => expect(byId(posts, c.recent.id).mentions.map((m) => m.id)).toEqual([c.vic.user.id]),
  },
  {
    name: "an author's account deletion",
    before: (c) => c.vic.w.post('/api/reactions', { postId: c.mid.id, emoji: '🎉' }),
    write: (c) => c.pat.w.delete('/api/me', { password: TEST_PASSWORD, confirmEmail: c.pat.user.email }),
    fresh: (posts) => expect(posts.every((p) => p.deletedAt !== null && p.content === null)).toBe(true),
  },
  {
    name: "a reacting member's account deletion",
    reader: (c) => c.pat,
    before: (c) => c.vic.w.post('/api/reactions', { postId: c.mid.id, emoji: '🎉' }),
    write: (c) => c.vic.w.delete('/api/me', { password: TEST_PASSWORD, confirmEmail: c.vic.user.email }),
    fresh: (posts, c) => expect(byId(posts, c.mid.id).reactionCounts).toEqual({}),
  },
];

export function feedCacheCases(apps: () => Apps) {
  for (const write of WRITES) {
    it(`a read after ${write.name} gets the fresh first page`, async () => {
      const a = apps();
      const c = await cast(a);
      if (write.before) await write.before(c);
      const reader = (write.reader ?? ((x: Cast) => x.vic))(c);
      await prime(a, reader.r, c.tl);
      const res = await write.write(c);
      expect(res.statusCode, res.body).toBeLessThan(300);
      const after = await page(reader.r, c.tl);
      write.fresh(after, c);
      expect(after).toEqual(await uncached(a, reader.r, c.tl));
    });
  }

  it('a filtered first page is cached apart and refreshed too', async () => {
    const a = apps();
    const c = await cast(a);
    const all = await prime(a, c.vic.r, c.tl);
    const texts = await prime(a, c.vic.r, c.tl, '?type=text&limit=2');
    expect(texts.map((p) => p.id)).toEqual(all.slice(0, 2).map((p) => p.id));
    expect((await c.pat.w.post('/api/posts', { timelineId: c.tl.id, content: 'newest' })).statusCode).toBe(
      201,
    );
    expect((await page(c.vic.r, c.tl, '?type=text&limit=2'))[0]!.content).toBe('newest');
    expect((await page(c.vic.r, c.tl, '?type=image')).length).toBe(0);
  });

  it('a member taken out gets 404 on the next read, never the cached page', async () => {
    const a = apps();
    const c = await cast(a);
    await prime(a, c.vic.r, c.tl);
    await prime(a, c.pat.r, c.tl);
    const removed = await c.owner.w.delete(`/api/timelines/${c.tl.id}/members/${c.vic.user.id}`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await c.vic.r.get(feedUrl(c.tl))).statusCode).toBe(404);
    expect((await c.pat.w.delete(`/api/timelines/${c.tl.id}/members/leave`)).statusCode).toBe(200);
    expect((await c.pat.r.get(feedUrl(c.tl))).statusCode).toBe(404);
    // The owner's page is still there for the owner.
    expect((await page(c.owner.r, c.tl)).length).toBe(3);
  });

  it('two viewers sharing one cached page each see their own reactions; only the owner sees addresses', async () => {
    const a = apps();
    const c = await cast(a);
    await c.vic.w.post('/api/reactions', { postId: c.mid.id, emoji: '🎉' });
    await c.pat.w.post('/api/reactions', { postId: c.mid.id, emoji: '👍' });
    await c.pat.w.post('/api/reactions', { postId: c.mid.id, emoji: '🎉' });
    await prime(a, c.vic.r, c.tl);
    const { hits } = a.reader.feedCache.stats();
    const asVic = byId(await page(c.vic.r, c.tl), c.mid.id);
    const asPat = byId(await page(c.pat.r, c.tl), c.mid.id);
    expect(a.reader.feedCache.stats().hits).toBe(hits + 2);
    expect(asVic.reactionCounts).toEqual({ '🎉': 2, '👍': 1 });
    expect([asVic.myReactions, asPat.myReactions]).toEqual([['🎉'], ['👍', '🎉']]);
    expect(asVic.author.email).toBeNull();
    const asOwner = byId(await page(c.owner.r, c.tl), c.mid.id);
    expect([asOwner.author.email, asOwner.myReactions]).toEqual([c.pat.user.email, []]);
    expect(byId(await page(c.vic.r, c.tl), c.mid.id).author.email).toBeNull();
  });
}
