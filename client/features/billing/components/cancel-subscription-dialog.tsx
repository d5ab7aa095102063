// Cancel Subscription and its confirmation (spec 000 §2): the plan stays until the period's end.
import * as React from 'react';
import { PLAN_DISPLAY_NAMES, type Plan } from '../../../../common/plans.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCancelSubscription } from '../api/cancel.ts';
import { longDate, periodEndDate } from '../lib/billing-view.ts';

export function cancelText(plan: Plan, currentPeriodEnd: number | null): string {
  const until =
    currentPeriodEnd == null ? 'the end of the current period' : longDate(periodEndDate(currentPeriodEnd));
  return `Your ${PLAN_DISPLAY_NAMES[plan]} plan stays active until ${until}. After that your account returns to the ${PLAN_DISPLAY_NAMES.free} plan and its limits; nothing you have made is deleted.`;
}

export function CancelSubscriptionDialog({
  plan,
  currentPeriodEnd,
}: {
  plan: Plan;
  currentPeriodEnd: number | null;
}) {
  const [open, setOpen] = React.useState(false);
  const cancel = useCancelSubscription();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="outline">Cancel Subscription</Button>}
      title="Cancel Subscription"
      description={cancelText(plan, currentPeriodEnd)}
      cancelLabel="Keep Subscription"
      confirmLabel="Cancel Subscription"
      pendingLabel="Canceling..."
      destructive
      pending={cancel.isPending}
      onConfirm={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
    />
  );
}
