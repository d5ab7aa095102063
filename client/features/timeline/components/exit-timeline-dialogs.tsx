// Delete Timeline (owners only) and Leave Timeline (non-owners only) confirmations (spec 001 §2 Dialogs).
// Deleting is a soft delete that cannot be undone: the card stays greyed in the Deleted tab (DECISIONS §5).
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteTimeline } from '../api/delete-timeline.ts';
import { useLeaveTimeline } from '../api/leave-timeline.ts';
import { leaveDescription } from '../lib/leave-copy.ts';

interface ExitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeline: TimelineDetail;
  /** Called after deleting or leaving: the page goes home. */
  onGone: () => void;
}

export function DeleteTimelineDialog({ open, onOpenChange, timeline, onGone }: ExitDialogProps) {
  const remove = useDeleteTimeline(timeline.id, timeline.name);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Threadline"
      description={
        <>
          Are you sure you want to delete "{timeline.name}"? Every member loses access to its posts, comments
          and media at once. This action cannot be undone.
        </>
      }
      confirmLabel="Delete Threadline"
      pendingLabel="Deleting..."
      destructive
      pending={remove.isPending}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onGone, onError: () => onOpenChange(false) })}
    />
  );
}

export function LeaveTimelineDialog({ open, onOpenChange, timeline, onGone }: ExitDialogProps) {
  const leave = useLeaveTimeline(timeline.id, timeline.name);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Leave Threadline"
      description={leaveDescription(timeline.name, timeline.joinApprovalRequired)}
      confirmLabel="Leave Threadline"
      pendingLabel="Leaving..."
      destructive
      pending={leave.isPending}
      onConfirm={() => leave.mutate(undefined, { onSuccess: onGone, onError: () => onOpenChange(false) })}
    />
  );
}
