// When a signed-in device was last used, as the devices list says it. The server refreshes a session's
// lastSeenAt at most every 10 minutes (README, Accounts), so anything newer is "now".
import { shortDate, timeAgo } from '../../../lib/format.ts';

const ACTIVE_MS = 10 * 60 * 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** "Active now" within 10 minutes, "Last active 3 hours ago" within a week, else "Last active Mar 4, 2025". */
export function lastSeenText(lastSeenAt: string, now: number = Date.now()): string {
  const age = now - new Date(lastSeenAt).getTime();
  if (age < ACTIVE_MS) return 'Active now';
  return `Last active ${age < WEEK_MS ? timeAgo(lastSeenAt, new Date(now)) : shortDate(lastSeenAt)}`;
}
