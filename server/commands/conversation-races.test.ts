// Direct-message races: the PGlite smoke, one small round of each race in conversation-races.cases.ts
// (PGlite runs one query at a time, so the requests cannot interleave there; the full races, which must
// show that they did, run on PostgreSQL in conversation-races.pg.test.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { conversationRaces } from './conversation-races.cases.ts';

const t = setupTestApp();
const races = conversationRaces(t, smokeProbe);
const once = { rounds: 1, calls: 2 };

describe('direct-message races (smoke: one round, a few requests at once)', () => {
  it('both people start the conversation: one conversation, one 201', () => races.startTogether(once));
  it('both press Message and send a first message: one conversation, listed for both', () =>
    races.firstMessagesTogether({ rounds: 1, calls: 4 }));
  it('a block and two sends: no message lands after the block', () => races.sendsRacingEnd('block', once));
  it('an archive and two sends: no message lands after the archive', () => races.sendsRacingArchive(once));
  it('a mark-read and a send: the unread counts stay exact', () => races.sendsRacingMarkRead(once));
});
