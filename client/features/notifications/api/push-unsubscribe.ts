// DELETE /api/push/subscriptions {endpoint} (issue 27): this browser gets no more pushes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/queryClient.ts';
import { PUSH_DEVICES_KEY } from './push-devices.ts';

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: string) => apiCall('DELETE', '/api/push/subscriptions', { endpoint }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY }),
  });
}
