// POST /api/timelines/{id}/mark-comments-viewed: comments read up to now (DECISIONS §6).
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/queryClient.ts';

export async function markCommentsViewed(id: string): Promise<void> {
  await apiCall('POST', `/api/timelines/${id}/mark-comments-viewed`);
}

export const useMarkCommentsViewed = () => useMutation({ mutationFn: markCommentsViewed });
