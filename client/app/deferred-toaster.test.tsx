import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../features/home/test/render.tsx';
import { USER_QUERY_KEY } from '../lib/auth.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import { toast } from '../lib/use-toast.ts';
import { DeferredToaster } from './deferred-toaster.tsx';

const region = () => document.querySelector('[role="region"]');

function renderAs(user: { id: string } | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, user);
  return render(<DeferredToaster />, { queryClient });
}

/** Lets the lazy chunk load and React commit it. */
const settle = () =>
  act(async () => {
    await import('../components/ui/toaster.tsx');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('DeferredToaster', () => {
  afterEach(cleanup);

  // Signed in or not (the store is module-wide, so one case: a dismissed toast stays queued a while).
  it('loads nothing, even for someone signed in, until a toast is queued, then shows it', async () => {
    renderAs({ id: 'u1' });
    await settle();
    expect(region()).toBeNull();

    let shown: ReturnType<typeof toast> | undefined;
    act(() => {
      shown = toast({ title: 'Request Retracted' });
    });
    await settle();
    expect(region()).not.toBeNull();
    expect(document.body.textContent).toContain('Request Retracted');
    act(() => shown?.dismiss());
  });
});
