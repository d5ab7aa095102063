// One colour per join-request status and threadline state, wherever they show. Pending is purple because the
// dashboard's pending badge is (spec 000 §2); archived is amber like archived cards. Text and background
// pairs have at least 4.5:1 contrast.
import type { TimelineState } from '../../common/roles.ts';
import type { JoinRequestStatus } from '../../common/schemas/timeline.ts';

export const REQUEST_STATUS_STYLES: Record<JoinRequestStatus, string> = {
  pending: 'border-transparent bg-purple-100 text-purple-800',
  approved: 'border-transparent bg-emerald-100 text-emerald-800',
  rejected: 'border-transparent bg-red-100 text-red-800',
};

export const TIMELINE_STATE_STYLES: Record<TimelineState, string> = {
  active: 'border-transparent bg-emerald-100 text-emerald-800',
  archived: 'border-amber-300 bg-amber-100 text-amber-900',
  deleted: 'border-transparent bg-slate-200 text-slate-800',
};

/** "pending" → "Pending". */
export const statusWord = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);
