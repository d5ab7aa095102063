// Parallel edits of one post, in full, on PostgreSQL (edit-races.cases.ts): the requests must overlap on the
// database in at least one round (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { editRaces } from './edit-races.cases.ts';

const t = setupTestApp();
const races = editRaces(t, raceProbe(t));

describe('20 edits of one post at once under a Pro owner', () => {
  it('keep 20 versions, each a different text, and end on one of the texts sent', () =>
    races.parallelEdits({ rounds: 3, calls: 20 }));
});
