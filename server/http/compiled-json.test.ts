// The compiled serializer of the post list (issue 28) writes the bytes zod's shaping writes, and nothing the
// schema does not name, whatever extra the server's rows carry.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Post, postList } from '../../common/schemas/post.ts';
import { compileJson, serializationSchema } from './compiled-json.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-11-27T16:26:03.123456Z';
const author = (n: number, email: string | null = null) => ({
  id: id(n),
  displayName: n % 2 ? `Ada "the" \\ ${n}` : null,
  firstName: 'Ada',
  lastName: null,
  email,
  profileImageUrl: n % 2 ? null : `/objects/avatars/${n}.webp`,
});
const base = (n: number): Post => ({
  id: id(n),
  timelineId: id(999),
  type: 'text',
  content: `post ${n} </script> \u2028 ☃ 👍🏽 \n\t "quoted"`,
  mediaUrl: null,
  mediaUrls: null,
  fileName: null,
  fileNames: null,
  fileSize: null,
  fileSizes: null,
  media: null,
  createdAt: at,
  deletedAt: null,
  editedAt: null,
  author: author(n),
  reactionCounts: {},
  myReactions: [],
  commentCount: 0,
  latestComment: null,
  isPinned: false,
  mentions: [],
});

const page: Post[] = [
  { ...base(1), isPinned: true },
  // A tombstone: what presentPost leaves of a deleted post.
  { ...base(2), content: null, deletedAt: at, reactionCounts: {}, commentCount: 0 },
  {
    ...base(3),
    type: 'gallery',
    content: null,
    mediaUrls: ['/objects/a.jpg', '/objects/b.png'],
    fileNames: ['a.jpg', 'b "2".png'],
    fileSizes: [1024, 0],
    media: [
      {
        url: '/objects/a.jpg',
        thumbnailUrl: '/objects/a.thumb.webp',
        largeUrl: '/objects/a.large.webp',
        contentType: 'image/jpeg',
        width: 4000,
        height: 3000,
      },
      // An older post's media: no largeUrl at all.
      { url: '/objects/b.png', thumbnailUrl: null, contentType: 'image/png', width: null, height: null },
    ],
  },
  {
    ...base(4),
    type: 'file',
    mediaUrl: '/objects/report.pdf',
    fileName: 'report.pdf',
    fileSize: 5_000_000_000,
    media: [
      {
        url: '/objects/report.pdf',
        thumbnailUrl: null,
        largeUrl: null,
        contentType: 'application/pdf',
        width: null,
        height: null,
      },
    ],
  },
  {
    ...base(5),
    editedAt: '2026-11-27T17:00:00.000001+02:00',
    reactionCounts: { '👍🏽': 3, '❤️': 1, '🇫🇷': 12, __proto__x: 1, constructor: 2 },
    myReactions: ['👍🏽', '🇫🇷'],
    commentCount: 7,
    mentions: [{ id: id(6), name: 'Bo "B"', as: '@Bo' }],
    latestComment: {
      id: id(70),
      postId: id(5),
      content: 'hi @Ada',
      createdAt: at,
      editedAt: null,
      deletedAt: null,
      author: author(6, 'bo@example.com'),
      mentions: [{ id: id(1), name: 'Ada', as: '@Ada' }],
    },
  },
  // A comment tombstone without the optional deletedAt key at all.
  {
    ...base(6),
    commentCount: 1,
    latestComment: {
      id: id(71),
      postId: id(6),
      content: '',
      createdAt: at,
      editedAt: at,
      author: author(7),
      mentions: [],
    },
  },
];

const compiled = compileJson(postList, false);
const zodShaped = (data: unknown) => JSON.stringify(postList.parse(data));
/** The same JSON, escaped alike (same length); key order aside (optional keys come last). */
const same = (fast: string, shaped: string) => {
  expect(JSON.parse(fast)).toStrictEqual(JSON.parse(shaped));
  expect(fast.length).toBe(shaped.length);
};

describe('compiled post list serializer', () => {
  it('writes what zod writes for tombstones, media, reactions, mentions and edits', () => {
    same(compiled(page), zodShaped(page));
    expect(compiled([])).toBe('[]');
    expect(JSON.parse(compiled(page))).toEqual(page);
  });

  it('writes lone surrogates and control characters as JSON.stringify does', () => {
    const odd = [{ ...base(9), content: 'a\ud800b\udc00 \u0000\u001f\u007f' }];
    same(compiled(odd), zodShaped(odd));
  });

  it('drops every property the schema does not name, at every depth', () => {
    const leaky = page.map((p) => ({
      ...p,
      passwordHash: 'secret-hash',
      author: { ...p.author, email_internal: 'x@example.com', bio: 'not in a post', sessionToken: 't' },
      media: p.media?.map((m) => ({ ...m, objectKey: 'private/key', ownerId: id(1) })) ?? null,
      mentions: p.mentions.map((m) => ({ ...m, email: 'm@example.com' })),
      latestComment: p.latestComment && {
        ...p.latestComment,
        ipAddress: '10.0.0.1',
        author: { ...p.latestComment.author, passwordHash: 'h' },
      },
      search_vector: "'fox':1",
      timeline: { ownerEmail: 'o@example.com' },
    }));
    const out = compiled(leaky);
    same(out, zodShaped(page));
    for (const word of ['secret', 'email_internal', 'objectKey', 'private', 'ipAddress', 'fox', 'owner'])
      expect(out).not.toContain(word);
    expect(out).not.toContain('m@example.com');
  });

  it('refuses what zod refuses when verifying, and a post without a required field always', () => {
    const verified = compileJson(postList, true);
    same(verified(page), zodShaped(page));
    expect(() => verified([{ ...base(1), commentCount: '7' }])).toThrow();
    const { author: _missing, ...noAuthor } = base(1);
    expect(() => compiled([noAuthor])).toThrow();
  });

  it('compiles only `X | null` unions', () => {
    const union = z.toJSONSchema(z.object({ a: z.union([z.string(), z.number()]) }));
    expect(() => serializationSchema(union)).toThrow(/Only `X \| null`/);
    expect(serializationSchema({ type: ['string', 'null'] })).toEqual({ type: 'string', nullable: true });
  });
});
