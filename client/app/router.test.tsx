import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, jsonResponse, render, typeInto, waitFor } from '../features/home/test/render.tsx';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../lib/auth.ts';
import { MessagingModalProvider } from '../lib/messaging-modal.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppRouter } from './router.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = { id: 'me', displayName: 'Ada', firstName: null, lastName: null, email: 'ada@example.com' };

function open(path: string, signedIn: boolean, authProvider: 'local' | 'oidc' = 'local') {
  // The pages' own requests stay pending: only where the router sends the browser matters here.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, signedIn ? USER : null);
  queryClient.setQueryData(META_QUERY_KEY, { authProvider, billingProvider: 'sandbox' });
  return render(
    <MessagingModalProvider>
      <AppRouter />
    </MessagingModalProvider>,
    { path, queryClient },
  );
}

describe('AppRouter', () => {
  for (const path of ['/timeline', '/timeline/'])
    for (const signedIn of [true, false])
      it(`sends ${path} home (${signedIn ? 'signed in' : 'signed out'})`, async () => {
        const { history, container } = open(path, signedIn);
        await waitFor(() => expect(history.at(-1)).toBe('/'));
        expect(history).not.toContain(path);
        expect(container.textContent).not.toContain('Page Not Found');
      });

  it('still shows Page Not Found for an unknown path', async () => {
    const { container } = open('/timelines', false);
    await waitFor(() => expect(container.textContent).toContain('Page Not Found'));
  });

  const TOKEN = 'x'.repeat(43);
  for (const [path, heading] of [
    ['/forgot-password', 'Forgot your password?'],
    [`/reset-password?token=${TOKEN}`, 'Choose a new password'],
    [`/verify-email?token=${TOKEN}`, 'Confirm your e-mail address'],
  ] as const)
    for (const signedIn of [true, false]) {
      it(`opens ${path.split('?')[0]} ${signedIn ? 'signed in' : 'signed out'}`, async () => {
        const { container, history } = open(path, signedIn);
        await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe(heading));
        expect(history.at(-1)).toBe(path);
      });

      it(`shows Page Not Found for ${path.split('?')[0]} with OpenID Connect (${signedIn ? 'signed in' : 'signed out'})`, async () => {
        const { container } = open(path, signedIn, 'oidc');
        await waitFor(() => expect(container.textContent).toContain('Page Not Found'));
        expect(container.textContent).not.toContain(heading);
      });
    }

  for (const authProvider of ['local', 'oidc'] as const)
    it(`${authProvider === 'local' ? 'shows' : 'leaves out'} Change e-mail and Change password on /profile, and the devices, data and deletion either way (${authProvider})`, async () => {
      const { container } = open('/profile', true, authProvider);
      await waitFor(() => expect(container.textContent).toContain('Account Information'));
      // The account sections come from their own chunk, after the page's own cards.
      await waitFor(() => expect(container.textContent).toContain('Signed-in devices'));
      const headings = [...container.querySelectorAll('h2')].map((h) => h.textContent);
      if (authProvider === 'local') {
        expect(container.querySelector('#change-new-password')).toBeTruthy();
        expect(container.querySelector('#change-email-new')).toBeTruthy();
        expect(headings.slice(-5)).toEqual([
          'Change e-mail',
          'Change password',
          'Signed-in devices',
          'Your data',
          'Delete my account',
        ]);
      } else {
        expect(headings.slice(-3)).toEqual(['Signed-in devices', 'Your data', 'Delete my account']);
        expect(container.textContent).not.toContain('Change password');
        expect(container.textContent).not.toContain('Change e-mail');
      }
    });

  it('opens /notifications signed in (where the bell leads on a phone), and puts the preferences on /profile', async () => {
    const inbox = open('/notifications', true);
    await waitFor(() => expect(inbox.container.querySelector('h1')?.textContent).toBe('Notifications'));
    cleanup();
    const { container } = open('/profile', true);
    await waitFor(() => expect(container.textContent).toContain('Signed-in devices'));
    const headings = [...container.querySelectorAll('h2')].map((h) => h.textContent);
    // After the page's own cards, before the account's sections (which come with it, in one go).
    expect(headings.slice(0, 4)).toEqual([
      'Profile',
      'Account Information',
      'Notifications',
      'Change e-mail',
    ]);
  });

  for (const authProvider of ['local', 'oidc'] as const)
    it(`${authProvider === 'local' ? 'shows' : 'leaves out'} the unconfirmed address's notice at the top of /profile (${authProvider})`, async () => {
      vi.stubGlobal('fetch', () => new Promise(() => {}));
      const queryClient = createQueryClient();
      queryClient.setQueryData(USER_QUERY_KEY, { ...USER, emailVerified: false });
      queryClient.setQueryData(META_QUERY_KEY, { authProvider, billingProvider: 'sandbox' });
      const { container } = render(
        <MessagingModalProvider>
          <AppRouter />
        </MessagingModalProvider>,
        { path: '/profile', queryClient },
      );
      await waitFor(() => expect(container.textContent).toContain('Signed-in devices'));
      const headings = [...container.querySelectorAll('h1, h2')].map((h) => h.textContent);
      if (authProvider === 'local')
        expect(headings.slice(0, 3)).toEqual(['Edit Profile', 'Verify your e-mail', 'Profile']);
      else expect(headings).not.toContain('Verify your e-mail');
    });

  it('a reset signed out goes straight to the signed-in home, never drawing the landing page or the form again', async () => {
    const { container, history } = open(`/reset-password?token=${TOKEN}`, false);
    // Every element put in the page (kept even once removed again): what was drawn on the way home.
    const added: Element[] = [];
    const watch = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) added.push(node);
    });
    watch.observe(container, { childList: true, subtree: true });
    const drawn = (selector: string) =>
      added.some((node) => node.matches(selector) || node.querySelector(selector));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST' && url === '/api/auth/reset-password') return jsonResponse(USER);
      if (url === '/api/auth/user') return jsonResponse(USER);
      return new Promise(() => {});
    });
    await waitFor(() => expect(container.querySelector('#reset-password')).toBeTruthy());
    watch.takeRecords();
    added.length = 0;
    typeInto(container.querySelector<HTMLInputElement>('#reset-password')!, 'correct horse battery');
    act(() => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    await waitFor(() => expect(container.querySelector('#reset-password')).toBeNull());
    added.push(
      ...watch.takeRecords().flatMap((record) => [...record.addedNodes].filter((n) => n instanceof Element)),
    );
    watch.disconnect();
    expect(drawn('#hero-title')).toBe(false);
    expect(drawn('#reset-password')).toBe(false);
    expect(container.textContent).not.toContain('Page Not Found');
  });
});
