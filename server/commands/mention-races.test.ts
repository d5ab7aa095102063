// Content notifications under concurrency: the PGlite smoke (one small round each; PGlite runs one query at
// a time, so the full races run on PostgreSQL in mention-races.pg.test.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { mentionRaces } from './mention-races.cases.ts';

const t = setupTestApp();
const races = mentionRaces(t, smokeProbe);

describe('content notifications under concurrency (smoke)', () => {
  it('three copies of one edit mention Pia once', () => races.sameEditAtOnce({ rounds: 1, calls: 3 }));
  it('four comments at once: four replies and four mentions', () =>
    races.commentsAtOnce({ rounds: 1, calls: 4 }));
  it('four messages both ways: one notification each', () => races.messagesAtOnce({ rounds: 1, calls: 4 }));
  it('posts mentioning Pat while Pat is removed', () => races.mentionWhileRemoved({ rounds: 1, calls: 3 }));
});
