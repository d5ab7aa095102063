import * as React from 'react';
import { lazyNamed } from '../lib/lazy-named.ts';
import { subscribeToastSignal, toastQueued } from '../lib/toast-signal.ts';

const Toaster = lazyNamed(() => import('../components/ui/toaster.tsx'), 'Toaster');

/**
 * The toast UI (Radix Toast, ~12 KB gzipped) loads with the first toast queued, so no page's first load
 * carries it (issue 14's initial-JavaScript budget). Radix announces a toast a frame after its live region
 * mounts, so the first toast is read out too.
 */
export function DeferredToaster() {
  const needed = React.useSyncExternalStore(subscribeToastSignal, toastQueued, () => false);
  return needed ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null;
}
