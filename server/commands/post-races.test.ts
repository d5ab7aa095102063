// Posts under concurrency (DECISIONS §3, §6): a member posting and commenting while being removed and
// blocked, one user hammering a reaction, pins racing deletes and each other. On PostgreSQL (CI) the
// requests really interleave; on PGlite they run one query at a time, which still checks the answers.
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HEART, postList } from '../../common/schemas/post.ts';
import { comments, type Post, posts, reactions, timelines } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';

const t = setupTestApp();
const onPostgres = process.env.TEST_DB === 'postgres';
const ROUNDS = onPostgres ? 4 : 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts `n` calls about `gap` milliseconds apart, as a user hammering a button would. */
const staggered = (n: number, call: (i: number) => Promise<LightMyRequestResponse>, gap = 0.5) =>
  Promise.all(Array.from({ length: n }, (_, i) => sleep(i * gap).then(() => call(i))));

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

async function cast() {
  const owner = await signedInUser(t.app);
  const pat = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user);
  const target = await buildPost(t.app.db, tl, owner.user, { createdAt: new Date(Date.now() - 60_000) });
  return { owner, pat, tl, target };
}

type Cast = Awaited<ReturnType<typeof cast>>;

async function writtenBy(timelineId: string, userId: string) {
  const p = await t.app.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.timelineId, timelineId), eq(posts.authorId, userId)));
  const c = await t.app.db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.timelineId, timelineId), eq(comments.authorId, userId)));
  return new Set([...p, ...c].map((r) => r.id));
}

describe('posting and commenting while being removed and blocked', () => {
  it('nothing of theirs is written after the block has answered; no 5xx', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, pat, tl, target } = await cast();
      const CALLS = 40;
      let atBlock: Set<string> | undefined;
      let blockAnsweredAt = Number.POSITIVE_INFINITY;
      const started: number[] = [];
      // The block lands somewhere in the first two thirds of the burst, a different place each round.
      const block = sleep(4 + ((round * 7) % 30)).then(async () => {
        const res = await owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, {
          reason: 'spam',
        });
        blockAnsweredAt = performance.now();
        atBlock = await writtenBy(tl.id, pat.user.id);
        return res;
      });
      const writes = staggered(
        CALLS,
        (i) => {
          started[i] = performance.now();
          return i % 2
            ? pat.as.post('/api/posts', { timelineId: tl.id, content: `post ${i}` })
            : pat.as.post('/api/comments', { postId: target.id, content: `comment ${i}` });
        },
        1.2,
      );
      const [blocked, answers] = await Promise.all([block, writes]);
      noServerErrors([blocked, ...answers]);
      expect(blocked.statusCode).toBe(200);
      answers.forEach((r, i) => {
        expect([201, 404], `${i}: ${r.body}`).toContain(r.statusCode);
        if (r.statusCode === 404) {
          expect(r.json().message).toBe(i % 2 ? 'Timeline not found' : 'Post not found');
        }
        // A call that started after the block answered must be refused.
        if (started[i]! > blockAnsweredAt) expect(r.statusCode, `${i} started after the block`).toBe(404);
      });
      // Everything written was written before the block answered, and every 201 was really stored.
      const after = await writtenBy(tl.id, pat.user.id);
      expect([...after].filter((id) => !atBlock!.has(id))).toEqual([]);
      const created = answers.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
      expect(created.filter((id) => !after.has(id))).toEqual([]);
      expect(after.size).toBe(created.length);
      // And the blocked user sees nothing more.
      expect((await pat.as.get(`/api/timelines/${tl.id}/posts`)).statusCode).toBe(404);
    }
  });
});

