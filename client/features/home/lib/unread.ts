// Labels for the unread and pending badges (spec 000 §2, §9: capped at 99+).
import { capCount } from '../../../lib/format.ts';

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** "3 unread posts", "1 unread comment", "99+ unread posts". */
export const unreadLabel = (n: number, kind: 'post' | 'comment'): string =>
  `${capCount(n)} unread ${plural(n, kind, `${kind}s`)}`;

/** "2 pending join requests". */
export const pendingLabel = (n: number): string =>
  `${capCount(n)} pending join ${plural(n, 'request', 'requests')}`;
