// 'Manage Join Requests' (spec 001 §2 Dialogs): the panel in a dialog, for owners and moderators.
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { JoinRequestsPanel } from './join-requests-panel.tsx';

export function JoinRequestsDialog({
  open,
  onOpenChange,
  timelineId,
  timelineName,
  isOwner,
  isModerator,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timelineId: string;
  timelineName: string;
  isOwner: boolean;
  isModerator: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader className="pr-8">
          <DialogTitle>Manage Join Requests</DialogTitle>
          <DialogDescription>Review who has asked to join "{timelineName}".</DialogDescription>
        </DialogHeader>
        <JoinRequestsPanel timelineId={timelineId} isOwner={isOwner} isModerator={isModerator} />
      </DialogContent>
    </Dialog>
  );
}
