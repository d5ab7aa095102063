// POST /api/subscription/sandbox/confirm {clientSecret, outcome} (DECISIONS §4, BILLING_PROVIDER=sandbox):
// pays the incomplete subscription with no money; `decline` answers 402 {message: "Your card was declined."}.
import { useMutation } from '@tanstack/react-query';
import type { SandboxConfirmBody } from '../../../../common/schemas/billing.ts';
import { apiCall } from '../../../lib/queryClient.ts';

export const sandboxConfirm = (body: SandboxConfirmBody) =>
  apiCall('POST', '/api/subscription/sandbox/confirm', body);

export function useSandboxConfirm() {
  return useMutation({ mutationFn: sandboxConfirm });
}
