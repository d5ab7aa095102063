// E-mail confirmation after sign-up and for a new address (issue 26; DECISIONS §10), through a real SMTP peer.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_LINK_INVALID,
  EMAIL_UNCHANGED,
  emailChangeSent,
  verificationSent,
} from '../../common/schemas/account.ts';
import { buildUser, callerFor, cookieFor, TEST_PASSWORD } from '../test/factories.ts';
import { MAIL_PUBLIC_URL, recipientOf, setupMailApp } from '../test/smtp.ts';

const PUBLIC_URL = MAIL_PUBLIC_URL;
const { t, peer } = setupMailApp();

let addressNo = 0;
const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload && { payload }),
    headers: { 'x-forwarded-for': `192.0.2.${++addressNo % 250}`, ...(cookie && { cookie }) },
  });
const verify = (token: string) => post('/api/auth/verify-email', { token });
const cookieOf = (res: LightMyRequestResponse) =>
  `tl_session=${res.cookies.find((x) => x.name === 'tl_session')!.value}`;
const uniqueAddress = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;

/** The token of the `n`th (1-based) confirmation mail to `address`, once it came. */
async function confirmationTo(address: string, n = 1) {
  const mail = (await peer.waitForMailTo(address, n))[n - 1]!;
  const match = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return { mail, token: match![1]! };
}

describe('confirming the address after sign-up', () => {
  it('mails a link at sign-up; opening it (signed in or not) confirms, once', async () => {
    const email = uniqueAddress('newcomer');
    const res = await post('/api/auth/register', {
      email,
      password: 'a long new passphrase',
      firstName: 'Nia',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailVerified).toBe(false);
    const { mail, token } = await confirmationTo(email);
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain('Hello Nia,');
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);

    const opened = await verify(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ email, emailVerified: true });
    expect(opened.cookies).toHaveLength(0);
    expect((await callerFor(t.app, cookieOf(res)).get('/api/auth/user')).json().emailVerified).toBe(true);
    expect((await verify(token)).json()).toEqual({ message: EMAIL_LINK_INVALID });
    expect((await verify('nonsense')).statusCode).toBe(400);
  });

  it('resends on request while unconfirmed; 409 once confirmed; 401 for visitors; 5 an hour', async () => {
    expect((await post('/api/auth/verify-email/resend')).statusCode).toBe(401);
    const ada = await buildUser(t.app.db);
    const cookie = await cookieFor(t.app, ada);
    const sent = await post('/api/auth/verify-email/resend', undefined, cookie);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ message: verificationSent(ada.email!) });
    for (let i = 0; i < 4; i++)
      expect((await post('/api/auth/verify-email/resend', undefined, cookie)).statusCode).toBe(202);
    const sixth = await post('/api/auth/verify-email/resend', undefined, cookie);
    expect(sixth.statusCode).toBe(429);
    // Every link sent works until one is used.
    const { token } = await confirmationTo(ada.email!, 5);
    expect((await verify(token)).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email/resend', undefined, await cookieFor(t.app, ada));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: EMAIL_ALREADY_VERIFIED });
  });
});

describe('changing the address', () => {
  const change = (cookie: string, email: string, currentPassword = TEST_PASSWORD) =>
    post('/api/auth/change-email', { currentPassword, email }, cookie);

  it('needs the password; the old address stays until the new one is confirmed from its own mail', async () => {
    const ada = await buildUser(t.app.db, { emailVerifiedAt: new Date() });
    const cookie = await cookieFor(t.app, ada);
    const wrong = await change(cookie, uniqueAddress('x'), 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CURRENT_PASSWORD_WRONG);
    const same = await change(cookie, ada.email!);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      message: EMAIL_UNCHANGED,
      errors: [{ path: 'email', message: EMAIL_UNCHANGED }],
    });

    const next = uniqueAddress('ada-new');
    const res = await change(cookie, next.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: emailChangeSent(next) });
    const me = () => callerFor(t.app, cookie).get('/api/auth/user');
    expect((await me()).json()).toMatchObject({ email: ada.email, emailVerified: true });
    const { mail, token } = await confirmationTo(next);
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect((await verify(token)).json()).toMatchObject({ email: next, emailVerified: true });
    expect((await me()).json()).toMatchObject({ email: next, emailVerified: true });
    const login = (email: string) => post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(ada.email!)).statusCode).toBe(401);
  });

  it('an address another account holds gets no mail and the same answer', async () => {
    const ada = await buildUser(t.app.db);
    const bob = await buildUser(t.app.db);
    const cookie = await cookieFor(t.app, ada);
    const before = peer.received.filter((m) => recipientOf(m) === bob.email).length;
    const res = await change(cookie, bob.email!);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: emailChangeSent(bob.email!) });
    // The barrier: a change to a free address, asked for after it, mails there; Bob got nothing before it.
    const free = uniqueAddress('free');
    expect((await change(cookie, free)).statusCode).toBe(202);
    await confirmationTo(free);
    expect(peer.received.filter((m) => recipientOf(m) === bob.email)).toHaveLength(before);
  });

  it('taken by someone else before the link is opened: 409, nothing changes', async () => {
    const ada = await buildUser(t.app.db);
    const cookie = await cookieFor(t.app, ada);
    const next = uniqueAddress('contested');
    expect((await change(cookie, next)).statusCode).toBe(202);
    const { token } = await confirmationTo(next);
    await buildUser(t.app.db, { email: next });
    const res = await verify(token);
    expect(res.statusCode).toBe(409);
    expect((await callerFor(t.app, cookie).get('/api/auth/user')).json().email).toBe(ada.email);
  });

  it('one link opened by 20 requests at once confirms once', async () => {
    const ada = await buildUser(t.app.db);
    const next = uniqueAddress('race');
    expect((await change(await cookieFor(t.app, ada), next)).statusCode).toBe(202);
    const { token } = await confirmationTo(next);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(19);
  });

  it('a confirmation link for the old address confirms nothing once the address changed', async () => {
    const email = uniqueAddress('switcher');
    const res = await post('/api/auth/register', { email, password: 'a long new passphrase' });
    const cookie = cookieOf(res);
    const { token: oldLink } = await confirmationTo(email);
    const next = uniqueAddress('switched');
    expect(
      (
        await post(
          '/api/auth/change-email',
          { currentPassword: 'a long new passphrase', email: next },
          cookie,
        )
      ).statusCode,
    ).toBe(202);
    const { token } = await confirmationTo(next);
    expect((await verify(token)).statusCode).toBe(200);
    expect((await verify(oldLink)).json()).toEqual({ message: EMAIL_LINK_INVALID });
  });
});
