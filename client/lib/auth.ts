// The signed-in user and installation facts, shared by every feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { CurrentUser } from '../../common/schemas/user.ts';
import { getQueryFn } from './queryClient.ts';
import { type AuthTab, loginScreenPath, signInUrl } from './sign-in.ts';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;
export const META_QUERY_KEY = ['/api/meta'] as const;

export interface Meta {
  authProvider: 'local' | 'oidc';
  billingProvider: 'sandbox' | 'stripe' | 'off';
  /** Stripe's publishable key when billingProvider is stripe, else null. */
  stripePublishableKey: string | null;
}

/** The sign-in check: a 401 means signed out (no retry). main.tsx starts it before React renders. */
export const userQuery = queryOptions<CurrentUser | null>({
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn({ on401: 'returnNull' }),
  retry: false,
});

/** The current user; a 401 or any error means signed out. */
export function useAuth() {
  const { data, isLoading } = useQuery(userQuery);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

/** The installation's facts; main.tsx starts them with the sign-in check. */
export const metaQuery = queryOptions<Meta>({ queryKey: META_QUERY_KEY, retry: false });

export function useMeta() {
  return useQuery(metaQuery);
}

/** Browser navigations, not screens (spec 000 §2); `returnTo` is where to come back once signed in. */
export function goToLogin(returnTo?: string | null, tab?: AuthTab) {
  window.location.href = signInUrl(returnTo, tab);
}

/** Local accounts open /login on the asked tab; OpenID Connect has no tabs, so it starts at /api/login. */
export function useStartSignIn() {
  const { data: meta } = useMeta();
  const [, navigate] = useLocation();
  // Before /api/meta has answered, /api/login decides (and keeps the tab for the built-in screen).
  return (tab: AuthTab) =>
    meta?.authProvider === 'local' ? navigate(loginScreenPath(tab)) : goToLogin(null, tab);
}

let signingOut = false;

/** True once this tab started signing out: the socket's 4001 must not send it to sign-in meanwhile. */
export const isSigningOut = () => signingOut;

export function signOut() {
  signingOut = true;
  window.location.href = '/api/logout';
}
