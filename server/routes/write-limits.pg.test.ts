// Per-user write limits under bursts on PostgreSQL, where the counters are rows shared by every instance:
// one app, and two apps on one database as two processes would be. Each burst must show that its requests
// were on the database at the same time (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { setupInstances } from '../test/instances.ts';
import { raceProbe } from '../test/races.ts';
import { writeLimitCases } from './write-limits.cases.ts';

describe('one instance', () => {
  const t = setupTestApp();
  it('90 parallel posts by one user: exactly 30 created, 60 refused with Retry-After', () =>
    writeLimitCases(t, raceProbe(t)).postBurst(90));
});

describe('two instances on one database', () => {
  const instances = setupInstances(2, {}, 'tl_write_limits');

  it('share one limit: 90 parallel posts split between them, exactly 30 created', () => {
    const [first] = instances;
    const t = { ...first!, close: async () => {} };
    return writeLimitCases(t, raceProbe(...instances)).postBurst(90, instances);
  });
});
