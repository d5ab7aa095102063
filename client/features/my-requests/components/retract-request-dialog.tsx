// The Cancel Request confirmation (spec 000 §2: copy to the letter).
import { X } from 'lucide-react';
import * as React from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useRetractJoinRequest } from '../api/retract-join-request.ts';

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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <X aria-hidden="true" />
          Cancel Request
          <span className="sr-only"> to join {threadlineName}</span>
        </Button>
      }
      title="Cancel Join Request"
      description={RETRACT_TEXT}
      cancelLabel="Keep Request"
      confirmLabel="Cancel Request"
      pendingLabel="Retracting..."
      destructive
      pending={retract.isPending}
      onConfirm={() => retract.mutate(requestId, { onSettled: () => setOpen(false) })}
    />
  );
}
