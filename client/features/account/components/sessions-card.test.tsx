import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_NOT_FOUND, type SessionInfo } from '../../../../common/schemas/account.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { type FetchCall, json, stubFetch } from '../../../lib/upload/test-fakes.ts';
import { button, cleanup, render, waitFor } from '../../home/test/render.tsx';
import { SessionsCard } from './sessions-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UA = {
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};
const HOUR = 60 * 60 * 1000;
const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

const here = (): SessionInfo => ({
  id: 's-here',
  current: true,
  userAgent: UA.firefoxWindows,
  lastSeenAt: at(0),
});
const phone = (): SessionInfo => ({
  id: 's-phone',
  current: false,
  userAgent: UA.safariIphone,
  lastSeenAt: at(3 * HOUR),
});
const tablet = (): SessionInfo => ({
  id: 's-tablet',
  current: false,
  userAgent: UA.chromeAndroid,
  lastSeenAt: at(30 * 24 * HOUR),
});

/** A server holding `sessions`; DELETE answers with `end` (default: 204, the session gone). */
function server(sessions: SessionInfo[], end?: (call: FetchCall) => Response | undefined) {
  return stubFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/auth/sessions') return json(sessions);
    const id = /^\/api\/auth\/sessions\/(.+)$/.exec(call.url)?.[1];
    if (call.method === 'DELETE' && id) {
      const answer = end?.(call);
      if (answer) return answer;
      const index = sessions.findIndex((s) => s.id === id);
      if (index < 0) return json({ message: SESSION_NOT_FOUND }, 404);
      sessions.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return json({ message: 'Not found' }, 404);
  });
}

function mount() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, { id: 'me', email: 'ada@example.test' });
  return render(<SessionsCard />, { queryClient });
}