describe('posting while the threadline closes to them', () => {
  // Each action, once answered, refuses every later post: nothing is stored after it, whatever the timing.
  const closers = [
    ['archive', (c: Cast) => c.owner.as.post(`/api/timelines/${c.tl.id}/archive`), 403],
    ['delete the threadline', (c: Cast) => c.owner.as.delete(`/api/timelines/${c.tl.id}`), 404],
    [
      'switch participants’ posting off',
      (c: Cast) =>
        c.owner.as.patch(`/api/timelines/${c.tl.id}/permissions`, { allowParticipantPosts: false }),
      403,
    ],
    [
      'make them a viewer',
      (c: Cast) => c.owner.as.patch(`/api/timelines/${c.tl.id}/members/${c.pat.user.id}`, { role: 'viewer' }),
      403,
    ],
    ['they leave', (c: Cast) => c.pat.as.delete(`/api/timelines/${c.tl.id}/members/leave`), 404],
  ] as const;
  for (const [name, close, refusal] of closers) {
    it(`${name}: no post stored after it answered; refusals are ${refusal}`, async () => {
      for (let round = 0; round < (onPostgres ? 2 : 1); round++) {
        const c = await cast();
        let atClose: Set<string> | undefined;
        let closedAt = Number.POSITIVE_INFINITY;
        const started: number[] = [];
        const closing = sleep(3 + round * 9).then(async () => {
          const res = await close(c);
          closedAt = performance.now();
          atClose = await writtenBy(c.tl.id, c.pat.user.id);
          return res;
        });
        const writes = staggered(
          24,
          (i) => {
            started[i] = performance.now();
            return c.pat.as.post('/api/posts', { timelineId: c.tl.id, content: `post ${i}` });
          },
          1,
        );
        const [closed, answers] = await Promise.all([closing, writes]);
        noServerErrors([closed, ...answers]);
        expect(closed.statusCode, closed.body).toBe(200);
        answers.forEach((r, i) => {
          expect([201, refusal], r.body).toContain(r.statusCode);
          if (started[i]! > closedAt) expect(r.statusCode, `${i} started after`).toBe(refusal);
        });
        const after = await writtenBy(c.tl.id, c.pat.user.id);
        expect([...after].filter((id) => !atClose!.has(id))).toEqual([]);
        expect(after.size).toBe(answers.filter((r) => r.statusCode === 201).length);
      }
    });
  }
});

describe('one user toggling one reaction 40 times at once', () => {
  it('ends consistent with the answers: the row exists exactly when more "reacted" than "taken back"', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, pat, tl, target } = await cast();
      const answers = await staggered(
        40,
        () => pat.as.post('/api/reactions', { postId: target.id, emoji: HEART }),
        0.2,
      );
      noServerErrors(answers);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
      const rows = await t.app.db
        .select()
        .from(reactions)
        .where(and(eq(reactions.postId, target.id), eq(reactions.userId, pat.user.id)));
      const reacted = answers.filter((r) => r.json().reacted).length;
      const takenBack = answers.length - reacted;
      // Serialized toggles alternate add, remove, add...: 40 of them leave no row.
      expect({ reacted, takenBack, rows: rows.length }).toEqual({ reacted: 20, takenBack: 20, rows: 0 });
      // Every answer's counts are those of some serial order: 0 or 1 hearts, in step with `reacted`.
      for (const r of answers) {
        const body = r.json();
        expect(body.reactionCounts).toEqual(body.reacted ? { [HEART]: 1 } : {});
        expect(body.myReactions).toEqual(body.reacted ? [HEART] : []);
      }
      const [seen] = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
      expect(seen).toMatchObject({ id: target.id, reactionCounts: {} });
    }
  });

  it('two users and two emoji at once: counts equal the rows', async () => {
    const { owner, pat, tl, target } = await cast();
    const emoji = ['👍', HEART];
    const answers = await staggered(33, (i) =>
      (i % 3 ? pat : owner).as.post('/api/reactions', { postId: target.id, emoji: emoji[i % 2]! }),
    );
    noServerErrors(answers);
    const rows = await t.app.db.select().from(reactions).where(eq(reactions.postId, target.id));
    const expected: Record<string, number> = {};
    for (const r of rows) expected[r.emoji] = (expected[r.emoji] ?? 0) + 1;
    const [seen] = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(seen!.reactionCounts).toEqual(expected);
    // Per user and emoji, the answers balance out to the row that is left.
    for (const [who, pick] of [
      [pat, (i: number) => i % 3 !== 0],
      [owner, (i: number) => i % 3 === 0],
    ] as const) {
      for (const e of emoji) {
        const mine = answers.filter((_, i) => pick(i) && emoji[i % 2] === e).map((r) => r.json().reacted);
        const balance = mine.filter(Boolean).length - mine.filter((x) => !x).length;
        const has = rows.some((r) => r.userId === who.user.id && r.emoji === e);
        expect(balance, `${e}`).toBe(has ? 1 : 0);
      }
    }
  });
});

