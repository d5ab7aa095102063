import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETED,
  DELETE_ACCOUNT_COPY as COPY,
  DELETE_OWNS_THREADLINES,
  DELETE_PASSWORD_WRONG,
  DELETE_REAUTH_REQUIRED,
} from '../../../../common/account.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { toast } from '../../../lib/use-toast.ts';
import { button, cleanup, render, typeInto, waitFor } from '../../home/test/render.tsx';
import { DeleteAccountCard } from './delete-account-card.tsx';

// Mocked (so this file runs isolated): a real toast would stay in the shared store for the next files.
vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn() };
});

afterEach(async () => {
  cleanup();
  // Radix hands the focus back a tick after a dialog unmounts: let that happen before the next test opens one.
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const ADA = { id: '00000000-0000-4000-9000-0000000000aa', email: 'ada@example.test', plan: 'free' };

function mount({ local = true, user = ADA as { email: string | null } } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, { ...ADA, ...user });
  queryClient.setQueryData(['/api/timelines', 'mine'], ['cached']);
  return render(<DeleteAccountCard local={local} />, { queryClient, path: '/profile' });
}

const trigger = () => button(document, COPY.open)!;
const confirm = () => button(document, COPY.confirm)!;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const password = () => document.querySelector<HTMLInputElement>('#delete-account-password');
const typedEmail = () => document.querySelector<HTMLInputElement>('#delete-account-confirm')!;
const alertText = () => dialog()?.querySelector('[role="alert"]')?.textContent;

/** Opens the dialog, whose code loads on first opening. */
async function openDialog() {
  act(() => trigger().click());
  await waitFor(() => expect(dialog()).not.toBeNull());
}
const submit = () => act(() => confirm().click());

describe('DeleteAccountCard', () => {
  it('asks for the password and the typed address, then deletes and goes home with a toast', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { queryClient, history } = mount();
    expect(document.querySelector('h2')?.textContent).toBe(COPY.title);
    expect(dialog()).toBeNull();
    await openDialog();
    expect(dialog()!.querySelector('h2')?.textContent).toBe(COPY.dialogTitle);
    expect(document.querySelector(`label[for="delete-account-password"]`)?.textContent).toBe(COPY.password);
    expect(password()!.autocomplete).toBe('current-password');
    expect(document.querySelector('label[for="delete-account-confirm"]')?.textContent).toBe(
      COPY.confirmEmail,
    );
    // The address to type is shown beside the field and describes it.
    const hint = document.getElementById(typedEmail().getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(`${COPY.yourEmail} ${ADA.email}`);
    // The confirm button waits for the address, in any case.
    expect(confirm().disabled).toBe(true);
    typeInto(password()!, 'correct horse battery');
    typeInto(typedEmail(), 'ada@example.tes');
    expect(confirm().disabled).toBe(true);
    typeInto(typedEmail(), ' ADA@example.test ');
    expect(confirm().disabled).toBe(false);
    submit();
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/me',
        body: { confirmEmail: 'ADA@example.test', password: 'correct horse battery' },
      },
    ]);
    expect(vi.mocked(toast).mock.calls).toEqual([[{ title: ACCOUNT_DELETED }]]);
    // Signed out, and nothing read for the account is left in the cache.
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
    expect(queryClient.getQueryData(['/api/timelines', 'mine'])).toBeUndefined();
  });

  it('shows a wrong password under its field and moves the focus there', async () => {
    stubFetch(() =>
      json(
        { message: DELETE_PASSWORD_WRONG, errors: [{ path: 'password', message: DELETE_PASSWORD_WRONG }] },
        400,
      ),
    );
    mount();
    await openDialog();
    typeInto(password()!, 'not it');
    typeInto(typedEmail(), ADA.email);
    submit();
    await waitFor(() => expect(password()!.getAttribute('aria-invalid')).toBe('true'));
    const note = document.getElementById(password()!.getAttribute('aria-describedby')!);
    expect(note?.textContent).toBe(DELETE_PASSWORD_WRONG);
    await waitFor(() => expect(document.activeElement).toBe(password()));
    expect(alertText()).toBeUndefined();
    // Typing again drops the answer about the last attempt.
    typeInto(password()!, 'another try');
    expect(password()!.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal inside the dialog, which stays open with what was typed', async () => {
    stubFetch(() => json({ message: DELETE_OWNS_THREADLINES }, 409));
    const { history } = mount();
    await openDialog();
    typeInto(password()!, 'correct horse battery');
    typeInto(typedEmail(), ADA.email);
    submit();
    await waitFor(() => expect(alertText()).toBe(DELETE_OWNS_THREADLINES));
    expect(dialog()).not.toBeNull();
    expect(password()!.value).toBe('correct horse battery');
    expect(history.at(-1)).toBe('/profile');
    expect(toast).not.toHaveBeenCalled();
  });

  it('with OpenID Connect asks for no password, says to sign in again first, and shows the server’s word', async () => {
    const calls = stubFetch(() => json({ message: DELETE_REAUTH_REQUIRED, reauthenticate: true }, 403));
    mount({ local: false });
    await openDialog();
    expect(password()).toBeNull();
    expect(dialog()!.textContent).toContain(COPY.reauth);
    const again = [...dialog()!.querySelectorAll('a')].find((a) => a.textContent === COPY.reauthLink);
    expect(again?.getAttribute('href')).toBe('/api/login?returnTo=%2Fprofile&reauth=1');
    typeInto(typedEmail(), ADA.email);
    submit();
    await waitFor(() => expect(alertText()).toBe(DELETE_REAUTH_REQUIRED));
    expect(calls[0]!.body).toEqual({ confirmEmail: ADA.email });
  });

  it('an account without an address types DELETE', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    mount({ local: false, user: { email: null } });
    await openDialog();
    expect(document.querySelector('label[for="delete-account-confirm"]')?.textContent).toBe(COPY.confirmWord);
    typeInto(typedEmail(), 'delete');
    expect(confirm().disabled).toBe(true);
    typeInto(typedEmail(), 'DELETE');
    expect(confirm().disabled).toBe(false);
  });

  it('Cancel and Escape close it and give the focus back to the button; it opens empty again', async () => {
    mount();
    act(() => trigger().focus());
    await openDialog();
    typeInto(typedEmail(), 'ada@');
    act(() => button(dialog()!, COPY.cancel)!.click());
    expect(dialog()).toBeNull();
    // Radix gives the focus back a tick after the dialog unmounts.
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
    await openDialog();
    expect(typedEmail().value).toBe('');
    act(() => {
      dialog()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(dialog()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger()));
  });
});
