// Approve or Reject one pending request, with an optional 'Response Message' (spec 001 §2).
import * as React from 'react';
import { TEXT_LIMITS } from '../../../../common/limits.ts';
import { personName } from '../../../../common/names.ts';
import type { JoinRequest } from '../../../../common/schemas/timeline.ts';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useRespondToJoinRequest } from '../api/respond-join-request.ts';
import type { BulkAction } from '../lib/bulk-outcome.ts';

export interface RespondTarget {
  action: BulkAction;
  request: JoinRequest;
}

const COPY = {
  approve: {
    title: 'Approve Join Request',
    description: (name: string) => `${name} will join this threadline as a participant.`,
    placeholder: 'Welcome to the threadline!',
    confirm: 'Approve',
    pending: 'Approving...',
  },
  reject: {
    title: 'Reject Join Request',
    description: (name: string) => `${name} will not be added to this threadline.`,
    placeholder: 'Thank you for your interest, but...',
    confirm: 'Reject',
    pending: 'Rejecting...',
  },
} as const;

export function RespondRequestDialog({
  timelineId,
  target,
  onClose,
}: {
  timelineId: string;
  target: RespondTarget | null;
  onClose: () => void;
}) {
  // One mutation per decision, so a pending call keeps its own toasts if the target changes.
  const approve = useRespondToJoinRequest(timelineId, 'approve');
  const reject = useRespondToJoinRequest(timelineId, 'reject');
  const [message, setMessage] = React.useState('');
  const action = target?.action ?? 'approve';
  const copy = COPY[action];
  const mutation = action === 'approve' ? approve : reject;
  const name = personName(target?.request.user);

  const close = () => {
    setMessage('');
    onClose();
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!target || mutation.isPending) return;
    // Close either way: a failure toast explains it and the list is refreshed.
    mutation.mutate({ requestId: target.request.id, responseMessage: message, name }, { onSettled: close });
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description(name)}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit}>
          <div className="grid gap-2">
            <Label htmlFor="respond-message">Response Message</Label>
            <Textarea
              id="respond-message"
              rows={3}
              maxLength={TEXT_LIMITS.requestMessage}
              placeholder={copy.placeholder}
              aria-describedby="respond-message-hint"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <p id="respond-message-hint" className="text-xs text-muted-foreground">
              Optional. {name} sees it with your decision.
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={action === 'reject' ? 'destructive' : 'default'}
              disabled={mutation.isPending}
            >
              <PendingLabel pending={mutation.isPending} label={copy.confirm} pendingLabel={copy.pending} />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
