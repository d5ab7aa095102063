// The Cancel Request confirmation (spec 000 §2: copy to the letter).
import { Loader2, X } from 'lucide-react';
import * as React from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
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
    <AlertDialog open={open} onOpenChange={(next) => !retract.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm">
          <X aria-hidden="true" />
          Cancel Request
          <span className="sr-only"> to join {threadlineName}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel Join Request</AlertDialogTitle>
          <AlertDialogDescription>{RETRACT_TEXT}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={retract.isPending}>Keep Request</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={retract.isPending}
            onClick={() => retract.mutate(requestId, { onSettled: () => setOpen(false) })}
          >
            {retract.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {retract.isPending ? 'Retracting...' : 'Cancel Request'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
