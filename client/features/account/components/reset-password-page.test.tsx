import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_INVALID } from '../../../../common/schemas/account.ts';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { cleanup, render, typeInto, waitFor } from '../../home/test/render.tsx';
import { TOO_COMMON_HINT } from './password-field.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = `${'A'.repeat(40)}-_9`;
const ADA = {
  id: '00000000-0000-4000-9000-0000000000aa',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: null,
  displayName: null,
  bio: null,
  profileImageUrl: null,
  plan: 'free',
};

function open(path: string, queryClient = createQueryClient()) {
  queryClient.setQueryData(META_QUERY_KEY, { authProvider: 'local', billingProvider: 'sandbox' });
  return render(<ResetPasswordPage />, { path, queryClient });
}

const passwordField = () => document.querySelector<HTMLInputElement>('#reset-password')!;
const note = () =>
  document.getElementById(passwordField().getAttribute('aria-describedby') ?? '')?.textContent;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;
const askAgain = () =>
  [...document.querySelectorAll('a')].find((a) => a.textContent === 'Ask for a new link');

function choose(password: string) {
  typeInto(passwordField(), password);
  act(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
}

describe('ResetPasswordPage', () => {
  it('sets the password, primes the signed-in user and goes home', async () => {
    const calls = stubFetch(() => json(ADA));
    const { queryClient, history } = open(`/reset-password?token=${TOKEN}`);
    expect(document.title).toBe('Reset password · Threadline');
    expect(document.querySelector('h1')?.textContent).toBe('Choose a new password');
    expect(document.querySelector('label[for="reset-password"]')?.textContent).toBe('New password');
    expect(passwordField().autocomplete).toBe('new-password');
    expect(passwordField().minLength).toBe(8);
    expect(passwordField().maxLength).toBe(200);
    choose('correct horse battery');
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token: TOKEN, password: 'correct horse battery' },
    });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(ADA);
  });

  it('drops what was read for another account signed in here', async () => {
    stubFetch(() => json(ADA));
    const queryClient = createQueryClient();
    queryClient.setQueryData(USER_QUERY_KEY, { ...ADA, id: '00000000-0000-4000-9000-0000000000bb' });
    queryClient.setQueryData(['/api/user/timelines'], [{ id: 't1' }]);
    const { history } = open(`/reset-password?token=${TOKEN}`, queryClient);
    choose('correct horse battery');
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(ADA);
    expect(queryClient.getQueryData(['/api/user/timelines'])).toBeUndefined();
    expect(queryClient.getQueryData(META_QUERY_KEY)).toBeDefined();
  });

  for (const [what, search] of [
    ['no token', ''],
    ['an empty token', '?token='],
    ['a token one character short', `?token=${TOKEN.slice(1)}`],
    ['a token with a character base64url has not', `?token=${TOKEN.slice(1)}=`],
  ] as const) {
    it(`says the link is invalid at once for ${what}, without asking the server`, () => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      open(`/reset-password${search}`);
      expect(alertText()).toBe(RESET_LINK_INVALID);
      expect(askAgain()?.getAttribute('href')).toBe('/forgot-password');
      expect(document.querySelector('form')).toBeNull();
      expect(fetch).not.toHaveBeenCalled();
    });
  }

  it('a used or expired link: the server’s message and a way to ask again, which takes the focus', async () => {
    stubFetch(() => json({ message: RESET_LINK_INVALID }, 400));
    const { history } = open(`/reset-password?token=${TOKEN}`);
    choose('correct horse battery');
    await waitFor(() => expect(alertText()).toBe(RESET_LINK_INVALID));
    expect(document.querySelector('form')).toBeNull();
    expect(document.activeElement).toBe(askAgain());
    expect(history.at(-1)).toBe(`/reset-password?token=${TOKEN}`);
  });

  it('shows a refused password under its field and keeps it', async () => {
    stubFetch(() =>
      json(
        {
          message: 'This password is too common',
          errors: [{ path: 'password', message: 'This password is too common' }],
        },
        400,
      ),
    );
    open(`/reset-password?token=${TOKEN}`);
    expect(note()).toBe('At least 8 characters.');
    choose('Tr0ub4dor&3x');
    await waitFor(() => expect(note()).toBe('This password is too common'));
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(passwordField());
    expect(alertText()).toBeUndefined();
    expect(passwordField().value).toBe('Tr0ub4dor&3x');
  });

  it('says when it was asked too often', async () => {
    stubFetch(() => json({ message: 'Too many attempts. Try again later.', retryAfter: 30 }, 429));
    open(`/reset-password?token=${TOKEN}`);
    choose('correct horse battery');
    await waitFor(() => expect(alertText()).toBe('Too many attempts. Try again later.'));
    expect(document.querySelector('form')).not.toBeNull();
  });

  it('refuses a common password before sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open(`/reset-password?token=${TOKEN}`);
    typeInto(passwordField(), 'password123');
    await waitFor(() => expect(note()).toBe(TOO_COMMON_HINT));
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    act(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(passwordField());
  });
});
