// Create Threadline dialog (spec 000 §2, §5, §8): name required after trimming, description optional.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import type { Plan } from '../../../../common/plans.ts';
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
import { useCreateTimeline } from '../api/create-timeline.tsx';

export const NAME_REQUIRED = 'Please enter a timeline name';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan?: Plan;
  onCreated?: () => void;
}

export function CreateTimelineDialog({ open, onOpenChange, plan, onCreated }: Props) {
  const create = useCreateTimeline({ plan });
  const [name, setName] = React.useState('');
  const [description, setDescription] = React.useState('');
  const [nameError, setNameError] = React.useState<string | null>(null);
  const nameRef = React.useRef<HTMLInputElement>(null);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setName('');
      setDescription('');
      setNameError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) {
      setNameError(NAME_REQUIRED);
      toast({ title: 'Error', description: NAME_REQUIRED, variant: 'destructive' });
      nameRef.current?.focus();
      return;
    }
    create.mutate(
      { name, description },
      {
        onSuccess: () => {
          changeOpen(false);
          onCreated?.();
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Threadline</DialogTitle>
          <DialogDescription>
            Start a private space. You will get a join code to share with the people you invite.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={onSubmit}>
          <div className="grid gap-2">
            <Label htmlFor="create-timeline-name">Name</Label>
            <Input
              ref={nameRef}
              id="create-timeline-name"
              autoComplete="off"
              placeholder="e.g. Family Trip 2025"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'create-timeline-name-error' : undefined}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (nameError) setNameError(null);
              }}
            />
            {nameError && (
              <p id="create-timeline-name-error" className="text-sm text-destructive">
                {nameError}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="create-timeline-description">
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id="create-timeline-description"
              rows={3}
              placeholder="What is this threadline about?"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {create.isPending ? 'Creating...' : 'Create Threadline'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
