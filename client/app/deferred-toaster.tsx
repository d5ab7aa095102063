import * as React from 'react';
import { useAuth } from '../lib/auth.ts';
import { useToast } from '../lib/use-toast.ts';
import { lazyNamed } from './lazy-named.ts';

const Toaster = lazyNamed(() => import('../components/ui/toaster.tsx'), 'Toaster');

/**
 * The toast UI (Radix Toast, ~10 KB gzipped) loads once someone is signed in or a first toast is queued:
 * a visitor's first load of the landing page never needs it.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const { isAuthenticated } = useAuth();
  const [needed, setNeeded] = React.useState(false);
  if (!needed && (isAuthenticated || toasts.length > 0)) setNeeded(true);
  return needed ? (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  ) : null;
}
