// Approvals and rejections of one join request racing, in full on PostgreSQL (outcome-races.cases.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { outcomeRaces } from './outcome-races.cases.ts';

const t = setupTestApp();
const races = outcomeRaces(t, raceProbe(t));

describe('dozens of approvals and rejections of one request at once', () => {
  it('one decision, one request_outcome, every manager’s join_request read', () =>
    races.approveAndRejectAtOnce({ rounds: 6, calls: 36 }));
});
