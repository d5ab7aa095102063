// Account deletion racing what could leave a deleted account owning or writing something (issue 26): accepting
// an ownership offer or creating a threadline at the moment the account is deleted (one wins, and a deleted
// account never owns a live threadline), and the account's own posts and comments still in flight (none is
// left live). Written once, run in full on PostgreSQL (delete-account-races.pg.test.ts), where the requests
// really interleave and each race must show that they did (server/test/races.ts), and as a one-round smoke
// on PGlite (delete-account-races.test.ts).
//
// The app signs in with OpenID Connect (RACE_ENV): its DELETE /api/me needs a recent sign-in instead of a
// password, so the deletion's transaction starts at once instead of after a password hash of tens of
// milliseconds that would let every accept finish first. The transaction is the same for both providers.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DELETE_OWNS_THREADLINES } from '../../common/account.ts';
import { comments, posts, timelines, users } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';

export const RACE_ENV = {
  AUTH_PROVIDER: 'oidc',
  OIDC_ISSUER_URL: 'http://127.0.0.1:9',
  OIDC_CLIENT_ID: 'threadline',
  OIDC_CLIENT_SECRET: 'secret',
  PUBLIC_URL: 'http://app.example.test',
  // Dozens of one user's writes at once: the per-user write limit is raised out of their way.
  WRITE_LIMIT_FACTOR: '20',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

type Size = { rounds: number; calls: number };

export function deleteAccountRaces(t: TestApp, race: RaceProbe) {
  async function cast() {
    const bob = await signedInUser(t.app, { displayName: 'Bob' });
    const ada = await signedInUser(t.app, { displayName: 'Ada', oidcSubject: `issuer|${Math.random()}` });
    const club = await buildThreadline(t.app.db, bob.user);
    await addMember(t.app.db, club, ada.user);
    const deleteAda = () => ada.as.delete('/api/me', { confirmEmail: ada.user.email });
    return { bob, ada, club, deleteAda };
  }

  const isDeleted = async (userId: string) =>
    !!(await t.app.db.select().from(users).where(eq(users.id, userId)))[0]!.deletedAt;
  const liveOwned = (userId: string) =>
    t.app.db
      .select({ id: timelines.id })
      .from(timelines)
      .where(and(eq(timelines.ownerId, userId), isNull(timelines.deletedAt)));

  return {
    /**
     * Ada accepts Bob's offer (several times, staggered) while deleting her account: either the accept
     * wins (one 200, the delete 409, Ada owns the club) or the delete does (204, every accept refused, the
     * club still Bob's with no offer left). Never deleted and owning.
     */
    async acceptRacingDelete({ rounds: count, calls }: Size) {
      const rounds = race.rounds('delete', 'accept');
      const outcomes = new Set<string>();
      for (let round = 0; round < count; round++) {
        const { bob, ada, club, deleteAda } = await cast();
        expect(
          (await bob.as.post(`/api/timelines/${club.id}/transfer`, { userId: ada.user.id })).statusCode,
        ).toBe(200);
        const [deleted, ...accepts] = await rounds.run(() =>
          Promise.all([
            race.as('delete', deleteAda),
            ...Array.from({ length: calls }, (_, i) =>
              sleep(i / 2).then(() =>
                race.as('accept', () => ada.as.post(`/api/timelines/${club.id}/transfer/accept`)),
              ),
            ),
          ]),
        );
        noServerErrors([deleted!, ...accepts]);
        const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, club.id));
        if (deleted!.statusCode === 204) {
          outcomes.add('deleted');
          expect(await isDeleted(ada.user.id)).toBe(true);
          expect(accepts.filter((r) => r.statusCode === 200)).toEqual([]);
          expect(row).toMatchObject({ ownerId: bob.user.id, pendingOwnerId: null });
        } else {
          outcomes.add('accepted');
          expect(deleted!.statusCode).toBe(409);
          expect(deleted!.json()).toEqual({ message: DELETE_OWNS_THREADLINES });
          expect(await isDeleted(ada.user.id)).toBe(false);
          expect(accepts.filter((r) => r.statusCode === 200)).toHaveLength(1);
          expect(row!.ownerId).toBe(ada.user.id);
        }
        if (await isDeleted(ada.user.id)) expect(await liveOwned(ada.user.id)).toEqual([]);
      }
      if (process.env.RACE_VERBOSE) console.log('outcomes', [...outcomes]);
      rounds.expectOverlap();
      return outcomes;
    },

    /** Ada creates threadlines while deleting her account: a deleted account never owns one. */
    async createRacingDelete({ rounds: count, calls }: Size) {
      const rounds = race.rounds('delete', 'create');
      for (let round = 0; round < count; round++) {
        const { ada, deleteAda } = await cast();
        const [deleted, ...creates] = await rounds.run(() =>
          Promise.all([
            race.as('delete', deleteAda),
            ...Array.from({ length: calls }, (_, i) =>
              sleep(i / 2).then(() =>
                race.as('create', () => ada.as.post('/api/timelines', { name: `Mine ${round}-${i}` })),
              ),
            ),
          ]),
        );
        noServerErrors([deleted!, ...creates]);
        const created = creates.filter((r) => r.statusCode === 201).length;
        if (deleted!.statusCode === 204) {
          expect(created).toBe(0);
          expect(await liveOwned(ada.user.id)).toEqual([]);
        } else {
          expect(deleted!.statusCode).toBe(409);
          expect(created).toBeGreaterThan(0);
          expect(await isDeleted(ada.user.id)).toBe(false);
        }
      }
      rounds.expectOverlap();
    },

    /**
     * Ada joining other threadlines by code (one open, one by request) while her account goes: each join lands
     * before the deletion (and the membership or request goes with the account) or is refused after it; a
     * deleted account is never left a member or a requester, nothing fails with a 5xx.
     */
    async joinRacingDelete({ rounds: count, calls }: Size) {
      const rounds = race.rounds('delete', 'join');
      for (let round = 0; round < count; round++) {
        const { bob, ada, deleteAda } = await cast();
        const open = await buildThreadline(t.app.db, bob.user);
        const asking = await buildThreadline(t.app.db, bob.user, { joinApprovalRequired: true });
        const [deleted, ...joins] = await rounds.run(() =>
          Promise.all([
            race.as('delete', deleteAda),
            ...Array.from({ length: calls }, (_, i) =>
              sleep(i / 2).then(() =>
                race.as('join', () =>
                  ada.as.post('/api/timelines/join', { joinCode: (i % 2 ? asking : open).joinCode }),
                ),
              ),
            ),
          ]),
        );
        noServerErrors([deleted!, ...joins]);
        expect(deleted!.statusCode).toBe(204);
        const left = await t.app.db.execute(sql`
          select (select count(*) from timeline_members where user_id = ${ada.user.id})::int as members,
                 (select count(*) from timeline_join_requests where user_id = ${ada.user.id})::int as requests`);
        expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ members: 0, requests: 0 });
      }
      rounds.expectOverlap();
    },

    /**
     * Ada's posts and comments in flight while her account goes, and Bob's replies to her post: each lands
     * before the deletion (and becomes a tombstone, or goes with hers) or is refused after it; nothing of hers
     * is left live, nothing fails with a 5xx.
     */
    async writesRacingDelete({ rounds: count, calls }: Size) {
      const rounds = race.rounds('delete', 'write');
      for (let round = 0; round < count; round++) {
        const { bob, ada, club, deleteAda } = await cast();
        const bobsPost = await buildPost(t.app.db, club, bob.user, { content: 'Say something' });
        const adasPost = await buildPost(t.app.db, club, ada.user, { content: 'Answer me' });
        // Ada posting and commenting, and Bob answering her post as it becomes a tombstone.
        const write = (i: number) =>
          [
            () => ada.as.post('/api/posts', { timelineId: club.id, type: 'text', content: `Post ${i}` }),
            () => ada.as.post('/api/comments', { postId: bobsPost.id, content: `Comment ${i}` }),
            () => bob.as.post('/api/comments', { postId: adasPost.id, content: `Reply ${i}` }),
          ][i % 3]!();
        const [deleted, ...writes] = await rounds.run(() =>
          Promise.all([
            race.as('delete', deleteAda),
            ...Array.from({ length: calls }, (_, i) =>
              sleep(i / 2).then(() => race.as('write', () => write(i))),
            ),
          ]),
        );
        noServerErrors([deleted!, ...writes]);
        expect(deleted!.statusCode).toBe(204);
        const livePosts = await t.app.db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.authorId, ada.user.id), isNull(posts.deletedAt)));
        expect(livePosts).toEqual([]);
        // A tombstone keeps no comments: Bob's replies landed before it (and went with it) or were refused.
        expect(await t.app.db.select().from(comments).where(eq(comments.postId, adasPost.id))).toEqual([]);
        // Every comment of hers that landed is a tombstone.
        expect(
          (
            await t.app.db
              .select({ content: comments.content, deletedAt: comments.deletedAt })
              .from(comments)
              .where(eq(comments.authorId, ada.user.id))
          ).filter((c) => c.deletedAt === null || c.content !== ''),
        ).toEqual([]);
      }
      rounds.expectOverlap();
    },
  };
}
