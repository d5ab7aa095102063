// Storage charges at once (DECISIONS §4): the charge is one conditional UPDATE, so parallel charges can never
// take a user past the plan's limit. Written once here and run twice: in full on PostgreSQL
// (storage-quota.pg.test.ts), where the charges really interleave and must show that they did
// (server/test/races.ts), and as a smoke of two at once on PGlite (storage-quota.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { storageBytesFor } from '../../common/plans.ts';
import { users } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import type { TestApp } from '../test/app.ts';
import { buildUser } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';
import { chargeStorage } from './storage-quota.ts';

/** `calls` charges of `bytes` at once, each in its own transaction, with room for `room` of them. */
export async function chargesAtOnce(
  t: TestApp,
  race: RaceProbe,
  { calls, room }: { calls: number; room: number },
) {
  const rounds = race.rounds('charge');
  const bytes = 1000;
  const limit = storageBytesFor('free');
  const user = await buildUser(t.app.db, { storageUsedBytes: limit - room * bytes });
  const outcomes = await rounds.run(() =>
    Promise.all(
      Array.from({ length: calls }, () =>
        race.as('charge', () =>
          t.app.db
            .transaction((tx) => chargeStorage(tx, user.id, bytes, t.app.config))
            .then(
              () => 'charged',
              (err) => (err instanceof HttpError && err.statusCode === 413 ? 'refused' : Promise.reject(err)),
            ),
        ),
      ),
    ),
  );
  expect(outcomes.filter((o) => o === 'charged')).toHaveLength(room);
  expect(outcomes.filter((o) => o === 'refused')).toHaveLength(calls - room);
  const [row] = await t.app.db
    .select({ used: users.storageUsedBytes })
    .from(users)
    .where(eq(users.id, user.id));
  expect(row!.used).toBe(limit);
  rounds.expectOverlap();
}
