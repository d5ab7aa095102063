// Finalising uploads at once (DECISIONS §4): the upload row is locked FOR UPDATE in the finalise's
// transaction and the quota is charged by one conditional UPDATE, so parallel finalises of one upload charge
// once and parallel finalises past the quota never exceed it. Written once here and run twice: in full on
// PostgreSQL (uploads.pg.test.ts), where the finalises really interleave and must show that they did
// (server/test/races.ts), and as a smoke of two at once on PGlite (uploads.test.ts).
// Creating uploads at once (issue 23): the cap on unfinished uploads is counted and the row inserted under
// the user's advisory lock, so parallel creates (single and multipart) never pass it together.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { storageBytesFor } from '../../common/plans.ts';
import { insertUpload, MAX_PENDING_UPLOADS } from '../commands/uploads.ts';
import { uploads, users } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';
import { putBytes, requestUploadUrl, samplePdf, samplePng } from '../test/uploads.ts';

export function finaliseRaces(t: TestApp, race: RaceProbe) {
  const usedBy = async (userId: string) =>
    (await t.app.db.select({ used: users.storageUsedBytes }).from(users).where(eq(users.id, userId)))[0]!
      .used;
  /** Upload URL asked for and bytes PUT, not finalised. */
  async function sent(agent: { cookie: string }, bytes: Buffer, fileName: string) {
    const { uploadURL } = await requestUploadUrl(t.app, agent, { fileName, size: bytes.length });
    const put = await putBytes(t.app, agent, uploadURL, bytes);
    expect(put.statusCode, put.body).toBe(200);
    return uploadURL;
  }
  const finalize = (cookie: string, mediaURL: string) =>
    race.as('finalise', () =>
      t.app.inject({ method: 'PUT', url: '/api/media', payload: { mediaURL }, headers: { cookie } }),
    );

  return {
    /** `calls` finalises of one upload at once: all answer the same, the bytes are charged once. */
    async oneUploadManyFinalises({ calls, rounds: count = 1 }: { calls: number; rounds?: number }) {
      const rounds = race.rounds('finalise');
      // Several rounds on PostgreSQL: one round of eight now and then ran one after another.
      for (let round = 0; round < count; round++) {
        const ada = await signedInUser(t.app);
        const png = await samplePng(300, 200);
        const url = await sent(ada, png, 'a.png');
        const answers = await rounds.run(() =>
          Promise.all(Array.from({ length: calls }, () => finalize(ada.cookie, url))),
        );
        expect(
          answers.map((a) => a.statusCode),
          answers[0]!.body,
        ).toEqual(Array(calls).fill(200));
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
        expect(await usedBy(ada.user.id)).toBe(png.length);
      }
      rounds.expectOverlap();
    },

    /** `calls` finalises at once with room for `room` of them: exactly `room` stored, the quota full. */
    async finalisesPastQuota({ calls, room }: { calls: number; room: number }) {
      const rounds = race.rounds('finalise');
      const ada = await signedInUser(t.app);
      const pdf = samplePdf();
      const limit = storageBytesFor('free');
      await t.app.db
        .update(users)
        .set({ storageUsedBytes: limit - room * pdf.length })
        .where(eq(users.id, ada.user.id));
      const urls: string[] = [];
      for (let i = 0; i < calls; i++) urls.push(await sent(ada, pdf, `f${i}.pdf`));
      const answers = await rounds.run(() => Promise.all(urls.map((url) => finalize(ada.cookie, url))));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(room);
      expect(codes.filter((c) => c === 413)).toHaveLength(calls - room);
      expect(await usedBy(ada.user.id)).toBe(limit);
      rounds.expectOverlap();
    },
  };
}

export function createRaces(t: TestApp, race: RaceProbe) {
  return {
    /**
     * `calls` creates at once (every third a multipart create) by a user who already has `already`
     * unfinished uploads: exactly MAX_PENDING_UPLOADS - already succeed, the rest are 429, and that many
     * rows exist.
     */
    async pendingCapRace({ calls, already }: { calls: number; already: number }) {
      const rounds = race.rounds('create');
      const ada = await signedInUser(t.app);
      for (let i = 0; i < already; i++)
        await insertUpload(t.app.db, ada.user, { size: 10, fileName: `p${i}.pdf` });
      const create = (i: number) =>
        race.as('create', () =>
          i % 3 === 2
            ? t.app.inject({
                method: 'POST',
                url: '/api/s3/multipart',
                payload: { filename: `v${i}.mp4`, type: 'video/mp4', metadata: { size: 1000 } },
                headers: { cookie: ada.cookie },
              })
            : t.app.inject({
                method: 'POST',
                url: '/api/objects/upload',
                payload: { fileName: `f${i}.pdf`, size: 1000 },
                headers: { cookie: ada.cookie },
              }),
        );
      const answers = await rounds.run(() => Promise.all(Array.from({ length: calls }, (_, i) => create(i))));
      const codes = answers.map((a) => a.statusCode);
      const room = MAX_PENDING_UPLOADS - already;
      expect(
        codes.filter((c) => c === 200),
        codes.join(' '),
      ).toHaveLength(room);
      expect(codes.filter((c) => c === 429)).toHaveLength(calls - room);
      for (const refused of answers.filter((a) => a.statusCode === 429)) {
        expect(refused.json().message).toMatch(/Too many unfinished uploads \(at most 30\)/);
      }
      const pending = await t.app.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.ownerId, ada.user.id), eq(uploads.status, 'pending')));
      expect(pending).toHaveLength(MAX_PENDING_UPLOADS);
      rounds.expectOverlap();
    },
  };
}
