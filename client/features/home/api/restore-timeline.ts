// POST /api/timelines/{id}/restore, then refresh the lists (spec 000 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

export async function restoreTimeline(id: string): Promise<void> {
  await apiRequest('POST', `/api/timelines/${id}/restore`);
}

export function useRestoreTimeline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => restoreTimeline(id),
    onSuccess: async (_data, { id, name }) => {
      toast({ title: 'Timeline Restored', description: `"${name}" is active again.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.lists }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.detail(id) }),
      ]);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return handleUnauthorized(toast);
      toast({ title: 'Error', description: 'Failed to restore timeline', variant: 'destructive' });
    },
  });
}
