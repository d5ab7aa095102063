// timelines.member_count: the PGlite smoke, one small round of member-count-races.cases.ts (PGlite runs one
// query at a time; the full race runs on PostgreSQL in member-count-races.pg.test.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { memberCountRaces } from './member-count-races.cases.ts';

const t = setupTestApp();
const races = memberCountRaces(t, smokeProbe);

describe('member_count (smoke: one of each membership change at once)', () => {
  it('equals count(*) afterwards', () =>
    races.crowd({ joins: 2, approvals: 1, leaves: 1, removals: 1, deletions: 1 }, { rounds: 1 }));
});
