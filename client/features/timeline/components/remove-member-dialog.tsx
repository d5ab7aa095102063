// 'Remove & Block Member' confirmation with an optional reason (spec 001 §2, §4-5).
import * as React from 'react';
import { TEXT_LIMITS } from '../../../../common/limits.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
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
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title="Remove & Block Member"
      description={
        <>
          {target?.name} will be removed from this threadline and blocked from joining again. Their posts and
          comments stay, and any pending join request of theirs is cancelled. You can unblock them later from
          the Blocked list.
        </>
      }
      confirmLabel="Remove & Block"
      pendingLabel="Blocking..."
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        target && remove.mutate({ userId: target.userId, name: target.name, reason }, { onSettled: close })
      }
    >
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
    </ConfirmDialog>
  );
}
