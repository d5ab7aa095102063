// timelines.member_count races in full, on PostgreSQL (the race is in member-count-races.cases.ts): dozens
// of joins, approvals, leaves, removals and account deletions at once, and the counter still equals
// count(*) of the members. Fails unless the requests were on the database at the same time (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { memberCountRaces } from './member-count-races.cases.ts';

const t = setupTestApp();
const races = memberCountRaces(t, raceProbe(t));

describe('member_count under parallel membership changes', () => {
  it('equals count(*) after joins, approvals, leaves, removals and deletions at once', () =>
    races.crowd({ joins: 16, approvals: 6, leaves: 12, removals: 6, deletions: 4 }, { rounds: 3 }));
});
