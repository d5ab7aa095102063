// `users disable` racing password sign-ins, on PostgreSQL (PGlite runs one query at a time): once the disable
// has returned, no session survives, whichever sign-ins were in flight. Each sign-in's session insert reads
// the user row FOR SHARE and the disable locks it first (auth/sessions.ts), so none is left behind; the
// race must show the two on the database at once in at least one round (server/test/races.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../../../common/account.ts';
import { sessions } from '../../db/schema/index.ts';
import { setupTestApp } from '../../test/app.ts';
import { buildUser, TEST_PASSWORD } from '../../test/factories.ts';
import { raceProbe } from '../../test/races.ts';
import { disableUser } from './users.ts';

const t = setupTestApp();
const race = raceProbe(t);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('users disable racing sign-ins', () => {
  it('20 parallel sign-ins around a disable: none of their sessions survives it', async () => {
    const rounds = race.rounds('disable', 'signin');
    let address = 0;
    let signedInBefore = 0;
    let refused = 0;
    for (let round = 0; round < 8 && (rounds.overlapped < 2 || round < 4); round++) {
      const user = await buildUser(t.app.db);
      // The disable starts once a first sign-in has answered (a little later each round): the others are
      // still hashing or writing their session.
      let answered = 0;
      let firstAnswer = () => {};
      const first = new Promise<void>((resolve) => (firstAnswer = resolve));
      const signIn = () =>
        race
          .as('signin', () =>
            t.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: user.email, password: TEST_PASSWORD },
              // Addresses of their own: the failed sign-in limits must not answer for the race.
              remoteAddress: `203.0.113.${++address % 250}`,
            }),
          )
          .finally(() => {
            if (++answered === 1) firstAnswer();
          });
      const [disabled, ...answers] = await rounds.run(() =>
        Promise.all([
          first
            .then(() => sleep(round * 10))
            .then(() => race.as('disable', () => disableUser(t.app.db, user.email!))),
          ...Array.from({ length: 20 }, signIn),
        ]),
      );
      expect(disabled!.already).toBe(false);
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 403)).toEqual([]);
      for (const answer of answers.filter((a) => a.statusCode === 403)) {
        expect(answer.json()).toEqual({ message: ACCOUNT_DISABLED });
      }
      signedInBefore += answers.filter((a) => a.statusCode === 200).length;
      refused += answers.filter((a) => a.statusCode === 403).length;

      const left = await t.app.db
        .select({ sid: sessions.sid })
        .from(sessions)
        .where(sql`(${sessions.sess}->>'userId')::uuid = ${user.id}`);
      expect(left).toEqual([]);
      for (const answer of answers) {
        const token = answer.cookies.find((c) => c.name === 'tl_session')?.value;
        if (!token) continue;
        const me = await t.app.inject({ url: '/api/auth/user', cookies: { tl_session: token } });
        expect(me.statusCode).toBe(401);
      }
    }
    // Both outcomes happened: sign-ins that finished first (their sessions ended) and ones refused.
    expect(signedInBefore).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    rounds.expectOverlap();
  });
});
