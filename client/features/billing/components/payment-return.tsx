// Back from a page of the card's bank (3-D Secure and other redirect methods): Stripe returns to /billing
// (the return_url of confirmPayment) with payment_intent_client_secret and redirect_status. This says how it
// went, like the payment step would have (spec 000 §8), and leaves a clean /billing behind.
import * as React from 'react';
import { useLocation, useSearch } from 'wouter';
import { useMeta } from '../../../lib/auth.ts';
import { usePaymentOutcome } from './payment-outcome.ts';

/** Stripe's words for a failed payment, read from its PaymentIntent (Stripe's code loads only now). */
async function stripeFailureMessage(publishableKey: string | null, clientSecret: string | null) {
  if (!publishableKey || !clientSecret) return '';
  try {
    const { loadStripe } = await import('@stripe/stripe-js');
    const stripe = await loadStripe(publishableKey);
    const result = await stripe?.retrievePaymentIntent(clientSecret);
    return result?.paymentIntent?.last_payment_error?.message ?? '';
  } catch {
    return '';
  }
}

/** Rendered by the Billing page: nothing, or "Confirming your payment..." while the webhook lands. */
export function PaymentReturn() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { data: meta } = useMeta();
  const [confirming, setConfirming] = React.useState(false);
  const outcome = usePaymentOutcome(() => setConfirming(false));
  const latest = React.useRef(outcome);
  latest.current = outcome;
  const handled = React.useRef(false);

  React.useEffect(() => {
    const params = new URLSearchParams(search);
    const redirectStatus = params.get('redirect_status');
    if (!redirectStatus || handled.current || meta?.billingProvider !== 'stripe') return;
    handled.current = true;
    navigate('/billing', { replace: true });
    if (redirectStatus === 'succeeded' || redirectStatus === 'processing') {
      setConfirming(true);
      void latest.current.succeeded({ viaWebhook: true });
    } else {
      void stripeFailureMessage(meta.stripePublishableKey, params.get('payment_intent_client_secret')).then(
        (message) => latest.current.failed(message),
      );
    }
  }, [search, meta, navigate]);

  if (!confirming) return null;
  return (
    <p role="status" className="mb-4 rounded-lg border border-border bg-card p-3 text-sm">
      Confirming your payment...
    </p>
  );
}
