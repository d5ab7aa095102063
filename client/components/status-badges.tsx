// Join-request status and threadline state badges, in the one colour map of lib/status-styles.ts.
import type { TimelineState } from '../../common/roles.ts';
import type { JoinRequestStatus } from '../../common/schemas/timeline.ts';
import { REQUEST_STATUS_STYLES, statusWord, TIMELINE_STATE_STYLES } from '../lib/status-styles.ts';
import { Badge } from './ui/badge.tsx';

/** `label` is read before the word by screen readers only, e.g. "Request: ". */
function StatusBadge({ className, word, label }: { className: string; word: string; label?: string }) {
  return (
    <Badge className={className}>
      {label && <span className="sr-only">{label}</span>}
      {statusWord(word)}
    </Badge>
  );
}

export const RequestStatusBadge = ({ status, label }: { status: JoinRequestStatus; label?: string }) => (
  <StatusBadge className={REQUEST_STATUS_STYLES[status]} word={status} label={label} />
);

export const TimelineStateBadge = ({ state, label }: { state: TimelineState; label?: string }) => (
  <StatusBadge className={TIMELINE_STATE_STYLES[state]} word={state} label={label} />
);
