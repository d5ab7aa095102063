import { notifyManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ACCOUNT_DELETED } from '../../../../common/account.ts';
import type { DeleteAccountBody } from '../../../../common/schemas/account.ts';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';

const KEPT = new Set<unknown>([USER_QUERY_KEY[0], META_QUERY_KEY[0]]);

/**
 * DELETE /api/me: the account is gone for good and every session with it (DECISIONS §10). On success nothing
 * read for it stays in the cache, the user becomes nobody and the browser goes to the landing page, where a
 * toast says so. The callbacks are the mutation's own: they run though the profile unmounts on the way.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (input: DeleteAccountBody) => apiCall('DELETE', '/api/me', input),
    onSuccess: () => {
      notifyManager.batch(() => {
        queryClient.removeQueries({ predicate: (query) => !KEPT.has(query.queryKey[0]) });
        queryClient.setQueryData(USER_QUERY_KEY, null);
        // In the same batch as the user: the router swaps to the signed-out routes already on "/".
        notifyManager.schedule(() => navigate('/', { replace: true }));
      });
      toast({ title: ACCOUNT_DELETED });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized(toast);
    },
  });
}
