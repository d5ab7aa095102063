// GET /api/push/key (issue 27): the VAPID public key this browser subscribes with.
import type { PushKey } from '../../../../common/schemas/push.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

/** Asked for at the click that turns notifications on (the key never changes while the server runs). */
export const pushKeyQuery = {
  queryKey: ['/api/push/key'] as const,
  queryFn: async () => ((await (await apiRequest('GET', '/api/push/key')).json()) as PushKey).publicKey,
  staleTime: Number.POSITIVE_INFINITY,
};
