// Which threadlines the 'Switch Threadline' dropdown offers (spec 001 §2 Header, DECISIONS §5).
import type { TimelineListItem } from '../../../../common/schemas/timeline.ts';

/** Only ones the user can open: active, or archived when they own it (only owners open archived ones). */
export function canOpen(item: Pick<TimelineListItem, 'state' | 'role'>): boolean {
  return item.state === 'active' || (item.state === 'archived' && item.role === 'owner');
}

/** The other threadlines to switch to, in the list's order. */
export function otherTimelines(list: readonly TimelineListItem[] | undefined, currentId: string) {
  return (list ?? []).filter((item) => item.id !== currentId && canOpen(item));
}
