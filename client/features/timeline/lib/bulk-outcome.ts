// The toast after a bulk approve or reject (spec 001 §8): all done, or some failed.
import { serverMessage } from '../../../lib/authUtils.ts';
import type { ToastContent } from '../../../lib/failure-toast.ts';
import { bulkDoneText } from './join-request-copy.ts';

export type BulkAction = 'approve' | 'reject';

export function bulkOutcomeToast(
  action: BulkAction,
  total: number,
  failures: readonly unknown[],
): ToastContent {
  if (failures.length === 0) {
    return action === 'approve'
      ? { title: 'Requests Approved', description: bulkDoneText('approved', total) }
      : { title: 'Requests Rejected', description: bulkDoneText('rejected', total) };
  }
  const base = action === 'approve' ? 'Failed to approve some requests' : 'Failed to reject some requests';
  // Approving past the plan's member limit is the likely cause worth naming (DECISIONS §4).
  const limitHit = failures.some((f) => /member limit reached/i.test(serverMessage(f) ?? ''));
  return { title: 'Error', description: limitHit ? `${base}: Member limit reached` : base };
}
