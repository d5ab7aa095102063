// Membership races in full, on PostgreSQL (the races are in membership-races.cases.ts). Each race runs
// several rounds and fails unless the racing requests were on the database at the same time in at least
// one of them (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { membershipRaces } from './membership-races.cases.ts';

const t = setupTestApp();
const races = membershipRaces(t, raceProbe(t));
const ROUNDS = 8;

describe('remove and block while the member keeps joining', () => {
  for (const approval of [false, true]) {
    it(`never leaves a blocked user in, or with a pending request (approval ${approval ? 'on' : 'off'})`, () =>
      races.blockWhileJoining(approval, { rounds: ROUNDS, joins: 18 }));
  }
});

describe('approve racing the requester retracting', () => {
  it('ends approved or retracted, never both, never a 5xx', () =>
    races.approveRacingRetract({ rounds: ROUNDS * 2, calls: 12 }));
});

describe('approve racing remove and block of the same person', () => {
  it('never approves a blocked user', () => races.approveRacingBlock({ rounds: ROUNDS, calls: 10 }));
});

describe('many people joining a nearly full threadline at once', () => {
  it('never passes the member limit', () => races.joinNearlyFull({ people: 24, room: 9 }));
});
