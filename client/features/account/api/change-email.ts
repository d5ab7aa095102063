import { useMutation } from '@tanstack/react-query';
import { emailChangeSent } from '../../../../common/account.ts';
import type { ChangeEmailBody } from '../../../../common/schemas/account.ts';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';

/**
 * POST /api/auth/change-email: 202 {message}, a link mailed to the new address; the address changes only once
 * it is opened (DECISIONS §10). 400 for a wrong current password or the same address, under their fields.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (input: ChangeEmailBody): Promise<string> => {
      const email = input.email.trim();
      const res = await apiRequest('POST', '/api/auth/change-email', { ...input, email });
      const body = (await res.json()) as { message?: unknown };
      return typeof body.message === 'string' && body.message ? body.message : emailChangeSent(email);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized(toast);
    },
  });
}
