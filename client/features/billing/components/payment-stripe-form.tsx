// Stripe's Payment Element (spec 000 §2; DECISIONS §4). Loaded on its own (a dynamic import from the payment
// step), so installations on the sandbox never download Stripe's code.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import * as React from 'react';
import { PaymentActions, PaymentError } from './payment-frame.tsx';
import { usePaymentOutcome } from './payment-outcome.ts';

// One Stripe.js per key for the page's life: <Elements> wants the same promise on every render.
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let stripe = stripes.get(key);
  if (!stripe) {
    // A failed load (offline, blocked) resolves to null, and is tried again the next time the form opens.
    stripe = loadStripe(key).catch(() => null);
    stripe.then((loaded) => loaded ?? stripes.delete(key));
    stripes.set(key, stripe);
  }
  return stripe;
};

interface Props {
  publishableKey: string;
  clientSecret: string;
  onBack: () => void;
  onPaid: () => void;
}

export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  // One promise for this form's life (a failed load is retried only when the form opens again).
  const [stripe] = React.useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = React.useState(false);
  React.useEffect(() => {
    let current = true;
    stripe.then((loaded) => current && setUnavailable(!loaded));
    return () => {
      current = false;
    };
  }, [stripe]);
  if (unavailable)
    return (
      <div>
        <p role="alert" className="text-sm">
          The payment form could not be loaded. Check your connection, then go back and choose the plan again.
        </p>
        <PaymentActions pending={false} ready={false} onBack={rest.onBack} />
      </div>
    );
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <StripeForm {...rest} />
    </Elements>
  );
}

function StripeForm({ onBack, onPaid }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const outcome = usePaymentOutcome(onPaid);
  const [pending, setPending] = React.useState(false);
  const errorId = React.useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || pending) return;
    setPending(true);
    outcome.clear();
    try {
      // Confirmed here, without leaving the page, unless the card's bank needs its own page (3-D Secure);
      // then Stripe comes back to the billing page (spec 000 §2).
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/billing` },
        redirect: 'if_required',
      });
      if (error) outcome.failed(error.message ?? '');
      else await outcome.succeeded({ viaWebhook: true });
    } catch (error) {
      outcome.failed(error instanceof Error ? error.message : '');
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Card payment" aria-describedby={outcome.error ? errorId : undefined}>
      <PaymentElement />
      <PaymentError id={errorId} message={outcome.error} />
      <PaymentActions pending={pending} ready={Boolean(stripe && elements)} onBack={onBack} />
    </form>
  );
}
