// The Cancel Request confirmation (spec 000 §2: copy to the letter).
import { X } from 'lucide-react';
import * as React from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { useRetractJoinRequest } from '../api/retract-join-request.ts';

// Loads when first opened: the dialog primitives stay out of every page's first load (the app chunk).
const ConfirmDialog = lazyDialog(
  async () => (await import('../../../components/confirm-dialog.tsx')).ConfirmDialog,
);

export const RETRACT_TEXT =
  "Are you sure you want to retract this join request? This action cannot be undone and you'll need to submit a new request if you want to join this threadline later.";

export function RetractRequestDialog({
  requestId,
  threadlineName,
}: {
  requestId: string;
  threadlineName: string;
}) {
  const [open, setOpen] = React.useState(false);
  const retract = useRetractJoinRequest();
  // Radix gives focus back to the element focused before opening: this button.
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <X aria-hidden="true" />
        Cancel Request
        <span className="sr-only"> to join {threadlineName}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel Join Request"
        description={RETRACT_TEXT}
        cancelLabel="Keep Request"
        confirmLabel="Cancel Request"
        pendingLabel="Retracting..."
        destructive
        pending={retract.isPending}
        onConfirm={() => retract.mutate(requestId, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
