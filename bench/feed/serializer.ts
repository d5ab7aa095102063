// The post list's serializer alone (issue 28): zod's parse + JSON.stringify against the compiled one
// (server/http/compiled-json.ts) on a feed page like bench/feed.ts's (20 posts: tombstones, reactions,
// latest comments, media, mentions), alternating rounds so a busy machine hurts both alike.
// Run: node --import tsx bench/feed/serializer.ts
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type Post, postList } from '../../common/schemas/post.ts';
import { compileJson } from '../../server/http/compiled-json.ts';

const id = (n: number) => `0000${String(n).padStart(4, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const author = (n: number) => ({
  id: id(n),
  displayName: `Member ${n}`,
  firstName: null,
  lastName: null,
  email: null,
  profileImageUrl: n % 3 ? null : `/objects/avatars/${n}.webp`,
});
const at = (n: number) => `2026-11-27T16:${String(n % 60).padStart(2, '0')}:03.123456Z`;
const text = 'the quick brown fox jumps over the lazy dog and keeps on running through the field '.repeat(3);

function post(n: number): Post {
  const dead = n % 7 === 3;
  const image = n % 5 === 1;
  return {
    id: id(n),
    timelineId: id(9999),
    type: image ? 'image' : 'text',
    content: dead ? null : `${text}@Member${n + 1}`,
    mediaUrl: image ? `/objects/uploads/${n}.jpg` : null,
    mediaUrls: null,
    fileName: image ? `${n}.jpg` : null,
    fileNames: null,
    fileSize: image ? 123_456 : null,
    fileSizes: null,
    media: image
      ? [
          {
            url: `/objects/uploads/${n}.jpg`,
            thumbnailUrl: `/objects/uploads/${n}.thumb.webp`,
            largeUrl: `/objects/uploads/${n}.large.webp`,
            contentType: 'image/jpeg',
            width: 1600,
            height: 1200,
          },
        ]
      : null,
    createdAt: at(n),
    deletedAt: dead ? at(n + 1) : null,
    editedAt: n % 4 === 0 && !dead ? at(n + 2) : null,
    author: author(n),
    reactionCounts: dead ? {} : { '❤️': n, '👍': 2, '🔥': 1 },
    myReactions: n % 2 && !dead ? ['❤️'] : [],
    commentCount: dead ? 0 : n,
    latestComment:
      dead || n % 3 === 0
        ? null
        : {
            id: id(n + 5000),
            postId: id(n),
            content: 'nice one, see you there',
            createdAt: at(n + 3),
            editedAt: null,
            deletedAt: null,
            author: author(n + 1),
            mentions: [],
          },
    isPinned: n === 0,
    mentions: dead ? [] : [{ id: id(n + 1), name: `Member ${n + 1}`, as: `@Member${n + 1}` }],
  };
}

const page = Array.from({ length: 20 }, (_, n) => post(n));
const zodWay = (data: unknown) => JSON.stringify(postList.parse(data));
const compiled = compileJson(postList, false);

function time(fn: (d: unknown) => string, count: number) {
  const start = performance.now();
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += fn(page).length;
  return { us: ((performance.now() - start) * 1000) / count, bytes: bytes / count };
}

// Warm up both.
for (let i = 0; i < 2000; i++) {
  zodWay(page);
  compiled(page);
}
const rounds: Array<[number, number]> = [];
for (let r = 0; r < 10; r++) rounds.push([time(zodWay, 2000).us, time(compiled, 2000).us]);
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const z = median(rounds.map((r) => r[0]));
const c = median(rounds.map((r) => r[1]));
console.log(
  `feed page of 20 posts (${zodWay(page).length} bytes), median of 10 alternating rounds of 2,000; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ', ',
    )}:\n  zod parse + JSON.stringify ${z.toFixed(1)} µs, compiled ${c.toFixed(1)} µs (${(z / c).toFixed(1)}x)`,
);
