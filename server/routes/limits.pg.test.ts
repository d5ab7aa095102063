// Rate limits under bursts of parallel attempts, on PostgreSQL, where the counters are rows and the attempts
// really run in parallel (the bursts are in limits.cases.ts). Each fails unless the attempts were on the
// database at the same time (server/test/races.ts).
import { describe, it } from 'vitest';
import { setupTestApp } from '../test/app.ts';
import { raceProbe } from '../test/races.ts';
import { limitRaces } from './limits.cases.ts';

// inject() comes from 127.0.0.1, trusted as the proxy: X-Forwarded-For names each test's address.
// The per-user write limit (20 join attempts a minute) would answer the bursts first: raised here, so the
// limits these files test are the ones that answer (write-limits.*.ts test that one).
const t = setupTestApp({ TRUST_PROXY: '127.0.0.1', WRITE_LIMIT_FACTOR: '100' });
const races = limitRaces(t, raceProbe(t));

describe('failed sign-ins', () => {
  it('hold under 200 parallel guesses: 10 evaluated, the right password mid-burst refused', () =>
    races.signInBurst({ before: 0, calls: 200 }, '198.51.100.6'));
});

describe('join attempts with unknown codes', () => {
  it('hold at 20 under 300 parallel attempts', () => races.unknownCodesBurst({ before: 0, calls: 300 }));
});

describe('account creation', () => {
  it('holds at 30 per address under 100 parallel attempts', () =>
    races.registerBurst({ before: 0, calls: 100 }, '198.51.100.9'));
});
