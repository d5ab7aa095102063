import { useMutation } from '@tanstack/react-query';
import { PASSWORD_CHANGED } from '../../../../common/account.ts';
import type { ChangePasswordBody } from '../../../../common/schemas/account.ts';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';

/** POST /api/auth/change-password: this session stays signed in, every other one ends (DECISIONS §10). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordBody) => apiCall('POST', '/api/auth/change-password', input),
    onSuccess: () => {
      toast({ title: PASSWORD_CHANGED, description: 'Other devices were signed out.' });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized(toast);
    },
  });
}
