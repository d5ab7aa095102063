// GET /api/timelines/{id}/search?q=: full-text, prefix-matched, newest first, 50 at most, this threadline
// only, no tombstones, and safe for anything a user types (issue 9; DECISIONS §6).
import { describe, expect, it } from 'vitest';
import { postList } from '../../common/schemas/post.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, type Caller, signedInUser } from '../test/factories.ts';

const t = setupTestApp();

const searchUrl = (timelineId: string, q: string) =>
  `/api/timelines/${timelineId}/search?q=${encodeURIComponent(q)}`;

async function search(as: Caller, timelineId: string, q: string) {
  const res = await as.get(searchUrl(timelineId, q));
  expect(res.statusCode, `${q.slice(0, 40)}: ${res.body.slice(0, 200)}`).toBe(200);
  return postList.parse(res.json());
}

async function cast() {
  const owner = await signedInUser(t.app);
  const pat = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user);
  const at = (s: number) => new Date(Date.now() - 100_000 + s * 1000);
  const hello = await buildPost(t.app.db, tl, pat.user, { content: 'Hello world', createdAt: at(1) });
  const helsinki = await buildPost(t.app.db, tl, owner.user, {
    content: 'Trip to Helsinki!',
    createdAt: at(2),
  });
  const bye = await buildPost(t.app.db, tl, pat.user, { content: 'Goodbye, friends', createdAt: at(3) });
  const file = await buildPost(t.app.db, tl, pat.user, {
    type: 'file',
    content: null,
    mediaUrl: '/media/q.pdf',
    fileName: 'quarterly budget.pdf',
    fileSize: 5,
    createdAt: at(4),
  });
  const gallery = await buildPost(t.app.db, tl, pat.user, {
    type: 'gallery',
    content: null,
    mediaUrls: ['/media/1.jpg', '/media/2.jpg'],
    fileNames: ['sunset beach.jpg', 'harbour.jpg'],
    createdAt: at(5),
  });
  await buildPost(t.app.db, tl, pat.user, {
    content: 'hello from a deleted post',
    createdAt: at(6),
    deletedAt: new Date(),
  });
  const elsewhere = await buildThreadline(t.app.db, owner.user);
  await buildPost(t.app.db, elsewhere, owner.user, { content: 'hello from elsewhere' });
  return { owner, pat, tl, hello, helsinki, bye, file, gallery };
}

