// GET /api/me/notification-preferences (issue 27): e-mail per kind and the digest's frequency.
import { useQuery } from '@tanstack/react-query';
import type { NotificationPrefs } from '../../../../common/notifications.ts';
import { notificationKeys } from '../lib/keys.ts';

// Read again at each visit of the profile: an unsubscribe link may have changed them since.
export const useNotificationPrefs = () =>
  useQuery<NotificationPrefs>({ queryKey: notificationKeys.prefs, staleTime: 0 });
