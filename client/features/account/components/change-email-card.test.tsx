import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_UNCHANGED,
  emailChangeSent,
} from '../../../../common/schemas/account.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { cleanup, render, typeInto, waitFor } from '../../home/test/render.tsx';
import { ChangeEmailCard } from './change-email-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADA = {
  id: '00000000-0000-4000-9000-0000000000aa',
  email: 'ada@example.test',
  plan: 'free',
  emailVerified: true,
};

function mount() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, ADA);
  return render(<ChangeEmailCard />, { queryClient });
}

const emailField = () => document.querySelector<HTMLInputElement>('#change-email-new')!;
const passwordField = () => document.querySelector<HTMLInputElement>('#change-email-password')!;
const note = (field: HTMLInputElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;
const statusText = () => document.querySelector('[role="status"]')?.textContent;

function send(email: string, password: string) {
  typeInto(emailField(), email);
  typeInto(passwordField(), password);
  act(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
}

describe('ChangeEmailCard', () => {
  it('shows the current address and labelled fields', () => {
    mount();
    expect(document.querySelector('h2')?.textContent).toBe('Change e-mail');
    expect(document.body.textContent).toContain('Current addressada@example.test');
    expect(document.querySelector('label[for="change-email-new"]')?.textContent).toBe('New e-mail');
    expect(document.querySelector('label[for="change-email-password"]')?.textContent).toBe(
      'Current password',
    );
    expect(emailField().type).toBe('email');
    expect(emailField().autocomplete).toBe('email');
    expect(emailField().maxLength).toBe(254);
    expect(passwordField().autocomplete).toBe('current-password');
    expect(document.querySelector<HTMLInputElement>('input[autocomplete="username"]')?.value).toBe(ADA.email);
    expect(document.querySelector('button[type="submit"]')?.textContent).toBe('Send confirmation link');
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
    expect(emailField().getAttribute('aria-describedby')).toBeNull();
  });

  it('sends the new address with the password, then shows the server’s answer and clears the fields', async () => {
    const calls = stubFetch(() => json({ message: emailChangeSent('grace@example.test') }, 202));
    mount();
    send(' grace@example.test ', 'my password here');
    await waitFor(() => expect(statusText()).toBe(emailChangeSent('grace@example.test')));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/auth/change-email',
        body: { email: 'grace@example.test', currentPassword: 'my password here' },
      },
    ]);
    expect(emailField().value).toBe('');
    expect(passwordField().value).toBe('');
    // Nothing changes until the link is opened.
    expect(document.body.textContent).toContain('Current addressada@example.test');
    expect(alertText()).toBeUndefined();
  });

  it('shows a wrong current password under that field and moves the focus there', async () => {
    stubFetch(() =>
      json(
        {
          message: CURRENT_PASSWORD_WRONG,
          errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_WRONG }],
        },
        400,
      ),
    );
    mount();
    send('grace@example.test', 'not it');
    await waitFor(() => expect(note(passwordField())).toBe(CURRENT_PASSWORD_WRONG));
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(passwordField());
    expect(alertText()).toBeUndefined();
    expect(emailField().value).toBe('grace@example.test');
    // Typing again drops the answer about the last attempt.
    typeInto(passwordField(), 'another try');
    expect(note(passwordField())).toBeUndefined();
  });

  it('shows the same address under the e-mail field', async () => {
    stubFetch(() =>
      json({ message: EMAIL_UNCHANGED, errors: [{ path: 'email', message: EMAIL_UNCHANGED }] }, 400),
    );
    mount();
    send('ada@example.test', 'my password here');
    await waitFor(() => expect(note(emailField())).toBe(EMAIL_UNCHANGED));
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(emailField());
    expect(alertText()).toBeUndefined();
    expect(passwordField().value).toBe('my password here');
    typeInto(emailField(), 'grace@example.test');
    expect(emailField().getAttribute('aria-invalid')).toBeNull();
  });

  it('says when it was asked too often, keeping both fields', async () => {
    stubFetch(() => json({ message: 'Too many attempts. Try again later.', retryAfter: 60 }, 429));
    mount();
    send('grace@example.test', 'my password here');
    await waitFor(() => expect(alertText()).toBe('Too many attempts. Try again later.'));
    expect(emailField().value).toBe('grace@example.test');
    expect(passwordField().value).toBe('my password here');
    expect(statusText()).toBe('');
  });

  it('says when the request failed on the way', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    mount();
    send('grace@example.test', 'my password here');
    await waitFor(() => expect(alertText()).toBe('Could not send the link. Please try again.'));
  });
});
