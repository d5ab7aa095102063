// /billing: Billing & Subscription (spec 000 §2-4, §8-9). The overview (plan, status, usage, cancel, reset,
// plan cards) or, once an upgrade is chosen, the payment step. BILLING_PROVIDER=off never reaches here: the
// router shows Page Not Found.
import { ArrowLeft, Loader2 } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import type { BillingPeriod, PaidPlan } from '../../../../common/plans.ts';
import type { SubscriptionStatus } from '../../../../common/schemas/timeline.ts';
import { SignedInLayout } from '../../../components/page-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { toast } from '../../../lib/use-toast.ts';
import { useSubscriptionStatus } from '../api/get-status.ts';
import { BillingPeriodToggle } from './billing-period-toggle.tsx';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { PaymentReturn } from './payment-return.tsx';
import { PaymentStep } from './payment-step.tsx';
import { PlanCards } from './plan-cards.tsx';

export const BILLING_TITLE = 'Billing & Subscription';

interface Choice {
  plan: PaidPlan;
  billingPeriod: BillingPeriod;
}

export function BillingPage() {
  const [, navigate] = useLocation();
  const query = useSubscriptionStatus();
  const error = query.error;
  React.useEffect(() => {
    if (isUnauthorizedError(error)) handleUnauthorized(toast);
  }, [error]);

  return (
    <SignedInLayout title={BILLING_TITLE} className="max-w-5xl">
      <Button variant="ghost" className="-ml-3 mb-4" onClick={() => navigate('/')}>
        <ArrowLeft aria-hidden="true" />
        Back to Threadlines
      </Button>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{BILLING_TITLE}</h1>
      <p className="mt-2 text-muted-foreground">Your plan, what you use of it, and upgrades.</p>
      {/* Stripe's return from a bank check (?redirect_status=...); nothing otherwise. */}
      <PaymentReturn />

      <div className="mt-6">
        {query.isPending ? (
          <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground" role="status">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Loading your plan...
          </div>
        ) : query.isError ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-12 text-center">
            <p role="alert">Could not load your subscription.</p>
            <Button variant="outline" onClick={() => query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <Billing status={query.data} />
        )}
      </div>
    </SignedInLayout>
  );
}

function Billing({ status }: { status: SubscriptionStatus }) {
  const [period, setPeriod] = React.useState<BillingPeriod>('monthly');
  const [choice, setChoice] = React.useState<Choice | null>(null);
  // The upgrade button to focus again when the payment step is left with Back to Billing.
  const [returnTo, setReturnTo] = React.useState<PaidPlan | null>(null);
  const buttons = React.useRef(new Map<PaidPlan, HTMLButtonElement>());
  const overview = React.useRef<HTMLDivElement>(null);
  const payment = React.useRef<HTMLDivElement>(null);

  const buttonRef = React.useCallback((plan: PaidPlan, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(plan, element);
    else buttons.current.delete(plan);
  }, []);

  React.useEffect(() => {
    if (choice) {
      // The upgrade button is gone; unless the payment step took focus itself, start at its heading.
      focusFirstHeadingIfLost(payment.current);
    } else if (returnTo) {
      buttons.current.get(returnTo)?.focus();
      setReturnTo(null);
    } else {
      focusFirstHeadingIfLost(overview.current);
    }
  }, [choice, returnTo]);

  if (choice)
    return (
      <div ref={payment}>
        <PaymentStep
          plan={choice.plan}
          billingPeriod={choice.billingPeriod}
          onBack={() => {
            setReturnTo(choice.plan);
            setChoice(null);
          }}
          onPaid={() => setChoice(null)}
        />
      </div>
    );

  return (
    <div ref={overview} className="grid gap-8">
      <CurrentPlanCard status={status} />
      {status.plan === 'free' && (
        <section aria-labelledby="billing-plans" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2
              id="billing-plans"
              tabIndex={-1}
              className="text-xl font-semibold tracking-tight outline-none"
            >
              Choose a Plan
            </h2>
            <BillingPeriodToggle value={period} onValueChange={setPeriod} />
          </div>
          <PlanCards
            currentPlan={status.plan}
            period={period}
            buttonRef={buttonRef}
            onUpgrade={(plan) => setChoice({ plan, billingPeriod: period })}
          />
        </section>
      )}
    </div>
  );
}

/** After a switch that removed the focused control: focus the new view's first heading, not the body. */
function focusFirstHeadingIfLost(root: HTMLElement | null) {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const heading = root?.querySelector<HTMLElement>('h1, h2, h3');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
