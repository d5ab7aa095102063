import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { verificationSent } from '../../../../common/account.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';

/**
 * POST /api/auth/verify-email {token}: 200 the user, confirmed (nobody is signed in by it); 400 for a bad,
 * used or expired link; 409 when the new address was taken meanwhile (DECISIONS §10).
 *
 * A query rather than a mutation, so the link is spent exactly once per page: StrictMode's second effect, the
 * page mounting again when the sign-in check answers (the signed-out routes give way to the signed-in ones)
 * and a return to the page all read the one answer instead of sending the token again (a second POST would
 * be refused as a used link).
 */
export function useVerifyEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: async (): Promise<CurrentUser> => {
      const res = await apiRequest('POST', '/api/auth/verify-email', { token });
      const user = (await res.json()) as CurrentUser;
      const signedIn = queryClient.getQueryData<CurrentUser | null>(USER_QUERY_KEY);
      // Signed in as that user here: the profile shows the confirmed (maybe new) address at once. Someone
      // else's session is left alone; the sign-in check still under way is asked again, as its answer may
      // predate the confirmation.
      if (signedIn?.id === user.id) queryClient.setQueryData(USER_QUERY_KEY, user);
      else if (signedIn === undefined) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      return user;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    retryOnMount: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/auth/verify-email/resend: 202 {message}; 409 already confirmed; 429 past 5 an hour. */
export function useResendVerification() {
  return useMutation({
    /** `email`: the address shown, for the answer's words should the server give none. */
    mutationFn: async (email: string): Promise<string> => {
      const res = await apiRequest('POST', '/api/auth/verify-email/resend');
      const body = (await res.json()) as { message?: unknown };
      return typeof body.message === 'string' && body.message ? body.message : verificationSent(email);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized(toast);
    },
  });
}
