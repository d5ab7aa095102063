// Membership races: the PGlite smoke, one small round of each race in membership-races.cases.ts (PGlite
// runs one query at a time, so the requests cannot interleave there; the full races, which must show that
// they did, run on PostgreSQL in membership-races.pg.test.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { membershipRaces } from './membership-races.cases.ts';

const t = setupTestApp();
const races = membershipRaces(t, smokeProbe);

describe('membership races (smoke: one round, two requests at once)', () => {
  it('a block and a join: the blocked user is not let back in', () =>
    races.blockWhileJoining(false, { rounds: 1, joins: 2 }));
  it('an approval and a retraction: exactly one of them wins', () =>
    races.approveRacingRetract({ rounds: 1, calls: 2 }));
  it('an approval and a block of the same person: never approved', () =>
    races.approveRacingBlock({ rounds: 1, calls: 2 }));
  it('two joins for the last place: one in, one refused', () => races.joinNearlyFull({ people: 2, room: 1 }));
});
