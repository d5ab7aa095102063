import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_SENT } from '../../../../common/schemas/account.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { cleanup, render, typeInto, waitFor } from '../../home/test/render.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emailField = () => document.querySelector<HTMLInputElement>('#forgot-email')!;
const submit = () => act(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
const alertText = () => document.querySelector('[role="alert"]')?.textContent;

describe('ForgotPasswordPage', () => {
  it('sends the address and puts the server’s answer in the form’s place, with a way back to sign in', async () => {
    const calls = stubFetch(() => json({ message: FORGOT_PASSWORD_SENT }, 202));
    render(<ForgotPasswordPage />, { path: '/forgot-password?email=ada%40example.test' });
    expect(document.title).toBe('Forgot password · Threadline');
    expect(document.querySelector('h1')?.textContent).toBe('Forgot your password?');
    const label = document.querySelector('label[for="forgot-email"]');
    expect(label?.textContent).toBe('Email');
    expect(emailField().value).toBe('ada@example.test');
    expect(emailField().autocomplete).toBe('email');
    submit();
    await waitFor(() => expect(document.body.textContent).toContain(FORGOT_PASSWORD_SENT));
    expect(calls).toEqual([
      { method: 'POST', url: '/api/auth/forgot-password', body: { email: 'ada@example.test' } },
    ]);
    expect(document.querySelector('form')).toBeNull();
    const back = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Back to sign in');
    expect(back?.getAttribute('href')).toBe('/login');
    // The button that had focus is gone: the message takes it, so it is read out.
    expect(document.activeElement?.textContent).toBe(FORGOT_PASSWORD_SENT);
  });

  it('starts empty without ?email= and cuts an over-long one to the field’s limit', () => {
    render(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(emailField().value).toBe('');
    cleanup();
    render(<ForgotPasswordPage />, { path: `/forgot-password?email=${'a'.repeat(300)}` });
    expect(emailField().value).toHaveLength(254);
  });

  it('says when this address asked too often, keeping what was typed', async () => {
    stubFetch(() => json({ message: 'Too many reset requests. Try again later.', retryAfter: 60 }, 429));
    render(<ForgotPasswordPage />, { path: '/forgot-password' });
    typeInto(emailField(), 'ada@example.test');
    submit();
    await waitFor(() => expect(alertText()).toBe('Too many reset requests. Try again later.'));
    expect(emailField().value).toBe('ada@example.test');
  });

  it('shows a malformed address’s 400 and a network failure in the alert', async () => {
    stubFetch(() =>
      json(
        {
          message: 'Enter a valid email address',
          errors: [{ path: 'email', message: 'Enter a valid email address' }],
        },
        400,
      ),
    );
    render(<ForgotPasswordPage />, { path: '/forgot-password' });
    typeInto(emailField(), 'ada@example');
    submit();
    await waitFor(() => expect(alertText()).toBe('Enter a valid email address'));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    submit();
    await waitFor(() => expect(alertText()).toBe('Could not send the link. Please try again.'));
  });
});
