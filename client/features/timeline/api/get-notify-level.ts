// GET /api/timelines/{id}/notify-level (issue 27): what the member is notified of in this threadline. Read
// when its dialog opens, not with the page.
import { useQuery } from '@tanstack/react-query';
import type { NotifyLevel } from '../../../../common/notifications.ts';

/** Under the threadline's prefix: its events mark it stale with the page's other caches. */
export const notifyLevelKey = (timelineId: string) => ['/api/timelines', timelineId, 'notify-level'] as const;

export const useNotifyLevel = (timelineId: string) =>
  useQuery<{ level: NotifyLevel }>({ queryKey: notifyLevelKey(timelineId) });
