// 'Remove & Block Member' confirmation with an optional reason (spec 001 §2, §4-5).
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { TEXT_LIMITS } from '../../../../common/limits.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useRemoveMember } from '../api/remove-member.ts';

export interface RemoveTarget {
  userId: string;
  name: string;
}

export function RemoveMemberDialog({
  timelineId,
  target,
  onClose,
}: {
  timelineId: string;
  target: RemoveTarget | null;
  onClose: () => void;
}) {
  const remove = useRemoveMember(timelineId);
  const [reason, setReason] = React.useState('');

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && !remove.isPending && close()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove & Block Member</AlertDialogTitle>
          <AlertDialogDescription>
            {target?.name} will be removed from this timeline and blocked from joining again. Their posts and
            comments stay, and any pending join request of theirs is cancelled. You can unblock them later
            from the Blocked list.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="block-reason">Reason (optional)</Label>
          <Textarea
            id="block-reason"
            rows={3}
            maxLength={TEXT_LIMITS.blockReason}
            placeholder="Why is this member being removed?"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={remove.isPending}
            onClick={() =>
              target &&
              remove.mutate({ userId: target.userId, name: target.name, reason }, { onSettled: close })
            }
          >
            {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {remove.isPending ? 'Blocking...' : 'Remove & Block'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
