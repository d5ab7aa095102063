// Password reset and change (issue 26; DECISIONS §10), with mail going to a real SMTP peer.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../common/passwords.ts';
import {
  CURRENT_PASSWORD_WRONG,
  FORGOT_PASSWORD_SENT,
  PASSWORD_CHANGED,
  RESET_LINK_INVALID,
} from '../../common/schemas/account.ts';
import { passwordResetTokens } from '../db/schema/index.ts';
import { buildTestApp } from '../test/app.ts';
import { buildUser, callerFor, cookieFor, TEST_PASSWORD } from '../test/factories.ts';
import { MAIL_PUBLIC_URL, recipientOf, resetTokenIn, setupMailApp } from '../test/smtp.ts';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const { t, peer } = setupMailApp({ MAIL_FROM: 'Threadline <mail@example.test>' });

let clientNo = 0;
/** A client address of its own per test, so the per-address limits do not carry over. */
let client: string;
beforeEach(() => {
  client = `198.51.100.${++clientNo}`;
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': client, ...headers } });
const forgot = (email: string) => post('/api/auth/forgot-password', { email });
const reset = (token: string, password: string) => post('/api/auth/reset-password', { token, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const me = (cookie: string) => callerFor(t.app, cookie).get('/api/auth/user');
const cookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === 'tl_session');
  return c ? `tl_session=${c.value}` : '';
};

describe('forgot password', () => {
  it('answers every address alike; only a real account gets a mail, with a working one-hour link', async () => {
    const ada = await buildUser(t.app.db, { displayName: 'Ada' });
    const before = peer.received.length;
    const unknown = await forgot('nobody-here@example.test');
    const known = await forgot(ada.email!.toUpperCase());
    for (const res of [unknown, known]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    // The barrier: the known address's mail, asked for after the unknown one, is the only one to come.
    const [mail] = await peer.waitForCount(before + 1).then((all) => all.slice(before));
    await t.app.mail.worker.drain();
    expect(peer.received.length).toBe(before + 1);
    expect(recipientOf(mail!)).toBe(ada.email);
    expect(mail!.subject).toBe('Reset your Threadline password');
    expect(mail!.from?.value).toEqual([{ name: 'Threadline', address: 'mail@example.test' }]);
    expect(mail!.text).toContain('Hello Ada,');
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/reset-password?token=`);
    expect(mail!.text).toMatch(/why|because/i);
    // Only the hash is stored, valid for an hour.
    const token = resetTokenIn(mail!);
    const [row] = await t.app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, ada.id));
    expect(row!.tokenHash).not.toContain(token);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
  });

  it('takes as long for an unknown address as for a known one (the work happens after the answer)', async () => {
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 8; i++) {
      client = `203.0.113.${i + 1}`;
      const ada = await buildUser(t.app.db);
      for (const kind of ['known', 'unknown'] as const) {
        const started = process.hrtime.bigint();
        const res = await forgot(kind === 'known' ? ada.email! : `ghost-${i}@example.test`);
        times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(res.statusCode).toBe(202);
      }
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    // Within noise: the known path's lookup, token and mail are not on the answer's path.
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(25);
  });

  it('is limited to 5 per e-mail address and 5 per client address an hour, known or not', async () => {
    for (let i = 0; i < 5; i++) {
      client = `192.0.2.${i + 10}`;
      expect((await forgot('limited@example.test')).statusCode).toBe(202);
    }
    client = '192.0.2.99';
    const sixth = await forgot('limited@example.test');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().retryAfter).toBeGreaterThan(0);
    // Another address from that client still goes through (the refused try was not counted); the client's
    // own five then run out.
    for (let i = 0; i < 5; i++) expect((await forgot(`other-${i}@example.test`)).statusCode).toBe(202);
    expect((await forgot('one-more@example.test')).statusCode).toBe(429);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await forgot('not an address');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('reset password', () => {
  /** Asks for a link for `email` and returns its token. */
  async function linkFor(email: string) {
    const before = peer.received.filter((m) => recipientOf(m) === email).length;
    expect((await forgot(email)).statusCode).toBe(202);
    const mails = await peer.waitForMailTo(email, before + 1);
    return resetTokenIn(mails[before]!);
  }

  it('sets the password, signs in, ends every other session, and works once', async () => {
    const ada = await buildUser(t.app.db);
    const elsewhere = await cookieFor(t.app, ada);
    const token = await linkFor(ada.email!);
    expect((await me(elsewhere)).statusCode).toBe(200);

    const res = await reset(token, 'a brand new passphrase');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ada.id, email: ada.email });
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect((await me(cookieOf(res))).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(ada.email!, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(ada.email!, 'a brand new passphrase')).statusCode).toBe(200);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RESET_LINK_INVALID });
  });

  it('a newer link ends with the first one used; an expired, forged or malformed token is refused', async () => {
    const ada = await buildUser(t.app.db);
    const first = await linkFor(ada.email!);
    const second = await linkFor(ada.email!);
    expect((await reset(second, 'second link passphrase')).statusCode).toBe(200);
    expect((await reset(first, 'first link passphrase')).json()).toEqual({ message: RESET_LINK_INVALID });

    const late = await linkFor(ada.email!);
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, ada.id));
    for (const token of [late, 'A'.repeat(43), 'short', `${late}x`]) {
      const res = await reset(token, 'never set passphrase');
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ message: RESET_LINK_INVALID });
    }
    expect((await login(ada.email!, 'second link passphrase')).statusCode).toBe(200);
  });

  it('holds the sign-up rules for the new password and keeps the link usable', async () => {
    const ada = await buildUser(t.app.db);
    const token = await linkFor(ada.email!);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      message: COMMON_PASSWORD_MESSAGE,
      errors: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }],
    });
    expect((await reset(token, 'a good long passphrase')).statusCode).toBe(200);
  });

  it('one link used by 24 requests at once: exactly one sets the password', async () => {
    const ada = await buildUser(t.app.db);
    const token = await linkFor(ada.email!);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => reset(token, `parallel passphrase ${i}`)),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(23);
    const winner = answers.indexOf(ok[0]!);
    expect((await login(ada.email!, `parallel passphrase ${winner}`)).statusCode).toBe(200);
  });
});

describe('change password', () => {
  const change = (cookie: string, body: object) =>
    post('/api/auth/change-password', body, cookie ? { cookie } : {});

  it('needs the current password; ends other sessions, keeps this one, and mails a notice', async () => {
    const ada = await buildUser(t.app.db, { firstName: 'Ada' });
    const here = await cookieFor(t.app, ada);
    const there = await cookieFor(t.app, ada);
    const wrong = await change(here, { currentPassword: 'not it at all', newPassword: 'fresh passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: CURRENT_PASSWORD_WRONG,
      errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }],
    });
    expect((await me(there)).statusCode).toBe(200);

    const ok = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'fresh passphrase' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: PASSWORD_CHANGED });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(there)).statusCode).toBe(401);
    expect((await login(ada.email!, 'fresh passphrase')).statusCode).toBe(200);
    const [notice] = await peer.waitForMailTo(ada.email!);
    expect(notice!.subject).toBe('Your password was changed');
    expect(notice!.text).toContain('Hello Ada,');
    expect(notice!.text).toContain(`${PUBLIC_URL}/login`);
  });

  it('mails at most 5 notices an hour: the sixth change is refused and changes nothing', async () => {
    const ada = await buildUser(t.app.db);
    const here = await cookieFor(t.app, ada);
    let password = TEST_PASSWORD;
    for (let i = 0; i < 5; i++) {
      const next = `changed passphrase ${i}`;
      expect((await change(here, { currentPassword: password, newPassword: next })).statusCode).toBe(200);
      password = next;
    }
    const sixth = await change(here, { currentPassword: password, newPassword: 'one change too many' });
    expect(sixth.statusCode).toBe(429);
    expect((await login(ada.email!, password)).statusCode).toBe(200);
    await peer.waitForMailTo(ada.email!, 5);
  });

  it('refuses visitors, a common new password, and more than 10 wrong guesses in 15 minutes', async () => {
    expect((await change('', { currentPassword: 'x', newPassword: 'fresh passphrase' })).statusCode).toBe(
      401,
    );
    const ada = await buildUser(t.app.db);
    const here = await cookieFor(t.app, ada);
    const common = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ path: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        change(here, { currentPassword: `guess number ${i}`, newPassword: 'fresh passphrase' }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(10);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(4);
    // Even the right password waits now.
    const right = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'fresh passphrase' });
    expect(right.statusCode).toBe(429);
  });
});

describe('with OpenID Connect', () => {
  it('none of these routes exist', async () => {
    const oidc = await buildTestApp({
      AUTH_PROVIDER: 'oidc',
      OIDC_ISSUER_URL: 'http://localhost:9/issuer',
      OIDC_CLIENT_ID: 'threadline',
      PUBLIC_URL: 'http://app.example.test',
    });
    try {
      for (const url of [
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/auth/change-password',
      ]) {
        const res = await oidc.app.inject({ method: 'POST', url, payload: {} });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await oidc.close();
    }
  });
});