const rows = () => [...document.querySelectorAll('li')];
const rowText = () => rows().map((li) => li.textContent);
const signOut = (name: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="Sign out ${name}"]`);
const heading = () => document.querySelector('h2')!;
const alertText = () => document.querySelector('[role="alert"]')?.textContent;
const everywhereElse = () => button(document, 'Sign out everywhere else');
const loaded = () => waitFor(() => expect(rows().length).toBeGreaterThan(0));

describe('SessionsCard', () => {
  it('lists each device by browser and system, this one marked, with when it was last used', async () => {
    const list = [here(), phone(), tablet()];
    const calls = server([...list]);
    mount();
    expect(heading().textContent).toBe('Signed-in devices');
    await loaded();
    expect(calls).toEqual([{ method: 'GET', url: '/api/auth/sessions', body: undefined }]);
    expect(rowText()).toEqual([
      'Firefox on WindowsThis deviceActive now',
      'Safari on iOSLast active 3 hours agoSign out',
      expect.stringMatching(/^Chrome on AndroidLast active \w{3} \d{1,2}, \d{4}Sign out$/),
    ]);
    // This device has no Sign out of its own (the header's Sign out is for that); the others do, named.
    expect(rows()[0]!.querySelector('button')).toBeNull();
    const phoneButton = signOut('Safari on iOS')!;
    expect(phoneButton.textContent).toBe('Sign out');
    expect(document.getElementById(phoneButton.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Last active 3 hours ago',
    );
    expect(signOut('Chrome on Android')).toBeTruthy();
    expect(rows()[0]!.querySelector('time')?.getAttribute('datetime')).toBe(list[0]!.lastSeenAt);
    expect(everywhereElse()).toBeTruthy();
  });

  it('shows a browser it cannot name as it introduced itself, breaking anywhere', async () => {
    const bot = 'SomeSyncClient/1.0 '.repeat(20).trim();
    server([here(), { id: 's-bot', current: false, userAgent: bot, lastSeenAt: at(HOUR) }]);
    mount();
    await loaded();
    expect(rows()[1]!.textContent).toContain('Unknown browser');
    expect(rows()[1]!.querySelector('.break-all')?.textContent).toBe(bot);
    expect(signOut('Unknown browser')).toBeTruthy();
  });

  it('has no "Sign out everywhere else" when this is the only device', async () => {
    server([here()]);
    mount();
    await loaded();
    expect(rows()).toHaveLength(1);
    expect(everywhereElse()).toBeUndefined();
    expect(document.querySelector('button')).toBeNull();
  });

  it('signs one device out, reads the list again and moves focus to the next row’s button', async () => {
    const calls = server([here(), phone(), tablet()]);
    mount();
    await loaded();
    signOut('Safari on iOS')!.focus();
    act(() => signOut('Safari on iOS')!.click());
    await waitFor(() => expect(signOut('Safari on iOS')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/auth/sessions/s-phone', body: undefined },
    ]);
    expect(document.activeElement).toBe(signOut('Chrome on Android'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect(alertText()).toBeUndefined();
  });

  it('puts focus on the heading when the last other device is signed out', async () => {
    server([here(), phone()]);
    mount();
    await loaded();
    act(() => signOut('Safari on iOS')!.click());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(document.activeElement).toBe(heading());
    expect(heading().tabIndex).toBe(-1);
    expect(everywhereElse()).toBeUndefined();
  });

  it('a device signed out meanwhile: says so, and its row goes', async () => {
    const sessions = [here(), phone(), tablet()];
    server(sessions, (call) => {
      if (!call.url.endsWith('/s-phone')) return undefined;
      sessions.splice(1, 1);
      return json({ message: SESSION_NOT_FOUND }, 404);
    });
    mount();
    await loaded();
    act(() => signOut('Safari on iOS')!.click());
    await waitFor(() => expect(alertText()).toBe(SESSION_NOT_FOUND));
    expect(signOut('Safari on iOS')).toBeNull();
    expect(document.activeElement).toBe(signOut('Chrome on Android'));
  });

  it('keeps the row and says so when the server fails', async () => {
    server([here(), phone()], () => json({ message: 'Internal Server Error' }, 500));
    mount();
    await loaded();
    act(() => signOut('Safari on iOS')!.click());
    await waitFor(() => expect(alertText()).toBe('Internal Server Error'));
    expect(signOut('Safari on iOS')?.textContent).toBe('Sign out');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    act(() => signOut('Safari on iOS')!.click());
    await waitFor(() => expect(alertText()).toBe('Could not sign that device out. Please try again.'));
  });

  it('"Sign out everywhere else" ends every other session, reads the list again and focuses the heading', async () => {
    const calls = server([here(), phone(), tablet()]);
    mount();
    await loaded();
    everywhereElse()!.focus();
    act(() => everywhereElse()!.click());
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(
      calls
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/api/auth/sessions/s-phone', '/api/auth/sessions/s-tablet']);
    expect(rowText()).toEqual(['Firefox on WindowsThis deviceActive now']);
    expect(everywhereElse()).toBeUndefined();
    expect(document.activeElement).toBe(heading());
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('"Sign out everywhere else" counts a session already ended as done, and says when one could not be', async () => {
    const sessions = [here(), phone(), tablet()];
    const calls = server(sessions, (call) =>
      call.url.endsWith('/s-tablet') ? json({ message: 'Service Unavailable' }, 503) : undefined,
    );
    mount();
    await loaded();
    sessions.splice(1, 1); // the phone signs out by itself meanwhile: its DELETE answers 404
    everywhereElse()!.focus();
    act(() => everywhereElse()!.click());
    await waitFor(() => expect(alertText()).toBe('Service Unavailable'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(signOut('Chrome on Android')).toBeTruthy();
    expect(document.activeElement).toBe(everywhereElse());
  });

  it('says when the list cannot be read, and reads it again on request', async () => {
    let fail = true;
    stubFetch(() => (fail ? json({ message: 'Internal Server Error' }, 500) : json([here()])));
    mount();
    await waitFor(() => expect(alertText()).toBe('Could not load your signed-in devices.'));
    fail = false;
    act(() => button(document, 'Try again')!.click());
    await loaded();
    expect(alertText()).toBeUndefined();
  });
});
