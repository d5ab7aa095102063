// Monthly/Yearly (spec 000 §2): a native radio group, so arrow keys move between the two like any radio.
import { BILLING_PERIODS, type BillingPeriod, YEARLY_SAVING_PERCENT } from '../../../../common/plans.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/utils.ts';

const LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };

export function BillingPeriodToggle({
  value,
  onValueChange,
}: {
  value: BillingPeriod;
  onValueChange: (value: BillingPeriod) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex max-w-full flex-wrap rounded-lg border border-border bg-muted p-1">
        {BILLING_PERIODS.map((period) => (
          <label
            key={period}
            className={cn(
              'relative inline-flex h-9 cursor-pointer items-center gap-2 rounded-md px-4 text-sm font-medium text-muted-foreground',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
              value === period && 'bg-card text-foreground shadow-sm',
            )}
          >
            <input
              type="radio"
              name="billing-period"
              value={period}
              checked={value === period}
              onChange={() => onValueChange(period)}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {LABELS[period]}
            {period === 'yearly' && (
              <Badge className="border-transparent bg-emerald-100 text-emerald-800">
                Save {YEARLY_SAVING_PERCENT}%
              </Badge>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
