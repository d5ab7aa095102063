// Where sign-in starts and where it comes back to (DECISIONS §2): same-origin app paths only.
import { safeReturnPath } from '../../common/return-to.ts';

export type AuthTab = 'signin' | 'register';

/** The routes a signed-out visitor is sent to sign in for (spec 000 §2 route table). */
const APP_PATH = /^\/(?:profile|billing|my-requests|messages|notifications|search|timeline\/[^/]+)\/?$/;

export const isAppPath = (pathname: string): boolean => APP_PATH.test(pathname);

/** The page the browser shows now, with its query and hash. */
export const currentPath = (): string =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * `/api/login`, carrying the page to come back to when it is a safe one other than home, and the tab to open
 * (the built-in sign-in screen honours it; OpenID Connect has none).
 */
export function signInUrl(returnTo?: string | null, tab: AuthTab = 'signin'): string {
  const path = safeReturnPath(returnTo);
  const query = new URLSearchParams();
  if (tab === 'register') query.set('tab', 'register');
  if (path && path !== '/') query.set('returnTo', path);
  const search = query.toString();
  return search ? `/api/login?${search}` : '/api/login';
}

/** The built-in sign-in screen on a tab (local accounts only; OIDC starts at /api/login). */
export const loginScreenPath = (tab: AuthTab): string =>
  tab === 'register' ? '/login?tab=register' : '/login';

/** What /login's query asks for: the tab to open and the safe path to go to once signed in. */
export function readLoginQuery(search: string): { tab: AuthTab; returnTo: string } {
  const params = new URLSearchParams(search);
  return {
    tab: params.get('tab') === 'register' ? 'register' : 'signin',
    returnTo: safeReturnPath(params.get('returnTo')) ?? '/',
  };
}

/**
 * The provider's sign-in page even when it still has a session of its own (OIDC's prompt=login): a fresh
 * sign-in, as deleting the account asks for (issue 26).
 */
export function reauthUrl(returnTo?: string | null): string {
  const url = signInUrl(returnTo);
  return `${url}${url.includes('?') ? '&' : '?'}reauth=1`;
}
