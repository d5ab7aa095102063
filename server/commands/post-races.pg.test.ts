// Posts under concurrency, in full, on PostgreSQL (the races are in post-races.cases.ts). Each race runs
// several rounds and fails unless the racing requests were on the database at the same time in at least
// one of them (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { postRaces } from './post-races.cases.ts';

const t = setupTestApp();
const races = postRaces(t, raceProbe(t));
const ROUNDS = 4;

describe('posting and commenting while being removed and blocked', () => {
  it('nothing of theirs is written after the block has answered; no 5xx', () =>
    races.blockWhileWriting({ rounds: ROUNDS, calls: 40 }));
});

describe('posting while the threadline closes to them', () => {
  for (const closer of races.closers) {
    it(`${closer}: no post stored after it answered; refusals are ${races.refusalOf(closer)}`, () =>
      races.closeWhilePosting(closer, { rounds: 2, calls: 24 }));
  }
});

describe('one user toggling one reaction 40 times at once', () => {
  it('ends consistent with the answers: the row exists exactly when more "reacted" than "taken back"', () =>
    races.toggleBurst({ rounds: ROUNDS, calls: 40 }));

  it('two users and two emoji at once: counts equal the rows', () => races.twoUsersTwoEmoji({ calls: 33 }));
});

describe('new emoji at once on a post two short of the distinct-emoji cap', () => {
  it('exactly two get in, the rest 409, and the post ends at the cap', () =>
    races.emojiCapRace({ rounds: ROUNDS, calls: 24 }));
});

describe('pin racing the deletion of the same post', () => {
  it('never leaves a deleted post pinned', () => races.pinRacingDelete({ rounds: ROUNDS * 2, calls: 8 }));
});

describe('pins of different posts at once', () => {
  it('leave exactly one pinned post, of that threadline, and the feed shows it first once', () =>
    races.pinsAtOnce({ rounds: ROUNDS, calls: 10 }));
});

describe('a post deleted while people comment and react', () => {
  it('no comment or reaction is stored after the deletion answered; no 5xx', () =>
    races.deleteWhileCommenting({ rounds: ROUNDS, calls: 40 }));
});
