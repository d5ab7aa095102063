// Content notifications under concurrency (issue 27): each written exactly once per person and item however
// many requests run at once. Written once, run in full on PostgreSQL (mention-races.pg.test.ts), where the
// requests must overlap on the database in at least one round (server/test/races.ts), and as a one-round
// smoke on PGlite (mention-races.test.ts).
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { notificationsPage } from '../../common/schemas/notifications.ts';
import { notifications, posts } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

const answered = (responses: LightMyRequestResponse[], status: number) =>
  expect(responses.map((r) => (r.statusCode === status ? status : `${r.statusCode} ${r.body}`))).toEqual(
    Array(responses.length).fill(status),
  );

export function mentionRaces(t: TestApp, race: RaceProbe) {
  async function cast() {
    const owner = await signedInUser(t.app, { displayName: 'Olive' });
    const pat = await signedInUser(t.app, { displayName: 'Pat' });
    const pia = await signedInUser(t.app, { displayName: 'Pia' });
    const vic = await signedInUser(t.app, { displayName: 'Vic' });
    const tl = await buildThreadline(t.app.db, owner.user);
    for (const p of [pat, pia, vic]) await addMember(t.app.db, tl, p.user);
    return { owner, pat, pia, vic, tl };
  }

  /** "type" per notification `userId` holds about the threadline, sorted. */
  async function typesOf(userId: string, timelineId: string) {
    const rows = await t.app.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.timelineId, timelineId)));
    return rows.map((r) => r.type).sort();
  }

  return {
    /** The same edit, adding a mention, sent many times at once (a retrying client): one notification. */
    async sameEditAtOnce({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('edit');
      for (let round = 0; round < count; round++) {
        const { owner, pat, pia, tl } = await cast();
        const post = await buildPost(t.app.db, tl, owner.user, {
          content: '@Pat',
          mentions: [{ id: pat.user.id, as: '@Pat' }],
        });
        const body = { content: '@Pat and @Pia', mentions: [pat.user.id, pia.user.id] };
        const answers = await rounds.run(() =>
          Promise.all(
            Array.from({ length: calls }, () =>
              race.as('edit', () => owner.as.patch(`/api/posts/${post.id}`, body)),
            ),
          ),
        );
        answered(answers, 200);
        expect(await typesOf(pia.user.id, tl.id)).toEqual(['mention']);
        // Pat was mentioned before any of them: none of the edits mentions Pat anew.
        expect(await typesOf(pat.user.id, tl.id)).toEqual([]);
        const [row] = await t.app.db.select({ m: posts.mentions }).from(posts).where(eq(posts.id, post.id));
        expect(row!.m).toEqual([
          { id: pat.user.id, as: '@Pat' },
          { id: pia.user.id, as: '@Pia' },
        ]);
        expect(notificationsPage.parse((await pia.as.get('/api/notifications')).json()).unreadCount).toBe(1);
      }
      rounds.expectOverlap();
    },

    /** Many comments on one post at once, each mentioning Vic: one reply and one mention per comment. */
    async commentsAtOnce({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('comment');
      for (let round = 0; round < count; round++) {
        const { owner, pat, pia, vic, tl } = await cast();
        const post = await buildPost(t.app.db, tl, pat.user);
        const writers = [owner, pia];
        const answers = await rounds.run(() =>
          Promise.all(
            Array.from({ length: calls }, (_, i) =>
              race.as('comment', () =>
                writers[i % 2]!.as.post('/api/comments', {
                  postId: post.id,
                  content: `@Vic ${i}`,
                  mentions: [vic.user.id],
                }),
              ),
            ),
          ),
        );
        answered(answers, 201);
        expect(await typesOf(pat.user.id, tl.id)).toEqual(Array(calls).fill('reply'));
        expect(await typesOf(vic.user.id, tl.id)).toEqual(Array(calls).fill('mention'));
        const ids = await t.app.db
          .select({ c: notifications.commentId })
          .from(notifications)
          .where(eq(notifications.userId, vic.user.id));
        expect(new Set(ids.map((r) => r.c)).size).toBe(calls);
        expect(notificationsPage.parse((await vic.as.get('/api/notifications')).json()).unreadCount).toBe(
          calls,
        );
      }
      rounds.expectOverlap();
    },

    /** Both people of a conversation writing at once: one `message` per message, to the other person. */
    async messagesAtOnce({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('message');
      for (let round = 0; round < count; round++) {
        const { owner, pat, tl } = await cast();
        const id = (
          await owner.as.post('/api/conversations', { timelineId: tl.id, recipientId: pat.user.id })
        ).json().id as string;
        const answers = await rounds.run(() =>
          Promise.all(
            Array.from({ length: calls }, (_, i) =>
              race.as('message', () =>
                (i % 2 ? pat : owner).as.post(`/api/conversations/${id}/messages`, { content: `m${i}` }),
              ),
            ),
          ),
        );
        answered(answers, 201);
        const half = Array(calls / 2).fill('message');
        expect([await typesOf(owner.user.id, tl.id), await typesOf(pat.user.id, tl.id)]).toEqual([
          half,
          half,
        ]);
      }
      rounds.expectOverlap();
    },

    /**
     * A post mentioning Pat while Pat is removed: the post's mention and Pat's notification go together (both
     * or neither: Pat is a reader under the post's lock, or not); Pat's inbox never shows it once removed.
     */
    async mentionWhileRemoved({ rounds: count, calls }: { rounds: number; calls: number }) {
      const rounds = race.rounds('post', 'remove');
      for (let round = 0; round < count; round++) {
        const { owner, pat, pia, tl } = await cast();
        const answers = await rounds.run(() =>
          Promise.all([
            ...Array.from({ length: calls }, (_, i) =>
              race.as('post', () =>
                pia.as.post('/api/posts', {
                  timelineId: tl.id,
                  content: `@Pat ${i}`,
                  mentions: [pat.user.id],
                }),
              ),
            ),
            race.as('remove', () => owner.as.delete(`/api/timelines/${tl.id}/members/${pat.user.id}`)),
          ]),
        );
        answered(answers.slice(0, calls), 201);
        expect(answers.at(-1)!.statusCode).toBe(200);
        const stored = await t.app.db
          .select({ id: posts.id, m: posts.mentions })
          .from(posts)
          .where(eq(posts.timelineId, tl.id));
        const mentioned = new Set(stored.filter((p) => p.m?.length).map((p) => p.id));
        const told = await t.app.db
          .select({ postId: notifications.postId })
          .from(notifications)
          .where(and(eq(notifications.userId, pat.user.id), eq(notifications.type, 'mention')));
        expect(new Set(told.map((n) => n.postId))).toEqual(mentioned);
        expect(told).toHaveLength(mentioned.size);
        const inbox = notificationsPage.parse((await pat.as.get('/api/notifications')).json());
        expect(inbox.items.filter((n) => n.type === 'mention')).toEqual([]);
      }
      rounds.expectOverlap();
    },
  };
}
