// POST /api/timelines/{id}/mark-viewed: posts read up to now (DECISIONS §6).
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/queryClient.ts';

export async function markViewed(id: string): Promise<void> {
  await apiCall('POST', `/api/timelines/${id}/mark-viewed`);
}

export const useMarkViewed = () => useMutation({ mutationFn: markViewed });
