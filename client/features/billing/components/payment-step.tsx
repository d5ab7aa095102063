// The upgrade's payment step (spec 000 §2, §4, §5, §8): create the subscription, receive a client secret,
// pay with the provider in force (the sandbox's test form, or Stripe's Payment Element), then refresh the
// status. A failed creation says why and returns to the overview.
import * as React from 'react';
import type { BillingPeriod, PaidPlan } from '../../../../common/plans.ts';
import { useMeta } from '../../../lib/auth.ts';
import { serverMessage } from '../../../lib/authUtils.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import { NO_CLIENT_SECRET, useCreateSubscription } from '../api/create-subscription.ts';
import { PaymentActions, PaymentFrame } from './payment-frame.tsx';
import { SandboxPaymentForm } from './payment-sandbox-form.tsx';

// Stripe's code comes only with the Stripe form: sandbox installations never download it.
const StripePaymentForm = lazyNamed(() => import('./payment-stripe-form.tsx'), 'default');

export interface PaymentStepProps {
  plan: PaidPlan;
  billingPeriod: BillingPeriod;
  /** "Back to Billing": leave the payment form (an unpaid subscription stays incomplete). */
  onBack: () => void;
  /** Paid: the status was refreshed; the page returns to its overview. */
  onPaid: () => void;
}

const createFailure = (error: unknown): string =>
  error instanceof Error && error.message === NO_CLIENT_SECRET
    ? NO_CLIENT_SECRET
    : (serverMessage(error) ?? 'Failed to create subscription');

export function PaymentStep({ plan, billingPeriod, onBack, onPaid }: PaymentStepProps) {
  const meta = useMeta();
  const created = useCreateSubscription({ plan, billingPeriod });
  const clientSecret = created.data;

  const onBackRef = React.useRef(onBack);
  onBackRef.current = onBack;
  React.useEffect(() => {
    if (!created.error) return;
    notifyFailure(created.error, { title: 'Error', description: createFailure(created.error) });
    onBackRef.current();
  }, [created.error]);

  const provider = meta.data?.billingProvider;
  const publishableKey = meta.data?.stripePublishableKey;
  let body: React.ReactNode;
  if (!clientSecret || !provider) body = <Preparing onBack={onBack} />;
  else if (provider === 'sandbox')
    body = <SandboxPaymentForm clientSecret={clientSecret} onBack={onBack} onPaid={onPaid} />;
  else if (provider === 'stripe' && publishableKey)
    body = (
      <React.Suspense fallback={<Preparing onBack={onBack} />}>
        <StripePaymentForm
          publishableKey={publishableKey}
          clientSecret={clientSecret}
          onBack={onBack}
          onPaid={onPaid}
        />
      </React.Suspense>
    );
  else body = <Unavailable onBack={onBack} />;

  return (
    <PaymentFrame plan={plan} billingPeriod={billingPeriod}>
      {body}
    </PaymentFrame>
  );
}

function Preparing({ onBack }: { onBack: () => void }) {
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        Preparing payment...
      </p>
      <PaymentActions pending={false} ready={false} onBack={onBack} />
    </form>
  );
}

function Unavailable({ onBack }: { onBack: () => void }) {
  return (
    <div>
      <p role="alert" className="text-sm">
        Payments are not available on this installation.
      </p>
      <PaymentActions pending={false} ready={false} onBack={onBack} />
    </div>
  );
}
