// How a request of mine reads on /my-requests (spec 000 §2-3).
import type { TimelineState } from '../../../../common/roles.ts';
import type { MyJoinRequest } from '../../../../common/schemas/timeline.ts';
import { timeAgo } from '../../../lib/format.ts';
import { statusWord } from '../../../lib/status-styles.ts';

/** Deleted if deletedAt is set, else archived if archivedAt is set, else active (spec 000 §3). */
export function threadlineState(timeline: MyJoinRequest['timeline']): TimelineState {
  if (timeline.deletedAt) return 'deleted';
  if (timeline.archivedAt) return 'archived';
  return 'active';
}

/** View appears for an approved request into an active threadline. */
export const canView = (request: MyJoinRequest): boolean =>
  request.status === 'approved' && threadlineState(request.timeline) === 'active';

export const canRetract = (request: MyJoinRequest): boolean => request.status === 'pending';

/** "Requested 3 hours ago". */
export const requestedText = (request: MyJoinRequest, now?: Date): string =>
  `Requested ${timeAgo(request.createdAt, now)}`;

/** "Approved 2 days ago" / "Rejected just now"; nothing while pending. */
export function processedText(request: MyJoinRequest, now?: Date): string | null {
  if (request.status === 'pending' || !request.processedAt) return null;
  return `${statusWord(request.status)} ${timeAgo(request.processedAt, now)}`;
}
