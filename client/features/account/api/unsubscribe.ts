import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeAnswer } from '../../../../common/schemas/unsubscribe.ts';
import { UNSUBSCRIBE_API_PATH } from '../../../../common/unsubscribe.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

/**
 * POST /api/notifications/unsubscribe?token=: 200 {kind, message}, signed in or not (the token names the
 * user); 400 {message} for a forged or expired link (issue 27; RFC 8058). A mutation, sent on the button's
 * click only: a link alone never unsubscribes.
 */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<UnsubscribeAnswer> => {
      const res = await apiRequest('POST', `${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`);
      return (await res.json()) as UnsubscribeAnswer;
    },
    // The profile's preferences, if read in this tab, show the change when opened next.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).includes('notification-preferences'),
      }),
  });
}
