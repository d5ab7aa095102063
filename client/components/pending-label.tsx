// A submit or confirm button's content: a spinner and the pending text while its call runs.
import { Loader2 } from 'lucide-react';
import type * as React from 'react';

export function PendingLabel({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: React.ReactNode;
  pendingLabel: React.ReactNode;
}) {
  return (
    <>
      {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </>
  );
}
