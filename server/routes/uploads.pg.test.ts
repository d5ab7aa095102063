// Parallel finalises and creates on PostgreSQL, on both storage backends (the races are in
// uploads.cases.ts): each fails unless the requests were on the database at the same time
// (server/test/races.ts).
import { describe, it } from 'vitest';
import { raceProbe } from '../test/races.ts';
import { setupStorageApp } from '../test/uploads.ts';
import { createRaces, finaliseRaces } from './uploads.cases.ts';

describe.each(['local', 's3'] as const)('parallel finalises on %s storage', (backend) => {
  const t = setupStorageApp(backend);
  const races = finaliseRaces(t, raceProbe(t));

  it('eight finalises of one upload charge once', () =>
    races.oneUploadManyFinalises({ calls: 8, rounds: 4 }));

  it('two dozen finalises past the quota never exceed it', () =>
    races.finalisesPastQuota({ calls: 24, room: 5 }));

  const creates = createRaces(t, raceProbe(t));
  it('forty creates at once (single and multipart): exactly 30 unfinished uploads, the rest 429', () =>
    creates.pendingCapRace({ calls: 40, already: 0 }));
});
