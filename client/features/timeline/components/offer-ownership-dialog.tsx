// "Hand over this threadline?" (issue 26, DECISIONS §10): the owner offers ownership to a member, who
// becomes the owner once they accept; the owner stays on as a moderator. One offer at a time: a new one
// replaces the offer already out, and the text says so.
import * as React from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useOfferOwnership } from '../api/offer-ownership.ts';
import { offerDescription } from '../lib/ownership-copy.ts';

export interface OfferTarget {
  userId: string;
  name: string;
}

export function OfferOwnershipDialog({
  timelineId,
  target,
  replacing,
  onClose,
}: {
  timelineId: string;
  target: OfferTarget | null;
  /** The name of the member an earlier offer went to, when there is one (it is replaced). */
  replacing?: string;
  onClose: () => void;
}) {
  const offer = useOfferOwnership(timelineId);
  // The words stay as they were asked while the offer is made (it changes the offer they name) and while
  // the dialog animates closed (the target is null by then).
  const [shown, setShown] = React.useState({ target, replacing });
  const changed = target !== shown.target || replacing !== shown.replacing;
  if (target && !offer.isPending && changed) setShown({ target, replacing });
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Hand over this threadline?"
      description={shown.target ? offerDescription(shown.target.name, shown.replacing) : null}
      confirmLabel="Offer ownership"
      pendingLabel="Offering..."
      pending={offer.isPending}
      onConfirm={() => target && offer.mutate(target, { onSettled: onClose })}
    />
  );
}
