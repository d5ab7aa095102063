// 401 handling (spec 000 §8) and reading the server's message out of an error.
import { UI_TIMING } from '../../common/limits.ts';
import { screenText } from '../../common/product-name.ts';
import { currentPath, signInUrl } from './sign-in.ts';

type ToastFn = (toast: {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}) => unknown;

/** True for errors built from a 401 answer whose body says Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** Tells the user they are signed out, then sends the browser to sign in again and back to this page. */
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
  setTimeout(() => navigate(signInUrl(currentPath())), UI_TIMING.unauthorizedRedirectMs);
}

/** The body inside a "status: body" error, parsed when it is JSON; undefined for anything else. */
function errorPayload(error: unknown): { json?: unknown; text: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const text = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1]?.trim();
  if (!text) return undefined;
  try {
    return { json: JSON.parse(text), text };
  } catch {
    return { text };
  }
}

/** The JSON object inside a "status: body" error, for fields beyond `message` (e.g. a plan limit). */
export function errorBody(error: unknown): Record<string, unknown> | undefined {
  const json = errorPayload(error)?.json;
  return json && typeof json === 'object' && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : undefined;
}

/**
 * The `message` field of the JSON body inside a "status: body" error, or the plain body text when it is
 * not JSON; undefined for anything else (network failures, empty bodies). In the screens' words: the API
 * says "timeline" where a screen says "threadline" (DECISIONS §2).
 */
export function serverMessage(error: unknown): string | undefined {
  const payload = errorPayload(error);
  if (!payload) return undefined;
  if (!('json' in payload)) return screenText(payload.text);
  const message = errorBody(error)?.message;
  return typeof message === 'string' && message ? screenText(message) : undefined;
}

/**
 * A 400 answer's field problems (`errors: [{path, message}]`, DECISIONS §3) by field path, the first per
 * field, so a form can show each under its field; empty for anything else.
 */
export function fieldErrors(error: unknown): Partial<Record<string, string>> {
  const errors = errorBody(error)?.errors;
  const byPath: Partial<Record<string, string>> = {};
  if (!Array.isArray(errors)) return byPath;
  for (const problem of errors as unknown[]) {
    if (!problem || typeof problem !== 'object') continue;
    const { path, message } = problem as Record<string, unknown>;
    if (typeof path === 'string' && typeof message === 'string' && !Object.hasOwn(byPath, path)) {
      byPath[path] = screenText(message);
    }
  }
  return byPath;
}
