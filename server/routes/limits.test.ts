// Rate limits (DECISIONS §3) through the real routes: the keys of failed sign-ins, and a smoke of the limits
// that hold when the attempts arrive all at once (the full bursts, which must show that the attempts ran in
// parallel, are in limits.pg.test.ts; both are in limits.cases.ts).
import { describe, expect, it } from 'vitest';
import { buildTestApp, setupTestApp } from '../test/app.ts';
import { buildUser, TEST_PASSWORD } from '../test/factories.ts';
import { smokeProbe } from '../test/races.ts';
import { REGISTRATION_LIMIT, SIGNIN_LIMITS } from './auth.ts';
import { UNKNOWN_CODE_LIMIT } from './joinRequests.ts';
import { limitRaces, statuses, times } from './limits.cases.ts';

// inject() comes from 127.0.0.1, trusted as the proxy: X-Forwarded-For names each test's address.
// The per-user write limit (20 join attempts a minute) would answer the bursts first: raised here, so the
// limits these files test are the ones that answer (write-limits.*.ts test that one).
const t = setupTestApp({ TRUST_PROXY: '127.0.0.1', WRITE_LIMIT_FACTOR: '100' });

const from = (address: string) => ({ 'x-forwarded-for': address });
const login = (email: string, password: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: from(address),
  });

describe('failed sign-ins', () => {
  it('lock the account and address pair after 10, not the account from elsewhere', async () => {
    const user = await buildUser(t.database.db);
    for (let i = 0; i < SIGNIN_LIMITS.pair.max; i++) {
      expect((await login(user.email!, 'wrong password', '198.51.100.1')).statusCode).toBe(401);
    }
    const limited = await login(user.email!, TEST_PASSWORD, '198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in 15 minute\(s\)\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner, from their own address, is not locked out by a stranger's guesses.
    expect((await login(user.email!, TEST_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('a success clears the pair, so a typo or two never adds up', async () => {
    const user = await buildUser(t.database.db);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGNIN_LIMITS.pair.max - 1; i++) await login(user.email!, 'typo', '198.51.100.3');
      expect((await login(user.email!, TEST_PASSWORD, '198.51.100.3')).statusCode).toBe(200);
    }
  });

  it('allow 100 per address across accounts, then refuse that address only', async () => {
    const res = await times(SIGNIN_LIMITS.address.max, (i) =>
      login(`nobody-${i}@example.test`, 'wrong password', '198.51.100.4'),
    );
    expect(statuses(res)).toEqual({ 401: SIGNIN_LIMITS.address.max });
    const user = await buildUser(t.database.db);
    expect((await login(user.email!, TEST_PASSWORD, '198.51.100.4')).statusCode).toBe(429);
    expect((await login(user.email!, TEST_PASSWORD, '198.51.100.5')).statusCode).toBe(200);
  });

  it('stop guesses at a ceiling of 100 per account per hour, but a fresh address is heard: the owner signs in', async () => {
    const user = await buildUser(t.database.db);
    const res = await times(SIGNIN_LIMITS.account.max, (i) =>
      login(user.email!, 'wrong password', `10.1.${Math.floor(i / 200)}.${i % 200}`),
    );
    expect(statuses(res)).toEqual({ 401: SIGNIN_LIMITS.account.max });
    // An address that failed for this account is refused, even with the right password.
    const limited = await login(user.email!, TEST_PASSWORD, '10.1.0.5');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
    // A fresh address gets one evaluation: a wrong guess fails, and that address is then refused.
    expect((await login(user.email!, 'another guess', '10.9.9.8')).statusCode).toBe(401);
    expect((await login(user.email!, TEST_PASSWORD, '10.9.9.8')).statusCode).toBe(429);
    // The owner, from an address with no failure for the account, signs in.
    expect((await login(user.email!, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
  });

  it('an address over its limit leaves no key behind for the e-mails it tries', async () => {
    const address = '198.51.100.9';
    await times(SIGNIN_LIMITS.address.max, (i) => login(`fill-${i}@example.test`, 'wrong', address));
    const before = await t.app.limiter.size();
    const res = await times(1_000, (i) => login(`random-${i}@example.test`, 'wrong', address));
    expect(statuses(res)).toEqual({ 429: 1_000 });
    expect(await t.app.limiter.size()).toBe(before);
  });

  it('count IPv6 clients by their /64: a new address in the same network is the same client', async () => {
    const user = await buildUser(t.database.db);
    for (let i = 1; i <= SIGNIN_LIMITS.pair.max; i++) {
      expect((await login(user.email!, 'wrong', `2001:db8:7:1::${i.toString(16)}`)).statusCode).toBe(401);
    }
    expect((await login(user.email!, TEST_PASSWORD, '2001:db8:7:1:ffff::1')).statusCode).toBe(429);
    expect((await login(user.email!, TEST_PASSWORD, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('a refused attempt is not counted, so a blocked pair cannot exhaust the account ceiling', async () => {
    const user = await buildUser(t.database.db);
    await times(SIGNIN_LIMITS.account.max + 20, () => login(user.email!, 'wrong', '198.51.100.7'));
    expect((await login(user.email!, TEST_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('limits under attempts at once (smoke: the counter one below its limit, then two at once)', () => {
  const races = limitRaces(t, smokeProbe);
  const lastTwo = (max: number) => ({ before: max - 1, calls: 2 });
  it('failed sign-ins: one more evaluated, the other refused', () =>
    races.signInBurst(lastTwo(SIGNIN_LIMITS.pair.max), '198.51.100.16'));
  it('unknown join codes: one more answered 404, the other 429', () =>
    races.unknownCodesBurst(lastTwo(UNKNOWN_CODE_LIMIT.max)));
  it('account creation: one more attempt, the other refused', () =>
    races.registerBurst(lastTwo(REGISTRATION_LIMIT.max), '198.51.100.19'));
});

describe('TRUST_PROXY', () => {
  it('with a hop count, a client cannot choose its address through X-Forwarded-For', async () => {
    const app = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const res = await times(40, (i) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: `spoof-${i}`, password: 'long enough' },
          // The leftmost entries are the client's own words; the proxy appends the address it saw.
          headers: { 'x-forwarded-for': `203.0.113.${i}, 192.0.2.1` },
        }),
      );
      expect(statuses(res)).toEqual({ 400: 30, 429: 10 });
    } finally {
      await app.close();
    }
  });
});
