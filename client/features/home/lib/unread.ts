// Labels for the unread and pending badges (spec 000 §2, §9: capped at 99+).
import { capCount } from '../../../lib/relative-time.ts';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** "3 unread posts", "1 unread comment", "99+ unread posts". */
export const unreadLabel = (n: number, kind: 'post' | 'comment'): string =>
  `${capCount(n)} unread ${plural(n, kind, `${kind}s`)}`;

/** "2 pending join requests". */
export const pendingLabel = (n: number): string =>
  `${capCount(n)} pending join ${plural(n, 'request', 'requests')}`;

export const memberCountLabel = (n: number): string => `${n} ${plural(n, 'member', 'members')}`;

/** A short, locale-aware date such as "Mar 4, 2025". */
export const shortDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
