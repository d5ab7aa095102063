// The pieces the Create and Join Threadline dialogs share: the dialog with its heading, a required
// field with its inline error, an optional textarea, and the footer with Cancel and a pending submit.
import type * as React from 'react';
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
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A labelled input whose error, when there is one, shows below it as `{id}-error` and describes it. */
export function InputField({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error: string | null } & React.ComponentProps<typeof Input>) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled textarea marked '(optional)'. */
export function OptionalTextareaField({
  id,
  label,
  ...props
}: { id: string; label: string } & React.ComponentProps<typeof Textarea>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label} <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Textarea id={id} rows={3} {...props} />
    </div>
  );
}

export function FormFooter({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        <PendingLabel pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
      </Button>
    </DialogFooter>
  );
}
