// The shared confirmation dialog: title, description, optional extra fields, Cancel and a confirming
// action that shows a spinner and its pending label. It cannot be closed while the call runs.
import type * as React from 'react';
import { PendingLabel } from './pending-label.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  cancelLabel?: React.ReactNode;
  confirmLabel: React.ReactNode;
  pendingLabel: React.ReactNode;
  destructive?: boolean;
  pending: boolean;
  /** Runs the call; the caller closes the dialog when it ends (the action does not close it). */
  onConfirm: () => void;
  /** The element that opens the dialog, if the dialog owns one (rendered through AlertDialogTrigger). */
  trigger?: React.ReactNode;
  /** Extra content between the description and the buttons, such as a reason field. */
  children?: React.ReactNode;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel,
  destructive = false,
  pending,
  onConfirm,
  trigger,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} disabled={pending} onClick={onConfirm}>
            <PendingLabel pending={pending} label={confirmLabel} pendingLabel={pendingLabel} />
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
