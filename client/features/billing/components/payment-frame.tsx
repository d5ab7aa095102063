// The payment step's frame: its heading (focused as it opens, since the plan card's button that opened it
// is gone), what is being bought, and the form of the provider in force.
import * as React from 'react';
import {
  type BillingPeriod,
  type PaidPlan,
  PLAN_DISPLAY_NAMES,
  PLAN_PRICES,
} from '../../../../common/plans.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { PAYMENT_FAILED } from './payment-outcome.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** "$79.99 per year ($6.67/month)": prices from the plan table (spec 001 §9), 2 decimals (spec 000 §2). */
export function priceLine(plan: PaidPlan, billingPeriod: BillingPeriod): string {
  const cents = PLAN_PRICES[plan][billingPeriod];
  return billingPeriod === 'yearly'
    ? `${dollars(cents)} per year (${dollars(Math.round(cents / 12))}/month)`
    : `${dollars(cents)} per month`;
}

export function PaymentFrame({
  plan,
  billingPeriod,
  children,
}: {
  plan: PaidPlan;
  billingPeriod: BillingPeriod;
  children: React.ReactNode;
}) {
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="payment-heading" className="mx-auto w-full max-w-lg">
      <Card>
        <CardHeader>
          <h2
            id="payment-heading"
            ref={heading}
            tabIndex={-1}
            className="text-xl font-semibold leading-tight focus:outline-none"
          >
            Upgrade to {PLAN_DISPLAY_NAMES[plan]}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="min-w-0 font-medium">
              {PLAN_DISPLAY_NAMES[plan]}, billed {billingPeriod}
            </dd>
            <dt className="text-muted-foreground">Price</dt>
            <dd className="min-w-0 font-medium">{priceLine(plan, billingPeriod)}</dd>
          </dl>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

/**
 * A failed payment, inside the form (issue 25): an alert when it appears, and the form's description (the
 * form points at it with aria-describedby) for as long as it applies. Nothing while there is none.
 */
export function PaymentError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      data-testid="payment-error"
      className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <p className="font-semibold">{PAYMENT_FAILED}</p>
      <p className="min-w-0 break-words">{message}</p>
    </div>
  );
}

/** Back to Billing and Complete Payment ("Processing..." while it runs); stacked in the same order on phones. */
export function PaymentActions({
  pending,
  ready = true,
  onBack,
}: {
  pending: boolean;
  ready?: boolean;
  onBack: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={onBack} disabled={pending}>
        Back to Billing
      </Button>
      <Button type="submit" disabled={pending || !ready} aria-disabled={pending || !ready}>
        {pending ? 'Processing...' : 'Complete Payment'}
      </Button>
    </div>
  );
}
