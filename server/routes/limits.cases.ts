// Rate limits that hold when the attempts arrive all at once (DECISIONS §3): an attempt is counted before it
// is evaluated, so a burst gets the same answers as the same attempts one by one. Each burst is written once
// here and run twice: in full on PostgreSQL (limits.pg.test.ts), where the counters are rows and the
// attempts really run in parallel (each burst must show that they did, server/test/races.ts), and as a smoke
// on PGlite (limits.test.ts): the counter filled to one below its limit, then two attempts at once.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../test/app.ts';
import { buildUser, signedInUser, TEST_PASSWORD } from '../test/factories.ts';
import type { RaceProbe } from '../test/races.ts';
import { REGISTRATION_LIMIT, SIGNIN_LIMITS } from './auth.ts';
import { UNKNOWN_CODE_LIMIT } from './joinRequests.ts';

/** How many attempts go one by one before the burst, and how many are in it. */
export interface Burst {
  before: number;
  calls: number;
}

/** How many answers had each status code. */
export const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};
/** `n` calls of `make` at once. */
export const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

/** The app must trust 127.0.0.1 as its proxy (TRUST_PROXY), so X-Forwarded-For names each test's address. */
export function limitRaces(t: TestApp, race: RaceProbe) {
  const login = (email: string, password: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  return {
    /** Failed sign-ins on one account from one address: exactly the pair's limit is evaluated. */
    async signInBurst({ before, calls }: Burst, address: string) {
      const rounds = race.rounds('guess');
      const user = await buildUser(t.database.db);
      for (let i = 0; i < before; i++)
        expect((await login(user.email!, `early ${i}`, address)).statusCode).toBe(401);
      // The right password in the middle of the burst: if it was among those evaluated, it signed in.
      const right = Math.floor(calls / 2);
      const burst = await rounds.run(() =>
        times(calls, (i) =>
          race.as('guess', () => login(user.email!, i === right ? TEST_PASSWORD : `wrong ${i}`, address)),
        ),
      );
      const counts = statuses(burst);
      const room = SIGNIN_LIMITS.pair.max - before;
      expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(room);
      expect(counts[429]).toBe(calls - room);
      if (burst[right]!.statusCode !== 200) {
        expect((await login(user.email!, TEST_PASSWORD, address)).statusCode).toBe(429);
      }
      rounds.expectOverlap();
    },

    /** Join attempts with unknown codes: the limit holds, and its refusal says when to try again. */
    async unknownCodesBurst({ before, calls }: Burst) {
      const rounds = race.rounds('join');
      const bob = await signedInUser(t.app);
      const attempt = (i: number) =>
        bob.as.post('/api/timelines/join', { joinCode: `NOPE${String(i).padStart(4, '2')}` });
      for (let i = 0; i < before; i++) expect((await attempt(calls + i)).statusCode).toBe(404);
      const res = await rounds.run(() => times(calls, (i) => race.as('join', () => attempt(i))));
      const room = UNKNOWN_CODE_LIMIT.max - before;
      expect(statuses(res)).toEqual({ 404: room, 429: calls - room });
      const limited = res.find((r) => r.statusCode === 429)!;
      expect(limited.json().message).toBe('Too many join attempts with unknown codes. Try again later.');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      rounds.expectOverlap();
    },

    /** Account creation from one address holds at its limit (invalid bodies are cheap and still count). */
    async registerBurst({ before, calls }: Burst, address: string) {
      const rounds = race.rounds('register');
      const register = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: `parallel-${i}`, password: 'long enough' },
          headers: { 'x-forwarded-for': address },
        });
      for (let i = 0; i < before; i++) expect((await register(calls + i)).statusCode).toBe(400);
      const res = await rounds.run(() => times(calls, (i) => race.as('register', () => register(i))));
      const room = REGISTRATION_LIMIT.max - before;
      expect(statuses(res)).toEqual({ 400: room, 429: calls - room });
      rounds.expectOverlap();
    },
  };
}
