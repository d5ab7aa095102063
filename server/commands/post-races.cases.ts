// Posts under concurrency (DECISIONS §3, §6): a member posting and commenting while being removed and
// blocked, one user hammering a reaction, pins racing deletes and each other. Each race is written once
// here and run twice: in full on PostgreSQL (post-races.pg.test.ts), where the requests really interleave
// and each race must show that they did (server/test/races.ts), and as a one-round smoke on PGlite
// (post-races.test.ts), which runs one query at a time but still checks the answers.
import { and, countDistinct, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { FEED } from '../../common/limits.ts';
import { HEART, postList } from '../../common/schemas/post.ts';
import { comments, type Post, posts, reactions, timelines } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, EMOJI, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Starts `n` calls about `gap` milliseconds apart, as a user hammering a button would. */
const staggered = (n: number, call: (i: number) => Promise<LightMyRequestResponse>, gap = 0.5) =>
  Promise.all(Array.from({ length: n }, (_, i) => sleep(i * gap).then(() => call(i))));

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

export type Closer =
  | 'archive'
  | 'delete the threadline'
  | 'switch participants’ posting off'
  | 'make them a viewer'
  | 'they leave';

export function postRaces(t: TestApp, race: RaceProbe) {
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

  // Each action, once answered, refuses every later post; the status of that refusal.
  const closers: Record<Closer, [(c: Cast) => Promise<LightMyRequestResponse>, number]> = {
    archive: [(c) => c.owner.as.post(`/api/timelines/${c.tl.id}/archive`), 403],
    'delete the threadline': [(c) => c.owner.as.delete(`/api/timelines/${c.tl.id}`), 404],
    'switch participants’ posting off': [
      (c) => c.owner.as.patch(`/api/timelines/${c.tl.id}/permissions`, { allowParticipantPosts: false }),
      403,
    ],
    'make them a viewer': [
      (c) => c.owner.as.patch(`/api/timelines/${c.tl.id}/members/${c.pat.user.id}`, { role: 'viewer' }),
      403,
    ],
    'they leave': [(c) => c.pat.as.delete(`/api/timelines/${c.tl.id}/members/leave`), 404],
  };

  return {
    closers: Object.keys(closers) as Closer[],
    refusalOf: (closer: Closer) => closers[closer][1],

    /** Nothing of theirs is written after the block has answered; no 5xx. */
    async blockWhileWriting({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('block', 'write');
      for (let round = 0; round < count; round++) {
        const { owner, pat, tl, target } = await cast();
        let atBlock: Set<string> | undefined;
        let blockAnsweredAt = Number.POSITIVE_INFINITY;
        const started: number[] = [];
        const [blocked, answers] = await rounds.run(() => {
          // The block lands somewhere in the first two thirds of the burst, a different place each round.
          const block = sleep(4 + ((round * 7) % 30)).then(async () => {
            const res = await race.as('block', () =>
              owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`, { reason: 'spam' }),
            );
            blockAnsweredAt = performance.now();
            atBlock = await writtenBy(tl.id, pat.user.id);
            return res;
          });
          const writes = staggered(
            calls,
            (i) => {
              started[i] = performance.now();
              return race.as('write', () =>
                i % 2
                  ? pat.as.post('/api/posts', { timelineId: tl.id, content: `post ${i}` })
                  : pat.as.post('/api/comments', { postId: target.id, content: `comment ${i}` }),
              );
            },
            1.2,
          );
          return Promise.all([block, writes]);
        });
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
      rounds.expectOverlap();
    },

    /** Once `closer` has answered, no post is stored; refusals are its status. */
    async closeWhilePosting(closer: Closer, { rounds: count, calls }: { rounds: number; calls: number }) {
      const [close, refusal] = closers[closer];
      const rounds = race.rounds('close', 'post');
      for (let round = 0; round < count; round++) {
        const c = await cast();
        let atClose: Set<string> | undefined;
        let closedAt = Number.POSITIVE_INFINITY;
        const started: number[] = [];
        const [closed, answers] = await rounds.run(() => {
          const closing = sleep(3 + round * 9).then(async () => {
            const res = await race.as('close', () => close(c));
            closedAt = performance.now();
            atClose = await writtenBy(c.tl.id, c.pat.user.id);
            return res;
          });
          const writes = staggered(
            calls,
            (i) => {
              started[i] = performance.now();
              return race.as('post', () =>
                c.pat.as.post('/api/posts', { timelineId: c.tl.id, content: `post ${i}` }),
              );
            },
            1,
          );
          return Promise.all([closing, writes]);
        });
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
      rounds.expectOverlap();
    },

    /** One user toggling one reaction `calls` times at once: the toggles apply one after another. */
    async toggleBurst({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('toggle');
      for (let round = 0; round < count; round++) {
        const { owner, pat, tl, target } = await cast();
        const answers = await rounds.run(() =>
          staggered(
            calls,
            () => race.as('toggle', () => pat.as.post('/api/reactions', { postId: target.id, emoji: HEART })),
            0.2,
          ),
        );
        noServerErrors(answers);
        expect(answers.map((r) => r.statusCode)).toEqual(Array(calls).fill(200));
        const rows = await t.app.db
          .select()
          .from(reactions)
          .where(and(eq(reactions.postId, target.id), eq(reactions.userId, pat.user.id)));
        const reacted = answers.filter((r) => r.json().reacted).length;
        const takenBack = answers.length - reacted;
        // Serialized toggles alternate add, remove, add...: an even number of them leaves no row.
        expect({ reacted, takenBack, rows: rows.length }).toEqual({
          reacted: Math.ceil(calls / 2),
          takenBack: Math.floor(calls / 2),
          rows: calls % 2,
        });
        // Every answer's counts are those of some serial order: 0 or 1 hearts, in step with `reacted`.
        for (const r of answers) {
          const body = r.json();
          expect(body.reactionCounts).toEqual(body.reacted ? { [HEART]: 1 } : {});
          expect(body.myReactions).toEqual(body.reacted ? [HEART] : []);
        }
        const [seen] = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
        expect(seen).toMatchObject({ id: target.id, reactionCounts: calls % 2 ? { [HEART]: 1 } : {} });
      }
      rounds.expectOverlap();
    },

    /** Two users and two emoji at once: counts equal the rows, answers balance out to the rows left. */
    async twoUsersTwoEmoji({ calls }: { calls: number }) {
      const rounds = race.rounds('react');
      const { owner, pat, tl, target } = await cast();
      const emoji = ['👍', HEART];
      const answers = await rounds.run(() =>
        staggered(calls, (i) =>
          race.as('react', () =>
            (i % 3 ? pat : owner).as.post('/api/reactions', { postId: target.id, emoji: emoji[i % 2]! }),
          ),
        ),
      );
      noServerErrors(answers);
      const rows = await t.app.db.select().from(reactions).where(eq(reactions.postId, target.id));
      const expected: Record<string, number> = {};
      for (const r of rows) expected[r.emoji] = (expected[r.emoji] ?? 0) + 1;
      const [seen] = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
      expect(seen!.reactionCounts).toEqual(expected);
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
      rounds.expectOverlap();
    },

    /**
     * Two members adding new emoji at once to a post two short of the distinct-emoji cap: exactly two get in,
     * the rest are refused with 409, and the post ends at the cap.
     */
    async emojiCapRace({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('react');
      const cap = FEED.distinctEmojiPerPost;
      for (let round = 0; round < count; round++) {
        const { owner, pat, target } = await cast();
        const there = EMOJI.slice(0, cap - 2).map((emoji) => ({
          postId: target.id,
          userId: owner.user.id,
          emoji,
        }));
        await t.app.db.insert(reactions).values(there);
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            race.as('react', () =>
              (i % 2 ? pat : owner).as.post('/api/reactions', {
                postId: target.id,
                emoji: EMOJI[cap - 2 + i]!,
              }),
            ),
          ),
        );
        noServerErrors(answers);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([
          ...Array(2).fill(200),
          ...Array(calls - 2).fill(409),
        ]);
        const [row] = await t.app.db
          .select({ n: countDistinct(reactions.emoji) })
          .from(reactions)
          .where(eq(reactions.postId, target.id));
        expect(row!.n).toBe(cap);
      }
      rounds.expectOverlap();
    },

    /** A pin racing the deletion of the same post never leaves a deleted post pinned. */
    async pinRacingDelete({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('delete', 'pin');
      for (let round = 0; round < count; round++) {
        const { owner, pat, tl } = await cast();
        const post = await buildPost(t.app.db, tl, pat.user);
        const deleter = round % calls;
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            i === deleter
              ? race.as('delete', () => (i % 2 ? pat : owner).as.delete(`/api/posts/${post.id}`))
              : race.as('pin', () => owner.as.post(`/api/timelines/${tl.id}/pin/${post.id}`)),
          ),
        );
        noServerErrors(answers);
        expect(answers[deleter]!.statusCode).toBe(200);
        for (const r of answers.filter((_, i) => i !== deleter)) expect([200, 404]).toContain(r.statusCode);
        const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, tl.id));
        expect(row!.pinnedPostId).toBeNull();
        const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
        expect(feed.filter((p) => p.isPinned)).toEqual([]);
      }
      rounds.expectOverlap();
    },

    /** Pins of different posts at once leave exactly one pinned post, shown first once in the feed. */
    async pinsAtOnce({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('pin');
      for (let round = 0; round < count; round++) {
        const { owner, tl } = await cast();
        const candidates: Post[] = [];
        for (let i = 0; i < calls; i++) candidates.push(await buildPost(t.app.db, tl, owner.user));
        const answers = await rounds.run(() =>
          staggered(calls, (i) =>
            race.as('pin', () => owner.as.post(`/api/timelines/${tl.id}/pin/${candidates[i]!.id}`)),
          ),
        );
        noServerErrors(answers);
        expect(answers.map((r) => r.statusCode)).toEqual(Array(calls).fill(200));
        const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, tl.id));
        expect(candidates.map((p) => p.id)).toContain(row!.pinnedPostId);
        const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts?limit=50`)).json());
        expect(feed.filter((p) => p.isPinned).map((p) => p.id)).toEqual([row!.pinnedPostId]);
        expect(feed[0]!.id).toBe(row!.pinnedPostId);
        // The pinned post, then the others (the cast's own post included).
        expect(feed).toHaveLength(calls + 1);
      }
      rounds.expectOverlap();
    },

    /** No comment or reaction is stored after the post's deletion answered; no 5xx. */
    async deleteWhileCommenting({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('delete', 'write');
      for (let round = 0; round < count; round++) {
        const { owner, pat, tl, target } = await cast();
        let atDelete = -1;
        const [deleted, answers] = await rounds.run(() => {
          const del = sleep(2 + ((round * 3) % 10)).then(async () => {
            const res = await race.as('delete', () => owner.as.delete(`/api/posts/${target.id}`));
            const [n] = await t.app.db
              .select({ n: sql<number>`count(*)::int` })
              .from(comments)
              .where(eq(comments.postId, target.id));
            atDelete = n!.n;
            return res;
          });
          // Mostly comments: enough at once that a comment's answer waits for a pool connection after its
          // commit.
          const writes = staggered(
            calls,
            (i) =>
              race.as('write', () =>
                i % 4
                  ? pat.as.post('/api/comments', { postId: target.id, content: `c${i}` })
                  : pat.as.post('/api/reactions', { postId: target.id, emoji: i % 8 ? '👍' : HEART }),
              ),
            0.4,
          );
          return Promise.all([del, writes]);
        });
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
      rounds.expectOverlap();
    },
  };
}
