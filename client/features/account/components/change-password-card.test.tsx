import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED } from '../../../../common/schemas/account.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cleanup, render, typeInto, waitFor } from '../../home/test/render.tsx';
import { ChangePasswordCard } from './change-password-card.tsx';
import { TOO_COMMON_HINT } from './password-field.tsx';

// Mocked (so this file runs isolated): a real toast would stay in the shared store for the next files.
vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn() };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const ADA = { id: '00000000-0000-4000-9000-0000000000aa', email: 'ada@example.test', plan: 'free' };

function mount() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, ADA);
  return render(<ChangePasswordCard />, { queryClient });
}

const field = (id: 'current' | 'new') => document.querySelector<HTMLInputElement>(`#change-${id}-password`)!;
const note = (id: 'current' | 'new') =>
  document.getElementById(field(id).getAttribute('aria-describedby') ?? '')?.textContent;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;

function change(current: string, next: string) {
  typeInto(field('current'), current);
  typeInto(field('new'), next);
  act(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
}

describe('ChangePasswordCard', () => {
  it('changes the password, says other devices were signed out and clears the fields', async () => {
    const calls = stubFetch(() => json({ message: PASSWORD_CHANGED }));
    mount();
    expect(document.querySelector('h2')?.textContent).toBe('Change password');
    expect(document.querySelector('label[for="change-current-password"]')?.textContent).toBe(
      'Current password',
    );
    expect(document.querySelector('label[for="change-new-password"]')?.textContent).toBe('New password');
    expect(field('current').autocomplete).toBe('current-password');
    expect(field('new').autocomplete).toBe('new-password');
    expect(document.querySelector<HTMLInputElement>('input[autocomplete="username"]')?.value).toBe(ADA.email);
    change('old password here', 'correct horse battery');
    await waitFor(() =>
      expect(vi.mocked(toast).mock.calls).toEqual([
        [{ title: PASSWORD_CHANGED, description: 'Other devices were signed out.' }],
      ]),
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/auth/change-password',
        body: { currentPassword: 'old password here', newPassword: 'correct horse battery' },
      },
    ]);
    expect(field('current').value).toBe('');
    expect(field('new').value).toBe('');
  });

  it('shows a wrong current password under that field, not twice, and moves the focus there', async () => {
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
    change('not it', 'correct horse battery');
    await waitFor(() => expect(note('current')).toBe(CURRENT_PASSWORD_WRONG));
    expect(field('current').getAttribute('aria-invalid')).toBe('true');
    expect(field('new').getAttribute('aria-invalid')).toBeNull();
    expect(alertText()).toBeUndefined();
    expect(document.activeElement).toBe(field('current'));
    expect(field('new').value).toBe('correct horse battery');
    // Typing again drops the answer about the last attempt.
    typeInto(field('current'), 'another try');
    expect(note('current')).toBeUndefined();
  });

  it('shows a refused new password under that field', async () => {
    const problem = 'Password must be at most 200 characters';
    stubFetch(() => json({ message: problem, errors: [{ path: 'newPassword', message: problem }] }, 400));
    mount();
    change('old password here', 'correct horse battery');
    await waitFor(() => expect(note('new')).toBe(problem));
    expect(field('new').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('new'));
    expect(alertText()).toBeUndefined();
  });

  it('says when it was asked too often, keeping both fields', async () => {
    stubFetch(() => json({ message: 'Too many password changes. Try again later.', retryAfter: 60 }, 429));
    mount();
    change('old password here', 'correct horse battery');
    await waitFor(() => expect(alertText()).toBe('Too many password changes. Try again later.'));
    expect(field('current').value).toBe('old password here');
    expect(field('new').value).toBe('correct horse battery');
  });

  it('refuses a common new password before sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    mount();
    typeInto(field('current'), 'old password here');
    typeInto(field('new'), 'password123');
    await waitFor(() => expect(note('new')).toBe(TOO_COMMON_HINT));
    act(() => document.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field('new'));
  });
});
