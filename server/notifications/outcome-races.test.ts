// Approvals and rejections of one join request: the PGlite smoke (one query at a time there; the full race
// runs on PostgreSQL in outcome-races.pg.test.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { smokeProbe } from '../test/races.ts';
import { outcomeRaces } from './outcome-races.cases.ts';

const t = setupTestApp();
const races = outcomeRaces(t, smokeProbe);

describe('approvals and rejections of one request (smoke)', () => {
  it('one decision, one request_outcome', () => races.approveAndRejectAtOnce({ rounds: 1, calls: 4 }));
});
