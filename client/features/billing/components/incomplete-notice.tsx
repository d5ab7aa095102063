// Status incomplete (spec 000 §2, §4): the upgrade was not paid; Reset to Free Plan abandons it.
import { AlertTriangle } from 'lucide-react';
import { PendingLabel } from '../../../components/pending-label.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useResetSubscription } from '../api/reset.ts';

export function IncompleteNotice() {
  const reset = useResetSubscription();
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start"
      data-testid="billing-incomplete"
    >
      <AlertTriangle className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1">
        <h3 className="font-semibold">Payment incomplete</h3>
        <p className="text-sm">
          The payment for your upgrade was not completed, so your plan has not changed. Reset to the Free plan
          to start over.
        </p>
      </div>
      <Button
        variant="outline"
        className="self-start"
        disabled={reset.isPending}
        onClick={() => reset.mutate()}
      >
        <PendingLabel pending={reset.isPending} label="Reset to Free Plan" pendingLabel="Resetting..." />
      </Button>
    </div>
  );
}
