// Per-user write limits (DECISIONS §3) through the real routes. Written once, run on PGlite
// (write-limits.test.ts: every kind, and a smoke of the burst) and on PostgreSQL (write-limits.pg.test.ts:
// bursts whose requests must be on the database at the same time, server/test/races.ts).
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { posts } from '../db/schema/index.ts';
import { type WriteKind, writeRules } from '../http/write-limits.ts';
import type { TestApp } from '../test/app.ts';
import {
  addMember,
  buildConversation,
  buildPost,
  buildThreadline,
  type Caller,
  callerFor,
  EMOJI,
  signedInUser,
} from '../test/factories.ts';
import { differences, fingerprint, tableQuery } from '../test/fuzz/snapshot.ts';
import type { RaceProbe } from '../test/races.ts';
import { statuses, times } from './limits.cases.ts';

export const TOO_FAST = /^You're posting too fast\. Try again in \d+ seconds?\.$/;

/** A 429 from the write limiter: its message, Retry-After, and retryAfter in the body. */
export function expectTooFast(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  const body = res.json();
  expect(body.message).toMatch(TOO_FAST);
  const after = Number(res.headers['retry-after']);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(60);
  expect(body.retryAfter).toBe(after);
  expect(body.message).toContain(`in ${after} second`);
}

/** A user with everything each kind of write needs: a threadline, a post, a member to write to, a code. */
export async function writer(app: FastifyInstance) {
  const me = await signedInUser(app);
  const other = await signedInUser(app);
  const mine = await buildThreadline(app.db, me.user);
  await addMember(app.db, mine, other.user);
  const theirs = await buildThreadline(app.db, other.user, { joinApprovalRequired: true });
  const post = await buildPost(app.db, mine, me.user);
  const conversation = await buildConversation(app.db, mine, me.user, other.user);
  // The i-th write of each kind: valid, so each is counted (an invalid body is refused before the limiter).
  const write: Record<WriteKind, (as: Caller, i: number) => Promise<LightMyRequestResponse>> = {
    post: (as, i) => as.post('/api/posts', { timelineId: mine.id, type: 'text', content: `Post ${i}` }),
    comment: (as, i) => as.post('/api/comments', { postId: post.id, content: `Comment ${i}` }),
    reaction: (as, i) => as.post('/api/reactions', { postId: post.id, emoji: EMOJI[i % 40]! }),
    message: (as, i) => as.post(`/api/conversations/${conversation.id}/messages`, { content: `Hi ${i}` }),
    conversation: (as) => as.post('/api/conversations', { timelineId: mine.id, recipientId: other.user.id }),
    joinRequest: (as) => as.post('/api/timelines/join', { joinCode: theirs.joinCode }),
    upload: (as, i) =>
      as.post('/api/objects/upload', {
        category: 'image',
        size: 100,
        contentType: 'image/png',
        fileName: `photo-${i}.png`,
      }),
    profile: (as, i) => as.put('/api/profile', { displayName: `Ada ${i}` }),
    // Counted before the route runs: a cancel with nothing to cancel still counts.
    billing: (as) => as.post('/api/subscription/cancel'),
    ownership: (as) => as.post(`/api/timelines/${mine.id}/transfer`, { userId: other.user.id }),
  };
  return { me, other, mine, write };
}

const postCount = async (app: FastifyInstance, timelineId: string) =>
  (await app.db.select({ n: count() }).from(posts).where(eq(posts.timelineId, timelineId)))[0]!.n;

export function writeLimitCases(t: TestApp, race: RaceProbe) {
  return {
    /** Each kind allows its limit (the app's factor applied), then refuses that user only, that kind only. */
    async eachKind(factor: number) {
      const rules = writeRules(factor);
      const query = await tableQuery(t.app.db);
      for (const kind of Object.keys(rules) as WriteKind[]) {
        const { me, other, write } = await writer(t.app);
        for (let i = 0; i < rules[kind].max; i++) {
          const res = await write[kind](me.as, i);
          expect(res.statusCode, `${kind} ${i}: ${res.body}`).toBeLessThan(429);
        }
        // The refusal changes nothing stored (every table but the limiter's own counters).
        const before = await fingerprint(t.app.db, query);
        expectTooFast(await write[kind](me.as, rules[kind].max));
        expect(differences(before, await fingerprint(t.app.db, query)), kind).toEqual([]);
        // Someone else's writes, and the same user's other kinds, are not held back.
        expect((await write[kind](other.as, 0)).statusCode, kind).not.toBe(429);
        const another: WriteKind = kind === 'profile' ? 'post' : 'profile';
        expect((await write[another](me.as, 0)).statusCode, `${another} after ${kind}`).not.toBe(429);
      }
    },

    /** Parallel posts by one user: exactly the limit is created, the rest refused and not stored. */
    async postBurst(calls: number, apps: { app: FastifyInstance }[] = [t]) {
      const max = writeRules(t.app.config.writeLimitFactor).post.max;
      const { me, mine, write } = await writer(t.app);
      const rounds = race.rounds('post');
      const res = await rounds.run(() =>
        times(calls, (i) =>
          race.as('post', () => write.post(callerFor(apps[i % apps.length]!.app, me.cookie), i)),
        ),
      );
      expect(statuses(res)).toEqual({ 201: max, 429: calls - max });
      for (const refused of res.filter((r) => r.statusCode === 429)) expectTooFast(refused);
      // The writer's threadline had one post already.
      expect(await postCount(t.app, mine.id)).toBe(max + 1);
      rounds.expectOverlap();
    },
  };
}
