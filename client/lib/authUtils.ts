// 401 handling (spec 000 §8) and reading the server's message out of an error.
import { UI_TIMING } from '../../common/limits.ts';

type ToastFn = (toast: {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}) => unknown;

/** True for errors built from a 401 answer whose body says Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** Tells the user they are signed out, then sends the browser to sign in again. */
export function handleUnauthorized(
  toast: ToastFn,
  navigate: (url: string) => void = (url) => {
    window.location.href = url;
  },
): void {
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => navigate('/api/login'), UI_TIMING.unauthorizedRedirectMs);
}

/**
 * The `message` field of the JSON body inside a "status: body" error, or the plain body text when it is
 * not JSON; undefined for anything else (network failures, empty bodies).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  const body = match[1]!.trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message || undefined;
    }
    return undefined;
  } catch {
    return body || undefined;
  }
}
