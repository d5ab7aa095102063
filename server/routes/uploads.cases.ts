// Finalising uploads at once (DECISIONS §4): the upload row is locked FOR UPDATE in the finalise's
// transaction and the quota is charged by one conditional UPDATE, so parallel finalises of one upload charge
// once and parallel finalises past the quota never exceed it. Written once here and run twice: in full on
// PostgreSQL (uploads.pg.test.ts), where the finalises really interleave and must show that they did
// (server/test/races.ts), and as a smoke of two at once on PGlite (uploads.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { storageBytesFor } from '../../common/plans.ts';
import { users } from '../db/schema/index.ts';
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
    const { uploadURL } = await requestUploadUrl(t.app, agent, { fileName });
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
    async oneUploadManyFinalises({ calls }: { calls: number }) {
      const rounds = race.rounds('finalise');
      const ada = await signedInUser(t.app);
      const png = await samplePng(300, 200);
      const url = await sent(ada, png, 'a.png');
      const answers = await rounds.run(() =>
        Promise.all(Array.from({ length: calls }, () => finalize(ada.cookie, url))),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(calls).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await usedBy(ada.user.id)).toBe(png.length);
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
