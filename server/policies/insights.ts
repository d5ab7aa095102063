// Who sees a threadline's Insights (DECISIONS §9): its owner and moderators. To anyone else it is a 404,
// like a threadline they cannot see, so participants and viewers learn nothing of the numbers.
import type { Db } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { authorize, loadTimelineAccess, TIMELINE_NOT_FOUND, type TimelineAccess } from './timeline.ts';

const INSIGHTS_ROLES = new Set(['owner', 'moderator']);

export async function insightsAccess(db: Db, timelineId: string, userId: string): Promise<TimelineAccess> {
  const access = await loadTimelineAccess(db, timelineId, userId);
  if (!INSIGHTS_ROLES.has(access.member.role)) throw notFound(TIMELINE_NOT_FOUND);
  // An archived threadline stays readable by its owner alone, as for every other read.
  authorize(access, 'view');
  return access;
}
