// Content notifications under concurrency, in full, on PostgreSQL (mention-races.cases.ts): each race must
// have its requests on the database at the same time in at least one round (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { mentionRaces } from './mention-races.cases.ts';

// Dozens of writes by one person at once: over a person's minute of writes, so the limit is raised.
const t = setupTestApp({ WRITE_LIMIT_FACTOR: '10' });
const races = mentionRaces(t, raceProbe(t));

describe('content notifications under concurrency', () => {
  it('30 copies of one edit at once mention Pia once', () => races.sameEditAtOnce({ rounds: 3, calls: 30 }));

  it('40 comments on one post at once: 40 replies to its author and 40 mentions, one per comment', () =>
    races.commentsAtOnce({ rounds: 3, calls: 40 }));

  it('40 messages both ways at once: one notification per message, to the other person', () =>
    races.messagesAtOnce({ rounds: 3, calls: 40 }));

  it('posts mentioning Pat while Pat is removed: a mention stored exactly when Pat was told', () =>
    races.mentionWhileRemoved({ rounds: 4, calls: 12 }));
});
