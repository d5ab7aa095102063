import { notifyManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { ResetPasswordBody } from '../../../../common/schemas/account.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

const KEPT = new Set<unknown>([USER_QUERY_KEY[0], META_QUERY_KEY[0]]);

/**
 * POST /api/auth/reset-password: 200 and the user, signed in (DECISIONS §10). On success the user query is
 * primed (as at sign-in) and the browser goes home.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (input: ResetPasswordBody): Promise<CurrentUser> => {
      const res = await apiRequest('POST', '/api/auth/reset-password', input);
      return (await res.json()) as CurrentUser;
    },
    onSuccess: async (user) => {
      const before = queryClient.getQueryData<CurrentUser | null>(USER_QUERY_KEY);
      notifyManager.batch(() => {
        // Signed in as someone else when the link was opened: nothing read for that account may show.
        if (before && before.id !== user.id) {
          queryClient.removeQueries({ predicate: (query) => !KEPT.has(query.queryKey[0]) });
        }
        queryClient.setQueryData(USER_QUERY_KEY, user);
        // In the same notification batch as the user: the router swaps to the signed-in routes already on
        // "/", instead of drawing the landing page (navigating first) or a fresh reset form (after).
        notifyManager.schedule(() => navigate('/', { replace: true }));
      });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
