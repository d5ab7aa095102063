// Two app instances on one PostgreSQL database share every rate limit (DECISIONS §1, §3): 200 parallel
// guesses split between them still get exactly 10 evaluations, and must show that the guesses were on the
// database at the same time (server/test/races.ts). Runs in the PostgreSQL project only.
import { describe, expect, it } from 'vitest';
import { buildUser, signedInUser, TEST_PASSWORD } from '../test/factories.ts';
import { setupInstances } from '../test/instances.ts';
import { raceProbe } from '../test/races.ts';
import { SIGNIN_LIMITS } from './auth.ts';
import { UNKNOWN_CODE_LIMIT } from './joinRequests.ts';

// Each instance has its own pool and its own memory, as two processes would.
const instances = setupInstances(2, { TRUST_PROXY: '127.0.0.1' });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('two instances on one database', () => {
  it('share the failed sign-in limit under 200 parallel guesses', async () => {
    const user = await buildUser(instances[0]!.app.db);
    const race = raceProbe(...instances);
    const rounds = race.rounds('guess');
    const statuses = await rounds.run(() =>
      Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const res = await race.as('guess', () =>
            instances[i % 2]!.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: user.email, password: `wrong ${i}` },
              headers: { 'x-forwarded-for': '198.51.100.20' },
            }),
          );
          return res.statusCode;
        }),
      ),
    );
    rounds.expectOverlap();
    expect([count(statuses, 401), count(statuses, 429)]).toEqual([SIGNIN_LIMITS.pair.max, 190]);
    const right = await instances[1]!.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.20' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('share the unknown join code limit', async () => {
    const bob = await signedInUser(instances[0]!.app);
    const race = raceProbe(...instances);
    const rounds = race.rounds('join');
    const statuses = await rounds.run(() =>
      Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const res = await race.as('join', () =>
            instances[i % 2]!.app.inject({
              method: 'POST',
              url: '/api/timelines/join',
              payload: { joinCode: `NOPE${String(i).padStart(4, '3')}` },
              headers: { cookie: bob.cookie },
            }),
          );
          return res.statusCode;
        }),
      ),
    );
    rounds.expectOverlap();
    expect([count(statuses, 404), count(statuses, 429)]).toEqual([UNKNOWN_CODE_LIMIT.max, 80]);
  });
});
