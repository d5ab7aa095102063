// Parallel upgrades in full, on PostgreSQL (the races are in subscription.cases.ts): each fails unless the
// requests were on the database at the same time (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { upgradeRaces } from './subscription.cases.ts';

// The races fire dozens of one user's billing calls at once: the per-user write limit (tested in
// write-limits.cases.ts) is raised out of their way.
const t = setupTestApp({ BILLING_PROVIDER: 'sandbox', WRITE_LIMIT_FACTOR: '20' });
const races = upgradeRaces(t, raceProbe(t));

describe('parallel upgrades', () => {
  it('dozens of creates at once end in one live row and all answer the same secret', () =>
    races.samePlan({ calls: 40 }));

  it('mixed plans at once still leave exactly one live row', () => races.mixedPlans({ calls: 24 }));

  it('parallel confirms of one secret activate once', () => races.confirms({ calls: 10 }));
});

describe('parallel resumes and cancels (issue 25)', () => {
  it('resumes and cancels at once alternate and leave one consistent live row', () =>
    races.resumeAndCancel({ calls: 8, rounds: 6 }));

  it('a resume racing the period end: renewed or ended, never both', () =>
    races.resumeAtPeriodEnd({ rounds: 6 }));
});
