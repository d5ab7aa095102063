// Posts racing for uploads (issue 10; DECISIONS §3, §7): createPost locks the upload rows FOR UPDATE in the
// post's transaction, so of many posts naming the same upload exactly one gets it, overlapping galleries
// never deadlock or share an upload, and a post racing its own deletion never leaves a file behind. Each
// race is written once here and run twice: in full on PostgreSQL (post-media-races.pg.test.ts), where the
// requests really interleave and each race must show that they did (server/test/races.ts), and as a small
// smoke on PGlite (post-media-races.test.ts), which runs one query at a time.
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { posts, uploads } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';
import { storageUsed, storedUpload, uploadRows } from '../test/stored-uploads.ts';
import { MEDIA_MESSAGES } from './post-media.ts';

const noServerErrors = (responses: LightMyRequestResponse[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

/** A deterministic shuffle, so a failing round can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function postMediaRaces(t: TestApp, race: RaceProbe) {
  async function cast() {
    const owner = await signedInUser(t.app);
    const pat = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    const tl2 = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, pat.user);
    await addMember(t.app.db, tl2, pat.user);
    return { owner, pat, tl, tl2 };
  }

  return {
    /** `parallel` posts naming one upload: exactly one 201, the others 409; one post holds it. */
    async oneUploadManyPosts({ rounds: count, parallel }: { rounds: number; parallel: number }) {
      const rounds = race.rounds('post');
      for (let round = 0; round < count; round++) {
        const { pat, tl, tl2 } = await cast();
        const up = await storedUpload(t.app, pat.user.id);
        const answers = await rounds.run(() =>
          Promise.all(
            Array.from({ length: parallel }, (_, i) =>
              race.as('post', () =>
                pat.as.post('/api/posts', {
                  timelineId: i % 2 ? tl.id : tl2.id,
                  type: 'image',
                  content: `try ${i}`,
                  mediaUrl: up.path,
                }),
              ),
            ),
          ),
        );
        noServerErrors(answers);
        const won = answers.filter((r) => r.statusCode === 201);
        expect(won).toHaveLength(1);
        for (const r of answers.filter((a) => a.statusCode !== 201)) {
          expect([r.statusCode, r.json().message]).toEqual([409, MEDIA_MESSAGES.taken]);
        }
        const holders = await t.app.db
          .select({ id: posts.id })
          .from(posts)
          .where(inArray(posts.timelineId, [tl.id, tl2.id]));
        expect(holders.map((h) => h.id)).toEqual([won[0]!.json().id]);
        const [row] = await t.app.db.select().from(uploads).where(eq(uploads.id, up.row.id));
        expect(row).toMatchObject({ status: 'attached', postId: won[0]!.json().id });
      }
      rounds.expectOverlap();
    },

    /** Overlapping galleries in different orders: no deadlock, no upload in two posts. */
    async overlappingGalleries({ parallel, uploads: count }: { parallel: number; uploads: number }) {
      const rounds = race.rounds('post');
      const { pat, tl } = await cast();
      const ups: Awaited<ReturnType<typeof storedUpload>>[] = [];
      for (let i = 0; i < count; i++) ups.push(await storedUpload(t.app, pat.user.id));
      const answers = await rounds.run(() =>
        Promise.all(
          Array.from({ length: parallel }, (_, i) => {
            const picked = shuffled(ups, i + 1).slice(0, 2 + (i % 4));
            return race.as('post', () =>
              pat.as.post('/api/posts', {
                timelineId: tl.id,
                type: 'gallery',
                mediaUrls: picked.map((u) => u.path),
              }),
            );
          }),
        ),
      );
      noServerErrors(answers);
      expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const won = answers
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json() as { id: string; mediaUrls: string[] });
      expect(won.length).toBeGreaterThan(0);
      const used = won.flatMap((p) => p.mediaUrls);
      expect(new Set(used).size).toBe(used.length);
      const rows = await uploadRows(t.app, ups);
      const postOf = new Map(won.flatMap((p) => p.mediaUrls.map((url) => [url, p.id] as const)));
      for (const row of rows) {
        const holder = postOf.get(`/objects/${row.key}`);
        expect(row.status).toBe(holder ? 'attached' : 'stored');
        expect(row.postId).toBe(holder ?? null);
      }
      rounds.expectOverlap();
    },

    /** Posts and deletes interleaved: every upload ends attached to a live post or removed with its bytes. */
    async postsAndDeletes({ uploads: count }: { uploads: number }) {
      const rounds = race.rounds('delete', 'post');
      const { pat, owner, tl } = await cast();
      const before = await storageUsed(t.app, pat.user.id);
      const ups: Awaited<ReturnType<typeof storedUpload>>[] = [];
      for (let i = 0; i < count; i++) ups.push(await storedUpload(t.app, pat.user.id));
      const post = (i: number) =>
        race.as('post', () =>
          pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: ups[i]!.path }),
        );
      const remove = (made: LightMyRequestResponse) =>
        race.as('delete', () => owner.as.delete(`/api/posts/${made.json().id}`));
      // The first half of the posts exist already; the second half is made while the first is deleted, and
      // each of those is deleted in turn as soon as it exists, while the others are still being made. Every
      // other post is kept.
      const half = Math.floor(count / 2);
      const premade: LightMyRequestResponse[] = [];
      for (let i = 0; i < half; i++) premade.push(await post(i));
      const answers = await rounds.run(() =>
        Promise.all(
          ups.map(async (_, i) => {
            const made = i < half ? premade[i]! : await post(i);
            if (made.statusCode !== 201 || i % 2) return [made];
            return [made, await remove(made)];
          }),
        ),
      );
      noServerErrors(answers.flat());
      expect(answers.every(([made]) => made!.statusCode === 201)).toBe(true);
      const kept = ups.filter((_, i) => i % 2);
      const gone = ups.filter((_, i) => !(i % 2));
      const rows = await uploadRows(t.app, ups);
      expect(rows.map((r) => r.id).sort()).toEqual(kept.map((u) => u.row.id).sort());
      for (const up of gone) expect(await t.app.store.head(up.row.key)).toBeNull();
      for (const up of kept) expect(await t.app.store.head(up.row.key)).not.toBeNull();
      expect(await storageUsed(t.app, pat.user.id)).toBe(
        before + kept.reduce((n, u) => n + u.bytes.length, 0),
      );
      rounds.expectOverlap();
    },

    /**
     * Media posts racing the threadline's deletion: whatever the order, nothing of it stays charged or
     * stored. A post that got in first is released with the threadline; one after it is refused and its
     * upload stays the poster's, unattached and charged.
     */
    async postsRacingDelete({ rounds: count, posts: n }: { rounds: number; posts: number }) {
      const rounds = race.rounds('post', 'delete');
      for (let round = 0; round < count; round++) {
        const { owner, pat, tl } = await cast();
        const ups = await Promise.all(Array.from({ length: n }, () => storedUpload(t.app, pat.user.id)));
        const before = await storageUsed(t.app, pat.user.id);
        const deleter = round % (n + 1);
        const answers = await rounds.run(() =>
          Promise.all(
            Array.from({ length: n + 1 }, (_, i) =>
              i === deleter
                ? race.as('delete', () => owner.as.delete(`/api/timelines/${tl.id}`))
                : race.as('post', () =>
                    pat.as.post('/api/posts', {
                      timelineId: tl.id,
                      type: 'image',
                      mediaUrl: ups[i < deleter ? i : i - 1]!.path,
                    }),
                  ),
            ),
          ),
        );
        noServerErrors(answers);
        expect(answers[deleter]!.statusCode).toBe(200);
        const rows = await uploadRows(t.app, ups);
        // No upload is left attached to the deleted threadline; every remaining one is unattached.
        expect(rows.filter((r) => r.status === 'attached')).toEqual([]);
        const posted = answers.filter((r, i) => i !== deleter && r.statusCode === 201).length;
        expect(rows).toHaveLength(n - posted);
        const freed = ups.filter((u) => !rows.some((r) => r.id === u.row.id));
        const freedBytes = freed.reduce((sum, u) => sum + u.bytes.length, 0);
        expect(await storageUsed(t.app, pat.user.id)).toBe(before - freedBytes);
        for (const up of freed) expect(await t.app.store.head(up.row.key)).toBeNull();
      }
      rounds.expectOverlap();
    },
  };
}
