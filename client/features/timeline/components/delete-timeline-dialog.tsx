// Delete Timeline confirmation (spec 001 §2 Dialogs); owners only. Deleting is a soft delete that
// cannot be undone: the card stays greyed in the Deleted tab (DECISIONS §5).
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
import { useDeleteTimeline } from '../api/delete-timeline.ts';

export function DeleteTimelineDialog({
  open,
  onOpenChange,
  timeline,
  onGone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeline: TimelineDetail;
  onGone: () => void;
}) {
  const remove = useDeleteTimeline(timeline.id, timeline.name);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Timeline</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete "{timeline.name}"? Every member loses access to its posts,
            comments and media at once. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: onGone, onError: () => onOpenChange(false) })
            }
          >
            {remove.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {remove.isPending ? 'Deleting...' : 'Delete Timeline'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
