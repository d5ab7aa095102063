// Leave Timeline confirmation (spec 001 §2 Dialogs); non-owners only.
import { Loader2 } from 'lucide-react';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
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
import { useLeaveTimeline } from '../api/leave-timeline.ts';
import { leaveDescription } from '../lib/leave-copy.ts';

export function LeaveTimelineDialog({
  open,
  onOpenChange,
  timeline,
  onGone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeline: TimelineDetail;
  /** Called after leaving: the page goes home. */
  onGone: () => void;
}) {
  const leave = useLeaveTimeline(timeline.id, timeline.name);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !leave.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave Timeline</AlertDialogTitle>
          <AlertDialogDescription>
            {leaveDescription(timeline.name, timeline.joinApprovalRequired)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={leave.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSuccess: onGone, onError: () => onOpenChange(false) })}
          >
            {leave.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {leave.isPending ? 'Leaving...' : 'Leave Timeline'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
