// Covers racing on PostgreSQL (issue 24): the appearance change locks the threadline row, so parallel
// changes apply one at a time and each releases the cover it replaced; one upload claimed as the cover of two
// threadlines at once goes to one of them. Each round must show that the requests were on the database at
// the same time (server/test/races.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { timelines, uploads } from '../db/schema/index.ts';
import { buildThreadline, signedInUser } from '../test/factories.ts';
import { raceProbe } from '../test/races.ts';
import { storageUsed, storedUpload } from '../test/stored-uploads.ts';
import { setupStorageApp } from '../test/uploads.ts';

const t = setupStorageApp('local');
const race = raceProbe(t);
const url = (id: string) => `/api/timelines/${id}/appearance`;

describe('appearance under parallel changes', () => {
  it('ten covers set at once: one stays, the nine replaced are released (4 rounds)', async () => {
    const rounds = race.rounds('cover');
    for (let round = 0; round < 4; round++) {
      const owner = await signedInUser(t.app, { plan: 'pro' });
      const tl = await buildThreadline(t.app.db, owner.user);
      const covers = await Promise.all(Array.from({ length: 10 }, () => storedUpload(t.app, owner.user.id)));
      const answers = await rounds.run(() =>
        Promise.all(
          covers.map((c) => race.as('cover', () => owner.as.patch(url(tl.id), { coverImageUrl: c.path }))),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      const [row] = await t.app.db.select().from(timelines).where(eq(timelines.id, tl.id));
      const kept = covers.find((c) => c.path === row!.coverImageUrl);
      expect(kept).toBeDefined();
      // Only the kept cover is charged and stored; every replaced one was released.
      expect(await storageUsed(t.app, owner.user.id)).toBe(kept!.bytes.length);
      const left = await t.app.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.ownerId, owner.user.id));
      expect(left.map((u) => u.id)).toEqual([kept!.row.id]);
    }
    rounds.expectOverlap();
  });

  it('one upload offered as the cover of two threadlines at once becomes the cover of one (4 rounds)', async () => {
    const rounds = race.rounds('claim');
    for (let round = 0; round < 4; round++) {
      const owner = await signedInUser(t.app, { plan: 'pro' });
      const a = await buildThreadline(t.app.db, owner.user);
      const b = await buildThreadline(t.app.db, owner.user);
      const cover = await storedUpload(t.app, owner.user.id);
      const answers = await rounds.run(() =>
        Promise.all(
          [a, b].map((tl) =>
            race.as('claim', () => owner.as.patch(url(tl.id), { coverImageUrl: cover.path })),
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.app.db.select().from(timelines).where(eq(timelines.ownerId, owner.user.id));
      expect(rows.filter((r) => r.coverImageUrl === cover.path)).toHaveLength(1);
      expect(await storageUsed(t.app, owner.user.id)).toBe(cover.bytes.length);
    }
    rounds.expectOverlap();
  });
});
