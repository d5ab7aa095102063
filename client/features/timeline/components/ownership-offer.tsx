// The member offered ownership (issue 26, DECISIONS §10) sees it above the feed: Accept makes them the owner
// (the old owner stays on as a moderator), Decline ends the offer. Only they see it: the page loads this
// file for them alone. Refusals are toasts, as the page's other calls show them; a plan that cannot hold
// the threadline gets the limit toast with its Upgrade Plan button.
import { Crown } from 'lucide-react';
import * as React from 'react';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { focusHeadingIfLost } from '../../../lib/focus-heading.ts';
import { cn } from '../../../lib/utils.ts';
import { useAcceptOwnership } from '../api/accept-ownership.ts';
import { useWithdrawOwnership } from '../api/withdraw-ownership.ts';

export function OwnershipOffer({
  timelineId,
  ownerName,
  memberCount,
  pageRef,
}: {
  timelineId: string;
  ownerName: string;
  memberCount: number;
  /** The page whose heading takes focus when the offer goes while focus was on it. */
  pageRef: React.RefObject<HTMLElement | null>;
}) {
  const accept = useAcceptOwnership(timelineId, memberCount);
  const decline = useWithdrawOwnership(timelineId, 'decline');
  const busy = accept.isPending || decline.isPending;

  // Accepted, declined, or withdrawn by the owner meanwhile: its buttons go with it, and focus with them.
  React.useEffect(
    () => () => {
      requestAnimationFrame(() => focusHeadingIfLost(pageRef.current));
    },
    [pageRef],
  );

  return (
    <section
      aria-label="Ownership offer"
      className="flex flex-wrap items-start gap-x-3 gap-y-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-indigo-950"
    >
      <Crown className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {/* A floor on the text's width: the buttons wrap to their own line before they squeeze it. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="wrap-anywhere font-semibold">{ownerName} offered you ownership of this threadline.</p>
        <p className="text-sm">Accept to take over its settings and members; they stay on as a moderator.</p>
      </div>
      <div className="flex w-full flex-wrap gap-2 pl-8 sm:w-auto sm:pl-0">
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus while it waits (and after a
            refusal the offer stays, with focus where it was). */}
        <Button
          size="sm"
          onClick={() => !busy && accept.mutate()}
          aria-disabled={busy || undefined}
          aria-busy={accept.isPending || undefined}
          className={cn(busy && 'opacity-60')}
        >
          <PendingLabel pending={accept.isPending} label="Accept" pendingLabel="Accepting..." />
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => !busy && decline.mutate({ name: ownerName })}
          aria-disabled={busy || undefined}
          aria-busy={decline.isPending || undefined}
          className={cn(busy && 'opacity-60')}
        >
          <PendingLabel pending={decline.isPending} label="Decline" pendingLabel="Declining..." />
        </Button>
      </div>
    </section>
  );
}
