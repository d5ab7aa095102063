// POST /api/push/subscriptions (issue 27): this browser's subscription, stored against the user and session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushDevice } from '../../../../common/schemas/push.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { PUSH_DEVICES_KEY } from './push-devices.ts';

export function useRegisterPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscription: PushSubscriptionJSON) =>
      (await (await apiRequest('POST', '/api/push/subscriptions', subscription)).json()) as PushDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
  });
}
