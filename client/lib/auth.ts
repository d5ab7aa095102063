// The signed-in user and installation facts, shared by every feature.
import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../common/schemas/user.ts';
import { getQueryFn } from './queryClient.ts';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;
export const META_QUERY_KEY = ['/api/meta'] as const;

export interface Meta {
  authProvider: 'local' | 'oidc';
  billingProvider: 'sandbox' | 'stripe' | 'off';
}

/** The current user; a 401 or any error means signed out (no retry). */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

export function useMeta() {
  return useQuery<Meta>({ queryKey: META_QUERY_KEY, retry: false });
}

/** Browser navigations, not screens (spec 000 §2). */
export function goToLogin() {
  window.location.href = '/api/login';
}

export function signOut() {
  window.location.href = '/api/logout';
}
