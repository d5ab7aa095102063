import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { cleanup, jsonResponse, render, typeInto, waitFor } from '../../home/test/render.tsx';
import { LoginPage } from './login-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = { id: 'u1', email: 'ada@example.test', firstName: 'Ada', plan: 'free' };

function renderLogin(path: string, authProvider: 'local' | 'oidc' = 'local') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(META_QUERY_KEY, { authProvider, billingProvider: 'sandbox' });
  return render(<LoginPage />, { path, queryClient });
}

function submit(container: HTMLElement) {
  typeInto(container.querySelector<HTMLInputElement>('#auth-email')!, USER.email);
  typeInto(container.querySelector<HTMLInputElement>('#auth-password')!, 'correct horse battery');
  act(() => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
}

const forgotLink = (container: HTMLElement) =>
  [...container.querySelectorAll('a')].find((a) => a.textContent === 'Forgot password?');

const selectedTab = (container: HTMLElement) =>
  container.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

describe('LoginPage', () => {
  it('opens Sign in by default and goes back to the safe returnTo path once signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(USER)),
    );
    const { container, history } = renderLogin('/login?returnTo=%2Ftimeline%2Fabc%3Fx%3D1');
    expect(selectedTab(container)).toBe('Sign in');
    expect(document.title).toBe('Sign in · Threadline');
    submit(container);
    await waitFor(() => expect(history.at(-1)).toBe('/timeline/abc?x=1'));
  });

  it('opens Create account with ?tab=register and ignores an absolute returnTo', async () => {
    const fetch = vi.fn(async () => jsonResponse(USER, 201));
    vi.stubGlobal('fetch', fetch);
    const { container, history } = renderLogin('/login?tab=register&returnTo=https%3A%2F%2Fevil.test%2F');
    expect(selectedTab(container)).toBe('Create account');
    expect(document.title).toBe('Create account · Threadline');
    submit(container);
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(fetch).toHaveBeenCalledWith('/api/auth/register', expect.objectContaining({ method: 'POST' }));
  });

  it('offers "Forgot password?" on Sign in, carrying the address typed so far', () => {
    const { container } = renderLogin('/login');
    expect(forgotLink(container)?.getAttribute('href')).toBe('/forgot-password');
    typeInto(container.querySelector<HTMLInputElement>('#auth-email')!, ' ada+x@example.test ');
    expect(forgotLink(container)?.getAttribute('href')).toBe('/forgot-password?email=ada%2Bx%40example.test');
  });

  it('Create account: no "Forgot password?", and a common password is said to be too common', async () => {
    const { container } = renderLogin('/login?tab=register');
    expect(forgotLink(container)).toBeUndefined();
    typeInto(container.querySelector<HTMLInputElement>('#auth-password')!, 'password123');
    await waitFor(() =>
      expect(container.querySelector('#auth-password-hint')?.textContent).toBe(
        'This password is too common: choose another.',
      ),
    );
  });

  it('has no "Forgot password?" with OpenID Connect', () => {
    const { container } = renderLogin('/login', 'oidc');
    expect(container.textContent).toContain('Continue to sign in');
    expect(forgotLink(container)).toBeUndefined();
  });
});
