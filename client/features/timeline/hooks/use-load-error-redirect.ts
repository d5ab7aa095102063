// Acts once on a failed page load: sign in again, or explain and go home (spec 001 §2 Route).
import * as React from 'react';
import { useLocation } from 'wouter';
import { handleUnauthorized } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { type LoadErrorAction, loadErrorAction } from '../lib/load-error.ts';

export function useLoadErrorRedirect(error: Error | null): LoadErrorAction | null {
  const [, navigate] = useLocation();
  const action = React.useMemo(() => (error ? loadErrorAction(error) : null), [error]);
  const handled = React.useRef<Error | null>(null);

  React.useEffect(() => {
    if (!action || handled.current === error) return;
    handled.current = error;
    if (action.kind === 'unauthorized') handleUnauthorized(toast);
    else if (action.kind === 'redirect-home') {
      toast({ ...action.toast, variant: 'destructive' });
      navigate('/', { replace: true });
    } else console.warn('Loading the timeline failed', error);
  }, [action, error, navigate]);

  return action;
}
