// The account deletion races as a one-round smoke on PGlite (in full on PostgreSQL:
// delete-account-races.pg.test.ts). PGlite runs one query at a time, so nothing really interleaves here.
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { deleteAccountRaces, RACE_ENV } from './delete-account-races.cases.ts';

const t = setupTestApp(RACE_ENV);
const races = deleteAccountRaces(t, smokeProbe);
const SMOKE = { rounds: 1, calls: 3 };

describe('account deletion races (smoke)', () => {
  it('accepting an offer while deleting', () => races.acceptRacingDelete(SMOKE));
  it('creating threadlines while deleting', () => races.createRacingDelete(SMOKE));
  it('joining while deleting', () => races.joinRacingDelete(SMOKE));
  it('posting and commenting while deleting', () => races.writesRacingDelete(SMOKE));
});
