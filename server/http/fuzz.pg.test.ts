// Issue 14 (fuzz), the concurrent bursts in full, on PostgreSQL, where queries run in parallel: the same
// drawn request 2-6 times at once, beside a few others, never answers 5xx, and some bursts must show that
// their requests were on the database at the same time (server/test/races.ts). A fixed number of bursts from
// a fixed seed (FUZZ_BURSTS, FUZZ_SEED override them; fuzz.cases.ts).
import { describe, it } from 'vitest';
import { raceProbe } from '../test/races.ts';
import { concurrentBursts, runsFrom, SEED, setupFuzzApp, timeoutFor } from './fuzz.cases.ts';

// About what the former 2.5 s time cap allowed (220 bursts on this 2-core machine at a load of 3): 3 s.
const BURSTS = runsFrom('FUZZ_BURSTS', 200);

describe('fuzzing every API route, in bursts', () => {
  const h = setupFuzzApp();

  it(
    `concurrent bursts of the same request never answer 5xx (${BURSTS} bursts, seed ${SEED})`,
    () => concurrentBursts(h, raceProbe(h.t), BURSTS),
    timeoutFor(BURSTS, 100),
  );
});
