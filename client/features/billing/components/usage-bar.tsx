// One usage bar of the Billing screen (spec 000 §2): a labelled progressbar whose text says the real figures.
import { cn } from '../../../lib/utils.ts';

export function UsageBar({
  id,
  label,
  text,
  percent,
}: {
  id: string;
  label: string;
  /** "3 of 10 threadlines", "1.5 MB of 1 GB": shown and read as the bar's value. */
  text: string;
  percent: number;
}) {
  const full = percent >= 100;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span id={`${id}-label`} className="font-medium">
          {label}
        </span>
        <span className="tabular-nums text-muted-foreground" data-testid={`${id}-text`}>
          {text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        data-testid={id}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full bg-primary', full && 'bg-amber-600')}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
