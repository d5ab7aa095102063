// POST /api/timelines/{id}/archive, then refresh the lists (spec 000 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

export async function archiveTimeline(id: string): Promise<void> {
  await apiRequest('POST', `/api/timelines/${id}/archive`);
}

export function useArchiveTimeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => archiveTimeline(id),
    onSuccess: async (_data, { id, name }) => {
      toast({
        title: 'Timeline Archived',
        description: `"${name}" is now read-only and closed to new members.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.lists }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.detail(id) }),
      ]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized(toast);
      toast({ title: 'Error', description: 'Failed to archive timeline', variant: 'destructive' });
    },
  });
}
