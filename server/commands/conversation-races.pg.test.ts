// Direct-message races in full, on PostgreSQL (the races are in conversation-races.cases.ts). Each race
// runs several rounds and fails unless the racing requests were on the database at the same time in at
// least one of them (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { conversationRaces } from './conversation-races.cases.ts';

const t = setupTestApp();
const races = conversationRaces(t, raceProbe(t));
const ROUNDS = 6;

describe('two people starting the same conversation at once', () => {
  it('ends with exactly one conversation, one 201, and every caller told its id', () =>
    races.startTogether({ rounds: ROUNDS, calls: 30 }));
});

describe('both people pressing Message and sending a first message at once (issue 25)', () => {
  it('ends with one conversation holding every message, listed for both with exact unread counts', () =>
    races.firstMessagesTogether({ rounds: ROUNDS, calls: 30 }));
});

describe('sends racing the end of write access', () => {
  for (const how of ['block', 'leave'] as const) {
    it(`no message lands after a ${how} commits; every send is 201 or refused, never a 5xx`, () =>
      races.sendsRacingEnd(how, { rounds: ROUNDS, calls: 24 }));
  }

  it('no message lands after an archive commits', () =>
    races.sendsRacingArchive({ rounds: ROUNDS, calls: 24 }));
});

describe('sends racing mark-read', () => {
  it('the unread counts stay exact: what has no read row, whatever the interleaving', () =>
    races.sendsRacingMarkRead({ rounds: ROUNDS, calls: 40 }));
});
