// The upgrade prompt for a paid feature (DECISIONS §9), worded from the plan table in common/plans.ts. With
// billing off (or before /api/meta answers) it shows nothing: every feature is on and no plan is quoted.
import { Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { PLAN_FEATURE_COPY, type PlanFeature, plansWith } from '../../common/plans.ts';
import { useMeta } from '../lib/auth.ts';
import { cn } from '../lib/utils.ts';
import { buttonVariants } from './ui/button.tsx';

export interface UpgradeCardProps {
  feature: PlanFeature;
  /**
   * Whose plan decides: 'self' (the viewer upgrades, a link to /billing) or 'owner' (the threadline owner's
   * plan, and the viewer is not the owner: nothing for them to buy).
   */
  decidedBy?: 'self' | 'owner';
  className?: string;
}

/** The prompt's words, without the billing check (for tests and for screens that word it their own way). */
export function upgradeText(feature: PlanFeature, decidedBy: 'self' | 'owner' = 'self') {
  const { label, description } = PLAN_FEATURE_COPY[feature];
  const plans = plansWith(feature);
  return {
    title: `${label} is part of ${plans}`,
    description:
      decidedBy === 'self'
        ? `${description}. Upgrade to ${plans} to use it.`
        : `${description}. It turns on when this threadline's owner upgrades to ${plans}.`,
  };
}

export function UpgradeCard({ feature, decidedBy = 'self', className }: UpgradeCardProps) {
  const { data: meta } = useMeta();
  if (!meta || meta.billingProvider === 'off') return null;
  const text = upgradeText(feature, decidedBy);
  return (
    <section
      className={cn('rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm', className)}
      aria-label={text.title}
      data-testid={`upgrade-card-${feature}`}
    >
      <div className="flex items-start gap-3">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">{text.title}</p>
          <p className="mt-1 text-sm text-muted-foreground">{text.description}</p>
          {decidedBy === 'self' && (
            <Link href="/billing" className={cn(buttonVariants({ size: 'sm' }), 'mt-3')}>
              See plans
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
