// One request in the panel: who, what they wrote, when, the answer, and actions while pending.
import { Check, X } from 'lucide-react';
import { personName } from '../../../../common/names.ts';
import type { JoinRequest } from '../../../../common/schemas/timeline.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { RequestStatusBadge } from '../../../components/status-badges.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { timeAgo } from '../../../lib/format.ts';
import type { BulkAction } from '../lib/bulk-outcome.ts';

export function JoinRequestCard({
  request,
  selected,
  onToggle,
  onRespond,
}: {
  request: JoinRequest;
  /** Undefined when the request cannot be selected (not pending, or not on the pending filter). */
  selected?: boolean;
  onToggle: () => void;
  onRespond: (action: BulkAction) => void;
}) {
  const name = personName(request.user);
  const pending = request.status === 'pending';
  return (
    <li className="rounded-lg border border-border bg-card p-3 sm:p-4">
      <div className="flex gap-3">
        {selected !== undefined && (
          <Checkbox
            className="mt-3"
            checked={selected}
            onCheckedChange={onToggle}
            aria-label={`Select request from ${name}`}
          />
        )}
        <UserAvatar user={request.user} className="size-10" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="wrap-anywhere font-medium">{name}</span>
            <RequestStatusBadge status={request.status} />
          </div>
          {request.user.email && <EmailText email={request.user.email} />}
          {request.message && (
            <p className="whitespace-pre-wrap wrap-anywhere rounded-md bg-muted px-3 py-2 text-sm">
              {request.message}
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            Requested {timeAgo(request.createdAt)}
            {request.processedAt && <> · Processed {timeAgo(request.processedAt)}</>}
          </p>
          {request.responseMessage && (
            <p className="whitespace-pre-wrap wrap-anywhere text-sm">
              <span className="font-medium">Response: </span>
              {request.responseMessage}
            </p>
          )}
          {pending && (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => onRespond('approve')} aria-label={`Approve ${name}`}>
                <Check aria-hidden="true" />
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRespond('reject')}
                aria-label={`Reject ${name}`}
              >
                <X aria-hidden="true" />
                Reject
              </Button>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
