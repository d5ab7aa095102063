// PUT /api/me/notification-preferences (issue 27): the whole set, answered as saved.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefs } from '../../../../common/notifications.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { notificationKeys } from '../lib/keys.ts';

export async function updateNotificationPrefs(prefs: NotificationPrefs): Promise<NotificationPrefs> {
  const res = await apiRequest('PUT', notificationKeys.prefs[0], prefs);
  return (await res.json()) as NotificationPrefs;
}

export function useUpdateNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPrefs,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.prefs, saved);
      toast({
        title: 'Preferences saved',
        description: 'Your notification e-mail preferences were updated.',
      });
    },
    onError: (error) =>
      notifyFailure(error, {
        title: 'Error',
        description: 'Could not save your preferences. Please try again.',
      }),
  });
}
