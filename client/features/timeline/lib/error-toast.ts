// Failure toasts for the page's mutations (spec 001 §8): a 401 signs the user in again, anything else
// shows the catalogue text, or the server's words where the catalogue prefers them.
import { serverMessage } from '../../../lib/authUtils.ts';
import type { ToastContent } from '../../../lib/failure-toast.ts';

export interface FailureOptions {
  /** Show the server's message when there is one ('Failed to leave timeline (server message preferred)'). */
  preferServer?: boolean;
}

export function failureToast(error: unknown, fallback: string, options: FailureOptions = {}): ToastContent {
  const message = options.preferServer ? serverMessage(error) : undefined;
  return { title: 'Error', description: message ?? fallback };
}

/** Approving past the owner's member limit says so instead of the generic text (DECISIONS §4). */
export function approveFailureToast(error: unknown, fallback: string): ToastContent {
  const message = serverMessage(error);
  if (message && /member limit reached/i.test(message)) return { title: fallback, description: message };
  return failureToast(error, fallback);
}
