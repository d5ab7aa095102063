// GET /api/push/subscriptions (issue 27): the user's push devices; the toggle looks for this browser's.
import { useQuery } from '@tanstack/react-query';
import type { PushDevice } from '../../../../common/schemas/push.ts';

export const PUSH_DEVICES_KEY = ['/api/push/subscriptions'] as const;

// Read again at each visit of the profile: signing out elsewhere, or a push service, may have removed it.
export const usePushDevices = () => useQuery<PushDevice[]>({ queryKey: PUSH_DEVICES_KEY, staleTime: 0 });
