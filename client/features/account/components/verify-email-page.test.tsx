import { act, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_LINK_INVALID } from '../../../../common/schemas/account.ts';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { button, cleanup, render, waitFor } from '../../home/test/render.tsx';
import { EMAIL_CONFIRMED, VerifyEmailPage } from './verify-email-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = `${'B'.repeat(40)}-_7`;
const ADA = {
  id: '00000000-0000-4000-9000-0000000000aa',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: null,
  displayName: null,
  bio: null,
  profileImageUrl: null,
  plan: 'free',
  emailVerified: false,
};
const CONFIRMED = { ...ADA, email: 'ada.lovelace@example.test', emailVerified: true };

function open(path: string, { user = null as object | null, queryClient = createQueryClient() } = {}) {
  queryClient.setQueryData(META_QUERY_KEY, { authProvider: 'local', billingProvider: 'sandbox' });
  queryClient.setQueryData(USER_QUERY_KEY, user);
  return render(
    <StrictMode>
      <VerifyEmailPage />
    </StrictMode>,
    { path, queryClient },
  );
}

const posts = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === '/api/auth/verify-email');
const statusText = () => document.querySelector('[role="status"]')?.textContent;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;
const link = (text: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === text);

describe('VerifyEmailPage', () => {
  it('confirms once on arrival (StrictMode runs the effects twice), then updates the signed-in user', async () => {
    const calls = stubFetch(() => json(CONFIRMED));
    const { queryClient } = open(`/verify-email?token=${TOKEN}`, { user: ADA });
    expect(document.title).toBe('Confirm e-mail · Threadline');
    expect(document.querySelector('h1')?.textContent).toBe('Confirm your e-mail address');
    expect(statusText()).toBe('Confirming your address...');
    await waitFor(() => expect(statusText()).toContain(EMAIL_CONFIRMED));
    expect(statusText()).toContain('ada.lovelace@example.test');
    expect(posts(calls)).toEqual([{ method: 'POST', url: '/api/auth/verify-email', body: { token: TOKEN } }]);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(CONFIRMED);
    expect(link('Go to your profile')?.getAttribute('href')).toBe('/profile');
    expect(link('Sign in')).toBeUndefined();
    expect(alertText()).toBeUndefined();
  });

  it('opened again with the same link in this page (a remount), it does not send the token twice', async () => {
    const calls = stubFetch(() => json(CONFIRMED));
    const queryClient = createQueryClient();
    open(`/verify-email?token=${TOKEN}`, { user: ADA, queryClient });
    await waitFor(() => expect(statusText()).toContain(EMAIL_CONFIRMED));
    cleanup();
    open(`/verify-email?token=${TOKEN}`, { user: CONFIRMED, queryClient });
    expect(statusText()).toContain(EMAIL_CONFIRMED);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(posts(calls)).toHaveLength(1);
  });

  it('drawn again while the answer is on its way (signed-out routes giving way to signed-in ones): one call', async () => {
    let answer: (res: Response) => void = () => {};
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const queryClient = createQueryClient();
    open(`/verify-email?token=${TOKEN}`, { queryClient });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    cleanup();
    open(`/verify-email?token=${TOKEN}`, { user: ADA, queryClient });
    expect(statusText()).toBe('Confirming your address...');
    await act(async () => answer(json(CONFIRMED)));
    await waitFor(() => expect(statusText()).toContain(EMAIL_CONFIRMED));
    expect(posts(calls)).toHaveLength(1);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(CONFIRMED);
  });

  it('signed out: confirms without signing in, and offers sign-in', async () => {
    stubFetch(() => json(CONFIRMED));
    const { queryClient } = open(`/verify-email?token=${TOKEN}`);
    await waitFor(() => expect(statusText()).toContain(EMAIL_CONFIRMED));
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(link('Sign in')?.getAttribute('href')).toBe('/login');
    expect(link('Go to your profile')).toBeUndefined();
  });

  it('signed in as someone else: that account is left as it is', async () => {
    stubFetch(() => json(CONFIRMED));
    const grace = { ...ADA, id: '00000000-0000-4000-9000-0000000000bb', email: 'grace@example.test' };
    const { queryClient } = open(`/verify-email?token=${TOKEN}`, { user: grace });
    await waitFor(() => expect(statusText()).toContain(EMAIL_CONFIRMED));
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(grace);
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
      open(`/verify-email${search}`, { user: ADA });
      expect(alertText()).toBe(EMAIL_LINK_INVALID);
      expect(link('Ask for a new link on your profile')?.getAttribute('href')).toBe('/profile');
      expect(fetch).not.toHaveBeenCalled();
    });
  }

  it('a used or expired link: the invalid state, with the way to a new link', async () => {
    stubFetch(() => json({ message: EMAIL_LINK_INVALID }, 400));
    const { queryClient } = open(`/verify-email?token=${TOKEN}`, { user: ADA });
    await waitFor(() => expect(alertText()).toBe(EMAIL_LINK_INVALID));
    expect(link('Ask for a new link on your profile')?.getAttribute('href')).toBe('/profile');
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(ADA);
    expect(button(document, 'Try again')).toBeUndefined();
  });

  it('the new address taken meanwhile: the server’s message', async () => {
    const taken = 'That e-mail address is already in use';
    stubFetch(() => json({ message: taken }, 409));
    open(`/verify-email?token=${TOKEN}`, { user: ADA });
    await waitFor(() => expect(alertText()).toBe(taken));
    expect(link('Go to your profile')?.getAttribute('href')).toBe('/profile');
    expect(button(document, 'Try again')).toBeUndefined();
  });

  it('a failure on the way: says so and tries again on request', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    open(`/verify-email?token=${TOKEN}`, { user: ADA });
    await waitFor(() => expect(alertText()).toBe('Could not confirm your address. Please try again.'));
    const calls = stubFetch(() => json(CONFIRMED));
    act(() => button(document, 'Try again')!.click());
    await waitFor(() => expect(statusText()).toContain(EMAIL_CONFIRMED));
    expect(posts(calls)).toHaveLength(1);
    expect(alertText()).toBeUndefined();
  });
});
