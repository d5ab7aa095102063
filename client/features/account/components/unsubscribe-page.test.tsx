import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  UNSUBSCRIBE_LINK_EXPIRED,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribedMessage,
} from '../../../../common/unsubscribe.ts';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { button, cleanup, render, waitFor } from '../../home/test/render.tsx';
import { UNSUBSCRIBE_FAILED, UnsubscribePage } from './unsubscribe-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER_ID = '00000000-0000-4000-9000-0000000000aa';
const token = (kind: string) => `${USER_ID}.${kind}.1900000000.${'S'.repeat(42)}A`;
const API = '/api/notifications/unsubscribe';

function open(path: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(META_QUERY_KEY, { authProvider: 'local', billingProvider: 'sandbox' });
  queryClient.setQueryData(USER_QUERY_KEY, null);
  return render(<UnsubscribePage />, { path, queryClient });
}

const statusText = () => document.querySelector('[role="status"]')?.textContent;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;
const link = (text: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === text);
const posts = (calls: { method: string; url: string }[]) => calls.filter((c) => c.method === 'POST');

describe('UnsubscribePage', () => {
  it('says what the link turns off and changes nothing until the button is pressed', async () => {
    const calls = stubFetch(() => json({ kind: 'messages', message: unsubscribedMessage('messages') }));
    open(`/unsubscribe?token=${token('messages')}`);
    expect(document.title).toBe('Unsubscribe · Threadline');
    expect(document.querySelector('h1')?.textContent).toBe('Unsubscribe');
    expect(document.body.textContent).toContain('Stop getting e-mail about direct messages?');
    expect(calls).toEqual([]);
    expect(link('Choose what you get by e-mail')?.getAttribute('href')).toBe('/profile');

    const unsubscribe = button(document, 'Unsubscribe')!;
    unsubscribe.focus();
    act(() => unsubscribe.click());
    await waitFor(() => expect(statusText()).toBe(unsubscribedMessage('messages')));
    expect(posts(calls)).toEqual([
      { method: 'POST', url: `${API}?token=${encodeURIComponent(token('messages'))}`, body: undefined },
    ]);
    // The button is gone: the focus is on the answer that replaced it.
    expect(document.activeElement?.getAttribute('role')).toBe('status');
    expect(button(document, 'Unsubscribe')).toBeUndefined();
    expect(link('Choose what you get by e-mail')?.getAttribute('href')).toBe('/profile');
  });

  it('the digest', () => {
    stubFetch(() => json({}));
    open(`/unsubscribe?token=${token('digest')}`);
    expect(document.body.textContent).toContain('Stop getting the Threadline digest?');
  });

  for (const [what, search] of [
    ['no token', ''],
    ['an empty token', '?token='],
    ['a kind that does not exist', `?token=${token('everything')}`],
    ['a token cut short', `?token=${token('mentions').slice(0, -1)}`],
  ] as const) {
    it(`says the link is not valid at once for ${what}, without asking the server`, () => {
      const fetch = vi.fn();
      vi.stubGlobal('fetch', fetch);
      open(`/unsubscribe${search}`);
      expect(alertText()).toBe(UNSUBSCRIBE_LINK_INVALID);
      expect(button(document, 'Unsubscribe')).toBeUndefined();
      expect(link('Choose what you get by e-mail')?.getAttribute('href')).toBe('/profile');
      expect(fetch).not.toHaveBeenCalled();
    });
  }

  it('an expired or forged link: the server’s reason and the way to the preferences', async () => {
    stubFetch(() => json({ message: UNSUBSCRIBE_LINK_EXPIRED }, 400));
    open(`/unsubscribe?token=${token('mentions')}`);
    act(() => button(document, 'Unsubscribe')!.click());
    await waitFor(() => expect(alertText()).toBe(UNSUBSCRIBE_LINK_EXPIRED));
    expect(button(document, 'Unsubscribe')).toBeUndefined();
    expect(link('Choose what you get by e-mail')).toBeDefined();
  });

  it('a failure on the way: says so and tries again on request; a second press while sending sends once', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    open(`/unsubscribe?token=${token('mentions')}`);
    act(() => button(document, 'Unsubscribe')!.click());
    await waitFor(() => expect(alertText()).toBe(UNSUBSCRIBE_FAILED));

    let answer: (res: Response) => void = () => {};
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    act(() => button(document, 'Unsubscribe')!.click());
    await waitFor(() => expect(button(document, 'Unsubscribe')!.getAttribute('aria-disabled')).toBe('true'));
    act(() => button(document, 'Unsubscribe')!.click());
    await act(async () => answer(json({ kind: 'mentions', message: unsubscribedMessage('mentions') })));
    await waitFor(() => expect(statusText()).toBe(unsubscribedMessage('mentions')));
    expect(posts(calls)).toHaveLength(1);
    expect(alertText()).toBeUndefined();
  });
});
