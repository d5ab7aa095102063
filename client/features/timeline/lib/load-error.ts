// What the threadline page does when loading it fails (spec 001 §2 Route, DECISIONS §5).
import { isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import type { ToastContent } from '../../../lib/failure-toast.ts';

export type LoadErrorAction =
  | { kind: 'unauthorized' }
  | { kind: 'redirect-home'; toast: ToastContent }
  /** Anything else (network, 5xx): stay and offer a retry; the spec only logs such errors. */
  | { kind: 'retry' };

export const NOT_FOUND_TOAST: ToastContent = {
  title: 'Threadline Not Found',
  description: 'This threadline no longer exists or has been deleted by its owner.',
};

export function loadErrorAction(error: unknown): LoadErrorAction {
  if (isUnauthorizedError(error)) return { kind: 'unauthorized' };
  const text = error instanceof Error ? error.message : String(error);
  if (/404|not found/i.test(text)) return { kind: 'redirect-home', toast: NOT_FOUND_TOAST };
  if (text.startsWith('403')) {
    const message = serverMessage(error);
    if (message && /archived/i.test(message)) {
      return {
        kind: 'redirect-home',
        toast: {
          title: 'Threadline Archived',
          description: 'This threadline has been archived by its owner and can no longer be opened.',
        },
      };
    }
    return {
      kind: 'redirect-home',
      toast: { title: 'Access Denied', description: message ?? 'You do not have access to this threadline.' },
    };
  }
  return { kind: 'retry' };
}
