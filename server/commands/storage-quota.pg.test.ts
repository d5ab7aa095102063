// Storage charges at once in full, on PostgreSQL (the race is in storage-quota.cases.ts): it fails unless the
// charges were on the database at the same time (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { chargesAtOnce } from './storage-quota.cases.ts';

const t = setupTestApp();

describe('storage quota under parallel charges', () => {
  it('two dozen charges at once with room for five: five charged, the limit reached, never passed', () =>
    chargesAtOnce(t, raceProbe(t), { calls: 24, room: 5 }));
});
