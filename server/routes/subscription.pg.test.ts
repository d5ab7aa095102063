// Parallel upgrades in full, on PostgreSQL (the races are in subscription.cases.ts): each fails unless the
// requests were on the database at the same time (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { upgradeRaces } from './subscription.cases.ts';

const t = setupTestApp({ BILLING_PROVIDER: 'sandbox' });
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