describe('search', () => {
  it('prefix-matches words, newest first, this threadline only, never tombstones', async () => {
    const { owner, pat, tl, hello, helsinki, bye } = await cast();
    const ids = async (q: string) => (await search(pat.as, tl.id, q)).map((p) => p.id);
    expect(await ids('hel')).toEqual([helsinki.id, hello.id]);
    expect(await ids('hello')).toEqual([hello.id]);
    expect(await ids('HELLO')).toEqual([hello.id]);
    expect(await ids('  hello  ')).toEqual([hello.id]);
    expect(await ids('good')).toEqual([bye.id]);
    // Earlier words are whole words; only the last one, still being typed, is a prefix.
    expect(await ids('hello wor')).toContain(hello.id);
    expect(await ids('hel wor')).toEqual([]);
    expect(await ids('nothing-like-this')).toEqual([]);
    const [post] = await search(pat.as, tl.id, 'goodbye');
    expect(post).toMatchObject({ content: 'Goodbye, friends', isPinned: false, deletedAt: null });
    expect(post!.author.email).toBeNull();
    const [byOwner] = await search(owner.as, tl.id, 'goodbye');
    expect(byOwner!.author.email).toBe(pat.user.email);
  });

  it('finds attachment file names', async () => {
    const { pat, tl, file, gallery } = await cast();
    expect((await search(pat.as, tl.id, 'quarterly')).map((p) => p.id)).toEqual([file.id]);
    expect((await search(pat.as, tl.id, 'budg')).map((p) => p.id)).toEqual([file.id]);
    expect((await search(pat.as, tl.id, 'harbour')).map((p) => p.id)).toEqual([gallery.id]);
    expect((await search(pat.as, tl.id, 'sunset')).map((p) => p.id)).toEqual([gallery.id]);
  });

  it('answers 50 results at most, the newest', async () => {
    const { owner, tl } = await cast();
    for (let i = 0; i < 60; i++) {
      await buildPost(t.app.db, tl, owner.user, {
        content: `bulk ${i}`,
        createdAt: new Date(Date.now() + i),
      });
    }
    const found = await search(owner.as, tl.id, 'bulk');
    expect(found).toHaveLength(50);
    expect(found[0]!.content).toBe('bulk 59');
    expect(found.at(-1)!.content).toBe('bulk 10');
  });

  it('is safe for anything a user types: never a 5xx, never an error from the query parser', async () => {
    const { owner, tl, hello } = await cast();
    const hostile = [
      '"',
      "'",
      '"hello',
      "hello'",
      "it's",
      '&',
      '|',
      '!',
      '!hello',
      'hello & world',
      'hello | bye',
      'hello:*',
      ':*',
      'hello <-> world',
      '<->',
      '<2>',
      '(',
      ')',
      '(hello',
      'hello)',
      '((()))',
      '\\',
      'hello\\',
      '\\\\x00',
      '🎉',
      '🎉🎉🎉',
      '👨‍👩‍👧‍👦',
      "'; DROP TABLE posts; --",
      "' OR 1=1 --",
      '%',
      '_',
      '*',
      '-hello',
      'a & | ! ( ) : * <-> \' " \\',
      'hello\tworld',
      'hello\nworld',
      'x'.repeat(2_000),
      'hello '.repeat(333),
      'ä ö ü ß 你好 مرحبا',
      // A word of astral letters cut at an odd place, combining marks alone, many words, NFKC oddities.
      `a${'\u{20000}'.repeat(80)}`,
      '\u0301\u0301',
      'e\u0301',
      Array.from({ length: 400 }, (_, i) => `w${i}`).join(' '),
      '½ ﬁ ① 𝐡𝐞𝐥𝐥𝐨',
      '\uFFFD',
      '\u200B',
    ];
    for (const q of hostile) {
      const res = await owner.as.get(searchUrl(tl.id, q));
      expect(res.statusCode, JSON.stringify(q.slice(0, 40))).toBe(200);
      postList.parse(res.json());
    }
    for (const q of ['', ' ', '&', '|', '!', '(', '"', "'", '\\', ':*', '<->', '🎉', '%', '***']) {
      expect(await search(owner.as, tl.id, q), JSON.stringify(q)).toEqual([]);
    }
    // Letters written another way still find the word.
    expect((await search(owner.as, tl.id, '𝐡𝐞𝐥𝐥𝐨')).map((p) => p.id)).toContain(hello.id);
    for (const q of [
      '"hello',
      'hello:*',
      '(hello',
      'hello)',
      '!hello',
      "'hello'",
      'hello & world',
      '-hello',
    ]) {
      expect(
        (await search(owner.as, tl.id, q)).map((p) => p.id),
        q,
      ).toContain(hello.id);
    }
    expect((await owner.as.get(`/api/timelines/${tl.id}/search`)).json()).toEqual([]);
    // Bytes that are not UTF-8 (a lone surrogate, 0xFF): a 400, not a 5xx.
    for (const raw of ['%ED%A0%80', '%FF', '%', '%E0%A4%A']) {
      const res = await owner.as.get(`/api/timelines/${tl.id}/search?q=${raw}`);
      expect(res.statusCode, raw).toBeLessThan(500);
      expect(res.json(), raw).toEqual(
        res.statusCode === 200 ? expect.any(Array) : { message: expect.any(String) },
      );
    }
    // The table is still there.
    expect((await owner.as.get(`/api/timelines/${tl.id}/posts`)).statusCode).toBe(200);
  });

  it('2,000 characters are fine, 2,001 are 400', async () => {
    const { owner, tl } = await cast();
    expect((await owner.as.get(searchUrl(tl.id, 'h'.repeat(2_000)))).statusCode).toBe(200);
    const long = await owner.as.get(searchUrl(tl.id, 'h'.repeat(2_001)));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toEqual(expect.any(String));
    expect((await owner.as.get(searchUrl(tl.id, 'ab '.repeat(666)))).statusCode).toBe(200);
    const twice = await owner.as.get(`/api/timelines/${tl.id}/search?q=a&q=b`);
    expect(twice.statusCode).toBeLessThan(500);
  });

  it('members only (404 "Timeline not found" otherwise); archived: the owner only', async () => {
    const { owner, pat, tl, hello } = await cast();
    const outsider = await signedInUser(t.app);
    for (const [who, id] of [
      [outsider, tl.id],
      [owner, crypto.randomUUID()],
      [owner, 'nope'],
    ] as const) {
      const res = await who.as.get(searchUrl(id, 'hello'));
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Timeline not found' }]);
    }
    await owner.as.post(`/api/timelines/${tl.id}/archive`);
    expect((await search(owner.as, tl.id, 'hello')).map((p) => p.id)).toEqual([hello.id]);
    const res = await pat.as.get(searchUrl(tl.id, 'hello'));
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Timeline is archived' }]);
  });
});
