// Creating threadlines at once, on PostgreSQL: creates racing for the last place under the plan's limit
// never pass it together (createTimeline locks the owner's row), and the race must show that the creates
// were on the database at the same time (server/test/races.ts). The two-at-once smoke is in
// timelines.test.ts ("two creates at once cannot pass the limit together").
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../common/plans.ts';
import { timelines } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import { raceProbe } from '../test/races.ts';

const t = setupTestApp();
const race = raceProbe(t);

describe('POST /api/timelines at once', () => {
  it('creates racing for the last place: exactly one 201, the others 403', async () => {
    const rounds = race.rounds('create');
    const max = PLAN_LIMITS.free.maxTimelines;
    for (let round = 0; round < 3; round++) {
      const ada = await signedInUser(t.app);
      for (let i = 0; i < max - 1; i++) await ada.as.post('/api/timelines', { name: `T${i}` });
      const answers = await rounds.run(() =>
        Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            race.as('create', () => ada.as.post('/api/timelines', { name: `Last ${i}` })),
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(7).fill(403)]);
      const owned = await t.app.db.select().from(timelines).where(eq(timelines.ownerId, ada.user.id));
      expect(owned).toHaveLength(max);
    }
    rounds.expectOverlap();
  });
});
