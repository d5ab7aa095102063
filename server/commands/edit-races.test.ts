// Parallel edits of one post: the PGlite smoke (one small round; PGlite runs one query at a time, so the
// full race runs on PostgreSQL in edit-races.pg.test.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { editRaces } from './edit-races.cases.ts';

const t = setupTestApp();
const races = editRaces(t, smokeProbe);

describe('edits of one post at once (smoke)', () => {
  it('three edits keep three versions and end on one of them', () =>
    races.parallelEdits({ rounds: 1, calls: 3 }));
});
