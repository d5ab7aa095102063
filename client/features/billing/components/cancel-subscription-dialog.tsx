// Cancel Subscription and its confirmation (spec 000 §2): the plan stays until the period's end.
import * as React from 'react';
import { PLAN_DISPLAY_NAMES, type Plan } from '../../../../common/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { useCancelSubscription } from '../api/cancel.ts';
import { longDate, periodEndDate } from '../lib/billing-view.ts';

// Loads when first opened: the dialog primitives stay out of every page's first load (the app chunk).
const ConfirmDialog = lazyDialog(
  async () => (await import('../../../components/confirm-dialog.tsx')).ConfirmDialog,
);

export function cancelText(plan: Plan, currentPeriodEnd: number | null): string {
  const until =
    currentPeriodEnd == null ? 'the end of the current period' : longDate(periodEndDate(currentPeriodEnd));
  return `Your ${PLAN_DISPLAY_NAMES[plan]} plan stays active until ${until}. After that your account returns to the ${PLAN_DISPLAY_NAMES.free} plan and its limits; nothing you have made is deleted.`;
}

export function CancelSubscriptionDialog({
  plan,
  currentPeriodEnd,
  buttonRef,
}: {
  plan: Plan;
  currentPeriodEnd: number | null;
  buttonRef?: React.Ref<HTMLButtonElement>;
}) {
  const [open, setOpen] = React.useState(false);
  const cancel = useCancelSubscription();
  // Radix gives focus back to the element focused before opening: this button.
  return (
    <>
      <Button ref={buttonRef} variant="outline" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel Subscription"
        description={cancelText(plan, currentPeriodEnd)}
        cancelLabel="Keep Subscription"
        confirmLabel="Cancel Subscription"
        pendingLabel="Canceling..."
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
