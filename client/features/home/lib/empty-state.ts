// Copy for a tab with no threadlines (spec 000 §2: "No {filter} threadlines" with a hint per tab).
import type { TimelineState } from '../../../../common/roles.ts';

export const EMPTY_HINTS: Record<TimelineState, string> = {
  active: 'Create a threadline to get your own join code, or join one with a code someone shared with you.',
  archived:
    'Archived threadlines are kept here, read-only and closed to new members, until their owner restores them.',
  deleted: 'Threadlines deleted by their owner appear here. They can no longer be opened.',
};

export const emptyTitle = (filter: TimelineState): string => `No ${filter} threadlines`;
