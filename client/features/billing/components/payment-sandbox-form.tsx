// The sandbox's payment form (DECISIONS §4): no card, no money. Clearly marked as test mode, with a way to
// see the declined path ("Simulate a declined card") the way a real provider's test cards do.
import { FlaskConical } from 'lucide-react';
import * as React from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useSandboxConfirm } from '../api/sandbox-confirm.ts';
import { PaymentActions, PaymentError } from './payment-frame.tsx';
import { usePaymentOutcome } from './payment-outcome.ts';

/**
 * common/schemas/billing.ts's SANDBOX_TEST_MODE, spelled out: importing a value from there would bring zod
 * (26 KiB compressed) into the Billing screen's download. The unit test keeps the two equal.
 */
export const SANDBOX_TEST_MODE = 'Test mode: no card is charged';

export function SandboxPaymentForm({
  clientSecret,
  onBack,
  onPaid,
}: {
  clientSecret: string;
  onBack: () => void;
  onPaid: () => void;
}) {
  const [decline, setDecline] = React.useState(false);
  const confirm = useSandboxConfirm();
  const outcome = usePaymentOutcome(onPaid);
  const declineId = React.useId();
  const errorId = React.useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    outcome.clear();
    confirm.mutate(
      { clientSecret, outcome: decline ? 'decline' : 'succeed' },
      { onSuccess: () => outcome.succeeded(), onError: (error) => outcome.failed(error) },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Sandbox payment"
      aria-describedby={outcome.error ? errorId : undefined}
    >
      <div
        role="note"
        className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0">
          <strong className="font-semibold">{SANDBOX_TEST_MODE}.</strong> This installation runs the billing
          sandbox: Complete Payment activates the plan at once, with no card details and no money.
        </p>
      </div>
      <div className="mt-4 flex items-center gap-2">
        <Checkbox
          id={declineId}
          checked={decline}
          onCheckedChange={(checked) => setDecline(checked === true)}
          disabled={confirm.isPending}
        />
        <Label htmlFor={declineId}>Simulate a declined card</Label>
      </div>
      <PaymentError id={errorId} message={outcome.error} />
      <PaymentActions pending={confirm.isPending} onBack={onBack} />
    </form>
  );
}
