// One "viewed" row per member per UTC day (DECISIONS §9) when the threadline is opened in many tabs at
// once, on PostgreSQL where the requests really overlap: the unique partial index and ON CONFLICT DO
// NOTHING keep one row, with no read first and no error.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_ACTIONS } from '../../common/analytics.ts';
import { timelineAnalytics } from '../db/schema/index.ts';
import { setupTestApp } from '../test/app.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import { raceProbe } from '../test/races.ts';

const t = setupTestApp();
const race = raceProbe(t);

describe('parallel views of one threadline by one member', () => {
  it('write one timeline_viewed row a day; every view answers 200', async () => {
    const rounds = race.rounds('view');
    for (let round = 0; round < 4; round++) {
      const owner = await signedInUser(t.app);
      const pat = await signedInUser(t.app);
      const tl = await buildThreadline(t.app.db, owner.user);
      await addMember(t.app.db, tl, pat.user);
      const answers = await rounds.run(() =>
        Promise.all(
          Array.from({ length: 16 }, () =>
            race.as('view', () => pat.as.post(`/api/timelines/${tl.id}/mark-viewed`)),
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      const rows = await t.app.db
        .select()
        .from(timelineAnalytics)
        .where(
          and(
            eq(timelineAnalytics.timelineId, tl.id),
            eq(timelineAnalytics.action, ANALYTICS_ACTIONS.timelineViewed),
          ),
        );
      expect(rows.map((r) => r.userId)).toEqual([pat.user.id]);
    }
    rounds.expectOverlap();
  });
});
