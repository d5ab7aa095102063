// Account deletion races in full, on PostgreSQL (the races are in delete-account-races.cases.ts). Each race
// runs several rounds and fails unless the racing requests were on the database at the same time in at
// least one of them (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { deleteAccountRaces, RACE_ENV } from './delete-account-races.cases.ts';

const t = setupTestApp(RACE_ENV);
const races = deleteAccountRaces(t, raceProbe(t));
const ROUNDS = 8;

describe('deleting the account while taking ownership', () => {
  it('accepting an offer at the same moment: one wins, and a deleted account never owns a live threadline', () =>
    races.acceptRacingDelete({ rounds: ROUNDS, calls: 4 }));

  it('creating threadlines at the same moment: none is left owned by a deleted account', () =>
    races.createRacingDelete({ rounds: ROUNDS, calls: 4 }));
});

describe('deleting the account while joining', () => {
  it('joins and join requests in flight land before it (and go with it) or are refused; never a 5xx', () =>
    races.joinRacingDelete({ rounds: ROUNDS, calls: 6 }));
});

describe('deleting the account while writing', () => {
  it('posts and comments in flight land before it (and become tombstones) or are refused; never a 5xx', () =>
    races.writesRacingDelete({ rounds: ROUNDS, calls: 12 }));
});
