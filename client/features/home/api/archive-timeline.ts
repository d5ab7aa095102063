// POST /api/timelines/{id}/archive or /restore, then refresh the lists (spec 000 §7-8).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiCall } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { toast } from '../../../lib/use-toast.ts';

/** Archive an active threadline, or restore an archived one: the last segment of the route. */
export type ArchiveChange = 'archive' | 'restore';

const COPY: Record<ArchiveChange, { title: string; description: (name: string) => string; failure: string }> =
  {
    archive: {
      title: 'Threadline Archived',
      description: (name) => `"${name}" is now read-only and closed to new members.`,
      failure: 'Failed to archive threadline',
    },
    restore: {
      title: 'Threadline Restored',
      description: (name) => `"${name}" is active again.`,
      failure: 'Failed to restore threadline',
    },
  };

export async function changeArchiveState(id: string, change: ArchiveChange): Promise<void> {
  await apiCall('POST', `/api/timelines/${id}/${change}`);
}

export function useChangeArchiveState(change: ArchiveChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => changeArchiveState(id, change),
    onSuccess: async (_data, { id, name }) => {
      toast({ title: COPY[change].title, description: COPY[change].description(name) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelineKeys.lists }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.detail(id) }),
      ]);
    },
    onError: (error) => {
      notifyFailure(error, { title: 'Error', description: COPY[change].failure });
    },
  });
}