describe('pin racing the deletion of the same post', () => {
  it('never leaves a deleted post pinned', async () => {
    for (let round = 0; round < ROUNDS * 2; round++) {
      const { owner, pat, tl } = await cast();
      const post = await buildPost(t.app.db, tl, pat.user);
      const answers = await staggered(8, (i) =>
        i === round % 8
          ? (i % 2 ? pat : owner).as.delete(`/api/posts/${post.id}`)
          : owner.as.post(`/api/timelines/${tl.id}/pin/${post.id}`),
      );
      noServerErrors(answers);
      const deleted = answers[round % 8]!;
      expect(deleted.statusCode).toBe(200);
      for (const r of answers.filter((_, i) => i !== round % 8)) {
        expect([200, 404]).toContain(r.statusCode);
      }
      const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, tl.id));
      expect(row!.pinnedPostId).toBeNull();
      const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
      expect(feed.filter((p) => p.isPinned)).toEqual([]);
    }
  });
});

describe('pins of different posts at once', () => {
  it('leave exactly one pinned post, of that threadline, and the feed shows it first once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, tl } = await cast();
      const candidates: Post[] = [];
      for (let i = 0; i < 10; i++) candidates.push(await buildPost(t.app.db, tl, owner.user));
      const answers = await staggered(10, (i) =>
        owner.as.post(`/api/timelines/${tl.id}/pin/${candidates[i]!.id}`),
      );
      noServerErrors(answers);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, tl.id));
      expect(candidates.map((p) => p.id)).toContain(row!.pinnedPostId);
      const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts?limit=50`)).json());
      expect(feed.filter((p) => p.isPinned).map((p) => p.id)).toEqual([row!.pinnedPostId]);
      expect(feed[0]!.id).toBe(row!.pinnedPostId);
      // The pinned post, then the ten others (the cast's own post included).
      expect(feed).toHaveLength(11);
    }
  });
});

describe('a post deleted while people comment and react', () => {
  it('no comment or reaction is stored after the deletion answered; no 5xx', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, pat, tl, target } = await cast();
      let atDelete = -1;
      const del = sleep(2 + ((round * 3) % 10)).then(async () => {
        const res = await owner.as.delete(`/api/posts/${target.id}`);
        const [n] = await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(comments)
          .where(eq(comments.postId, target.id));
        atDelete = n!.n;
        return res;
      });
      // Mostly comments: enough at once that a comment's answer waits for a pool connection after its commit.
      const calls = staggered(
        40,
        (i) =>
          i % 4
            ? pat.as.post('/api/comments', { postId: target.id, content: `c${i}` })
            : pat.as.post('/api/reactions', { postId: target.id, emoji: i % 8 ? '👍' : HEART }),
        0.4,
      );
      const [deleted, answers] = await Promise.all([del, calls]);
      noServerErrors([deleted, ...answers]);
      expect(deleted.statusCode).toBe(200);
      for (const r of answers) expect([200, 201, 404]).toContain(r.statusCode);
      const [n] = await t.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(comments)
        .where(eq(comments.postId, target.id));
      expect(n!.n).toBe(atDelete);
      const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
      expect(feed.find((p) => p.id === target.id)).toMatchObject({
        content: null,
        commentCount: 0,
        reactionCounts: {},
        latestComment: null,
      });
    }
  });
});
