// The three plan cards shown on the free plan (spec 000 §2): features and limits from the plan table,
// prices in dollars with 2 decimals, and an upgrade button on each paid card.
import { Check, X } from 'lucide-react';
import {
  type BillingPeriod,
  PAID_PLANS,
  type PaidPlan,
  PLAN_DISPLAY_NAMES,
  PLANS,
  type Plan,
} from '../../../../common/plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/utils.ts';
import { PLAN_HIGHLIGHT, planFeatures, priceView, upgradeLabel } from '../lib/billing-view.ts';

const isPaid = (plan: Plan): plan is PaidPlan => (PAID_PLANS as readonly string[]).includes(plan);

export function PlanCards({
  currentPlan,
  period,
  onUpgrade,
  buttonRef,
}: {
  currentPlan: Plan;
  period: BillingPeriod;
  onUpgrade: (plan: PaidPlan) => void;
  /** Lets the page put focus back on the button that opened the payment step. */
  buttonRef: (plan: PaidPlan, element: HTMLButtonElement | null) => void;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {PLANS.map((plan) => (
        <li key={plan} className="flex min-w-0">
          <PlanCard
            plan={plan}
            current={plan === currentPlan}
            period={period}
            onUpgrade={onUpgrade}
            buttonRef={buttonRef}
          />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({
  plan,
  current,
  period,
  onUpgrade,
  buttonRef,
}: {
  plan: Plan;
  current: boolean;
  period: BillingPeriod;
  onUpgrade: (plan: PaidPlan) => void;
  buttonRef: (plan: PaidPlan, element: HTMLButtonElement | null) => void;
}) {
  const highlight = PLAN_HIGHLIGHT[plan];
  const titleId = `billing-plan-${plan}`;
  return (
    <Card
      className={cn('flex w-full min-w-0 flex-col', plan === 'pro' && 'border-2 border-primary')}
      data-testid={`billing-plan-card-${plan}`}
    >
      <CardHeader>
        <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
          <CardTitle id={titleId}>{PLAN_DISPLAY_NAMES[plan]}</CardTitle>
          {highlight && <Badge variant={plan === 'pro' ? 'default' : 'secondary'}>{highlight}</Badge>}
        </div>
        <PriceLine plan={plan} period={period} />
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2 text-sm" aria-label={`${PLAN_DISPLAY_NAMES[plan]} features`}>
          {planFeatures(plan).map((feature) => (
            <li
              key={feature.text}
              className={cn('flex items-start gap-2', !feature.included && 'text-muted-foreground')}
            >
              {feature.included ? (
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
              ) : (
                <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              )}
              <span className="min-w-0">
                {feature.text}
                {feature.detail && (
                  <span className="block text-xs text-muted-foreground">{feature.detail}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {isPaid(plan) ? (
          <Button
            ref={(element) => buttonRef(plan, element)}
            className="w-full"
            variant={plan === 'pro' ? 'default' : 'outline'}
            onClick={() => onUpgrade(plan)}
          >
            {upgradeLabel(plan)}
          </Button>
        ) : current ? (
          <p className="flex w-full items-center justify-center gap-2 rounded-lg bg-muted py-2 text-sm font-medium">
            <Check className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            Your current plan
          </p>
        ) : null}
      </CardFooter>
    </Card>
  );
}

function PriceLine({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  if (!isPaid(plan))
    return (
      <p className="mt-2">
        <span className="text-3xl font-bold tracking-tight">Free</span>
      </p>
    );
  const price = priceView(plan, period);
  return (
    <div className="mt-2" data-testid={`billing-price-${plan}`}>
      <p>
        <span className="text-3xl font-bold tracking-tight">{price.amount}</span>
        <span className="text-muted-foreground">{price.per}</span>
      </p>
      {price.equivalent && <p className="text-sm text-muted-foreground">{price.equivalent}</p>}
    </div>
  );
}
