import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '../features/home/test/render.tsx';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../lib/auth.ts';
import { MessagingModalProvider } from '../lib/messaging-modal.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppRouter } from './router.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = { id: 'me', displayName: 'Ada', firstName: null, lastName: null, email: 'ada@example.com' };

function open(path: string, signedIn: boolean) {
  // The pages' own requests stay pending: only where the router sends the browser matters here.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, signedIn ? USER : null);
  queryClient.setQueryData(META_QUERY_KEY, { authProvider: 'local', billingProvider: 'sandbox' });
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
});
