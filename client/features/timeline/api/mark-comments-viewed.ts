// POST /api/timelines/{id}/mark-comments-viewed: comments read up to now (DECISIONS §6).
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/queryClient.ts';

export async function markCommentsViewed(id: string): Promise<void> {
  await apiRequest('POST', `/api/timelines/${id}/mark-comments-viewed`);
}

export const useMarkCommentsViewed = () => useMutation({ mutationFn: markCommentsViewed });
