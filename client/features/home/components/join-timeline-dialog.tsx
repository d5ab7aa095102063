// Join Threadline dialog (spec 000 §2, §5, §8): the code is upper-cased as typed; a join that needs
// approval keeps the dialog open, clears the code and shows the Request Pending panel.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../lib/use-toast.ts';
import { PENDING_FALLBACK, useJoinTimeline } from '../api/join-timeline.ts';
import { RequestPendingPanel } from './request-pending-panel.tsx';

export const CODE_REQUIRED = 'Please enter a timeline code';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function JoinTimelineDialog({ open, onOpenChange }: Props) {
  const join = useJoinTimeline();
  const [, navigate] = useLocation();
  const [code, setCode] = React.useState('');
  const [message, setMessage] = React.useState('');
  const [codeError, setCodeError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState<string | null>(null);
  const codeRef = React.useRef<HTMLInputElement>(null);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setCode('');
      setMessage('');
      setCodeError(null);
      setPending(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending) return;
    if (!code.trim()) {
      setCodeError(CODE_REQUIRED);
      toast({ title: 'Error', description: CODE_REQUIRED, variant: 'destructive' });
      codeRef.current?.focus();
      return;
    }
    join.mutate(
      { joinCode: code, message },
      {
        onSuccess: (res) => {
          if (res.status === 'pending') {
            setCode('');
            setPending(res.message || PENDING_FALLBACK);
          } else {
            changeOpen(false);
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Join Threadline</DialogTitle>
          <DialogDescription>
            Enter the join code someone shared with you. Some threadlines ask their owner to approve new
            members first.
          </DialogDescription>
        </DialogHeader>
        {pending && (
          <RequestPendingPanel
            message={pending}
            onViewRequests={() => {
              changeOpen(false);
              navigate('/my-requests');
            }}
          />
        )}
        <form className="grid gap-4" noValidate onSubmit={onSubmit}>
          <div className="grid gap-2">
            <Label htmlFor="join-timeline-code">Join Code</Label>
            <Input
              ref={codeRef}
              id="join-timeline-code"
              className="font-mono tracking-wider uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. ABCD2345"
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'join-timeline-code-error' : undefined}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.toUpperCase());
                if (codeError) setCodeError(null);
              }}
            />
            {codeError && (
              <p id="join-timeline-code-error" className="text-sm text-destructive">
                {codeError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="join-timeline-message">
              Message <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id="join-timeline-message"
              rows={3}
              placeholder="Introduce yourself, in case the owner approves new members"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={join.isPending}>
              {join.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {join.isPending ? 'Joining...' : 'Join Threadline'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
