import type { JoinRequestStatus } from '../../../../common/schemas/timeline.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/utils.ts';
import { statusLabel } from '../lib/join-request-copy.ts';

// Text and background pairs chosen for at least 4.5:1 contrast.
const STATUS_STYLES: Record<JoinRequestStatus, string> = {
  pending: 'border-transparent bg-amber-100 text-amber-900',
  approved: 'border-transparent bg-emerald-100 text-emerald-800',
  rejected: 'border-transparent bg-red-100 text-red-800',
};

export function RequestStatusBadge({ status }: { status: JoinRequestStatus }) {
  return <Badge className={cn(STATUS_STYLES[status])}>{statusLabel(status)}</Badge>;
}
