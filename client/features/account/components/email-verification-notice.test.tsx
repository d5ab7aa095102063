import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_ALREADY_VERIFIED, verificationSent } from '../../../../common/schemas/account.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { button, cleanup, render, waitFor } from '../../home/test/render.tsx';
import { EmailVerificationNotice } from './email-verification-notice.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LONG = `${'a'.repeat(60)}@${'very-long-subdomain.'.repeat(5)}example.test`;
const ADA = { id: '00000000-0000-4000-9000-0000000000aa', email: LONG, plan: 'free', emailVerified: false };

function mount(user: object | null = ADA) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  return render(<EmailVerificationNotice />, { queryClient });
}

const resend = () => act(() => button(document, 'Resend')!.click());
const statusText = () => document.querySelector('[role="status"]')?.textContent;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;

describe('EmailVerificationNotice', () => {
  it('says where the link went, with a Resend button, in a section named by its heading', () => {
    mount();
    const section = document.querySelector('section')!;
    const heading = section.querySelector('h2')!;
    expect(heading.textContent).toBe('Verify your e-mail');
    expect(section.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(section.textContent).toContain(`We sent a confirmation link to ${LONG}.`);
    expect(section.querySelector('.wrap-anywhere')).toBeTruthy();
    expect(section.textContent).toContain('Threadline');
    expect(section.textContent).not.toMatch(/timeline/i);
    expect(button(document, 'Resend')).toBeTruthy();
    expect(statusText()).toBe('');
  });

  it('asks for a new link and shows the server’s answer', async () => {
    const calls = stubFetch(() => json({ message: verificationSent(LONG) }, 202));
    mount();
    resend();
    await waitFor(() => expect(statusText()).toBe(verificationSent(LONG)));
    expect(calls).toEqual([{ method: 'POST', url: '/api/auth/verify-email/resend', body: undefined }]);
    expect(alertText()).toBeUndefined();
  });

  it('says when it was asked too often', async () => {
    stubFetch(() =>
      json({ message: 'Too many confirmation e-mails. Try again later.', retryAfter: 600 }, 429),
    );
    mount();
    resend();
    await waitFor(() => expect(alertText()).toBe('Too many confirmation e-mails. Try again later.'));
    expect(statusText()).toBe('');
  });

  it('says when the address was confirmed meanwhile', async () => {
    stubFetch(() => json({ message: EMAIL_ALREADY_VERIFIED }, 409));
    mount();
    resend();
    await waitFor(() => expect(alertText()).toBe(EMAIL_ALREADY_VERIFIED));
  });

  it('says when the request failed on the way', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    mount();
    resend();
    await waitFor(() => expect(alertText()).toBe('Could not send the link. Please try again.'));
  });

  it('shows nothing once the address is confirmed, or without an address or a user', () => {
    for (const user of [{ ...ADA, emailVerified: true }, { ...ADA, email: null }, null]) {
      const { container } = mount(user);
      expect(container.innerHTML).toBe('');
      cleanup();
    }
  });
});
