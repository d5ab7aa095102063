// Parallel creates with BILLING_PROVIDER=stripe in full, on PostgreSQL (the race is in stripe.cases.ts): it
// fails unless the creates were on the database at the same time (server/test/races.ts).
import { beforeEach, describe, it } from 'vitest';
import { raceProbe } from '../test/races.ts';
import { setupStripeApp } from '../test/stripe-standin.ts';
import { stripeRaces } from './stripe.cases.ts';

const s = setupStripeApp();
const races = stripeRaces(
  s,
  raceProbe({
    get database() {
      return s.t.database;
    },
  }),
);

beforeEach(() => {
  s.standin.reset();
  s.standin.delayMs = 0;
});

describe('POST /api/subscription/create with stripe, at once', () => {
  it('parallel creates make one customer, one Stripe subscription and one live row', () =>
    races.parallelCreates({ calls: 6 }));
});

describe('POST /api/subscription/resume and cancel with stripe, at once (issue 25)', () => {
  it('resumes and cancels at once leave the row as Stripe has it', () =>
    races.resumeAndCancel({ calls: 8, rounds: 12 }));
});
