// GET /api/timelines/{id}/blocked-users (owner only; spec 001 §7).
import { useQuery } from '@tanstack/react-query';
import type { BlockedUser } from '../../../../common/schemas/timeline.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export async function getBlockedUsers(id: string): Promise<BlockedUser[]> {
  const res = await apiRequest('GET', `/api/timelines/${id}/blocked-users`);
  return (await res.json()) as BlockedUser[];
}

/** Fetched only while the owner looks at the Blocked list. */
export function useBlockedUsers(id: string, enabled: boolean) {
  return useQuery({ queryKey: timelineKeys.blocked(id), queryFn: () => getBlockedUsers(id), enabled });
}
