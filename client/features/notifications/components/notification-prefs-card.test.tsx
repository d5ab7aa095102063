import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs } from '../../../../common/notifications.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cleanup, jsonResponse, render, waitFor } from '../../home/test/render.tsx';
import { NotificationPrefsCard } from './notification-prefs-card.tsx';
import { PUSH_COPY } from './push-device-toggle.tsx';

vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

const USER = {
  id: 'me',
  email: 'ada@example.com',
  displayName: 'Ada',
  emailVerified: true,
} as CurrentUser;

function setup({
  user = USER,
  authProvider = 'local',
  prefs = DEFAULT_NOTIFICATION_PREFS,
}: {
  user?: CurrentUser;
  authProvider?: string;
  prefs?: NotificationPrefs;
} = {}) {
  let stored = structuredClone(prefs);
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/me/notification-preferences' && init?.method === 'PUT') {
      stored = JSON.parse(String(init.body)) as NotificationPrefs;
      puts.push(stored);
      return jsonResponse(stored);
    }
    if (url === '/api/me/notification-preferences') return jsonResponse(stored);
    return jsonResponse({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  queryClient.setQueryData(META_QUERY_KEY, { authProvider, billingProvider: 'off' });
  const view = render(<NotificationPrefsCard />, { queryClient });
  return { ...view, puts };
}

const select = (label: string) => {
  const labelEl = [...document.querySelectorAll('label')].find((l) => l.textContent === label)!;
  return document.getElementById(labelEl.htmlFor) as HTMLSelectElement;
};
const choose = (field: HTMLSelectElement, value: string) =>
  act(() => {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
const save = () =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save preferences')!;

describe('NotificationPrefsCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(toast).mockClear();
  });

  it('shows each kind and the digest as saved, and saves the changes with a toast', async () => {
    const { puts } = setup({
      prefs: {
        ...DEFAULT_NOTIFICATION_PREFS,
        email: { ...DEFAULT_NOTIFICATION_PREFS.email, messages: 'never' },
      },
    });
    await waitFor(() => expect(select('Direct messages')?.value).toBe('never'));
    expect(select('Mentions and replies').value).toBe('immediately');
    expect(select('Join requests to manage').value).toBe('immediately');
    expect(select('Outcomes of my join requests').value).toBe('immediately');
    expect([...select('Mentions and replies').options].map((o) => o.textContent)).toEqual([
      'Immediately',
      'In the digest',
      'Never',
    ]);
    expect(select('Digest').value).toBe('weekly');
    expect([...select('Digest').options].map((o) => o.textContent)).toEqual(['Daily', 'Weekly', 'Never']);

    choose(select('Mentions and replies'), 'digest');
    choose(select('Digest'), 'daily');
    act(() => save().click());
    await waitFor(() =>
      expect(puts).toEqual([
        {
          email: {
            mentions: 'digest',
            messages: 'never',
            joinRequests: 'immediately',
            requestOutcomes: 'immediately',
          },
          digest: 'daily',
        },
      ]),
    );
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith(expect.objectContaining({ title: 'Preferences saved' })),
    );
  });

  it('says where mail goes when the address is verified, and has the device switch', async () => {
    const { container } = setup();
    await waitFor(() => expect(select('Digest')).not.toBeNull());
    expect(container.textContent).toContain('E-mail goes to your verified address, ada@example.com.');
    expect(container.textContent).toContain(PUSH_COPY.title);
  });

  it('unverified (built-in account): says no mail goes out and leads to the Verify notice, onto its Resend button', async () => {
    const notice = document.createElement('section');
    notice.id = 'email-verification';
    const resend = document.createElement('button');
    resend.textContent = 'Resend';
    notice.append(resend);
    document.body.append(notice);
    const { container } = setup({ user: { ...USER, emailVerified: false } });
    expect(container.textContent).toContain(
      'E-mail goes only to a verified address, and ada@example.com is not verified yet: until it is, Threadline sends you no e-mail.',
    );
    const verify = [...container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Verify your e-mail',
    )!;
    notice.scrollIntoView = vi.fn();
    act(() => verify.click());
    expect(document.activeElement).toBe(resend);
  });

  it('unverified by a sign-in provider: says so, with nothing to press here', async () => {
    const { container } = setup({ user: { ...USER, emailVerified: false }, authProvider: 'oidc' });
    expect(container.textContent).toContain('is not verified yet by your sign-in provider');
    expect(
      [...container.querySelectorAll('button')].some((b) => b.textContent === 'Verify your e-mail'),
    ).toBe(false);
  });
});
