// Labels of the Join Requests panel (spec 001 §2).
import type { JoinRequestStatus } from '../../../../common/schemas/timeline.ts';
import { statusWord } from '../../../lib/status-styles.ts';

export type StatusFilter = JoinRequestStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = ['pending', 'approved', 'rejected', 'all'];

export const statusLabel = (status: StatusFilter) => statusWord(status);

export const emptyRequestsText = (status: StatusFilter) =>
  status === 'all' ? 'No join requests' : `No ${status} join requests`;

/** The filter's status as the call takes it: 'all' omits it. */
export const statusParam = (status: StatusFilter): JoinRequestStatus | undefined =>
  status === 'all' ? undefined : status;

const plural = (n: number) => (n === 1 ? 'request' : 'requests');
export const bulkDoneText = (action: 'approved' | 'rejected', n: number) => `${n} ${plural(n)} ${action}.`;
