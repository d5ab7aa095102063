import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../../../common/schemas/account.ts';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';

export const SESSIONS_QUERY_KEY = ['/api/auth/sessions'] as const;

/** GET /api/auth/sessions: this account's signed-in devices, most recently used first (DECISIONS §10). */
export function useSessions() {
  // Read again at each visit of the profile: a device may have signed in since.
  return useQuery<SessionInfo[]>({ queryKey: SESSIONS_QUERY_KEY, staleTime: 0 });
}

/** A 404 from DELETE: that session had ended already (signed out there, or expired). */
export const isSessionGone = (error: unknown) => error instanceof Error && error.message.startsWith('404:');

const onUnauthorized = (error: unknown) => {
  if (isUnauthorizedError(error)) handleUnauthorized(toast);
};

/** DELETE /api/auth/sessions/{id}: that device is signed out at once; 404 when it was already. */
export function useEndSession() {
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    onError: onUnauthorized,
  });
}

/**
 * "Sign out everywhere else": DELETE each other session, all at once. A session that had ended already counts
 * as done; any other failure rejects (with the first one) once every call has answered.
 */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(
        ids.map((id) => apiCall('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`)),
      );
      const failures = results.flatMap((result) =>
        result.status === 'rejected' && !isSessionGone(result.reason) ? [result.reason as unknown] : [],
      );
      if (failures.length > 0) throw failures[0];
    },
    onError: onUnauthorized,
  });
}
