// PUT /api/timelines/{id}/notify-level {level} (issue 27): every post, mentions and replies, or nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFY_LEVEL_LABELS, type NotifyLevel } from '../../../../common/notifications.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { notifyLevelKey } from './get-notify-level.ts';

export async function setNotifyLevel(timelineId: string, level: NotifyLevel): Promise<NotifyLevel> {
  const res = await apiRequest('PUT', `/api/timelines/${timelineId}/notify-level`, { level });
  return ((await res.json()) as { level: NotifyLevel }).level;
}

export function useSetNotifyLevel(timelineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (level: NotifyLevel) => setNotifyLevel(timelineId, level),
    onSuccess: (level) => {
      queryClient.setQueryData(notifyLevelKey(timelineId), { level });
      toast({
        title: 'Notifications updated',
        description: `${NOTIFY_LEVEL_LABELS[level]}: ${LEVEL_HINTS[level]}`,
      });
    },
    onError: (error) =>
      notifyFailure(error, {
        title: 'Error',
        description: 'Could not change your notifications. Please try again.',
      }),
  });
}

/** What each level means, under its choice and in the toast. */
export const LEVEL_HINTS: Record<NotifyLevel, string> = {
  all: 'every new post here, besides mentions of you and comments on your posts.',
  mentions: 'when someone mentions you or comments on your post.',
  none: 'nothing from this threadline, not even mentions. Its unread badges still show.',
};
