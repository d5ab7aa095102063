import { useMutation } from '@tanstack/react-query';
import { FORGOT_PASSWORD_SENT } from '../../../../common/account.ts';
import type { ForgotPasswordBody } from '../../../../common/schemas/account.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

/** POST /api/auth/forgot-password: the same answer for every address (DECISIONS §10); resolves to it. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: ForgotPasswordBody): Promise<string> => {
      const res = await apiRequest('POST', '/api/auth/forgot-password', { email: input.email.trim() });
      const body = (await res.json()) as { message?: unknown };
      return typeof body.message === 'string' && body.message ? body.message : FORGOT_PASSWORD_SENT;
    },
  });
}
