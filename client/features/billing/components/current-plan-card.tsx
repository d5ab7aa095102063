// The Billing screen's summary (spec 000 §2): plan and status badges, the end-date line, the two usage bars,
// Cancel Subscription, Resume subscription while a cancelled plan runs out (issue 25) and the incomplete notice.
import { CalendarClock } from 'lucide-react';
import * as React from 'react';
import { PLAN_DISPLAY_NAMES } from '../../../../common/plans.ts';
import type { SubscriptionStatus } from '../../../../common/schemas/timeline.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import {
  canCancel,
  canResume,
  endDateLine,
  isIncomplete,
  statusBadgeText,
  storageText,
  threadlinesText,
  usagePercent,
} from '../lib/billing-view.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { IncompleteNotice } from './incomplete-notice.tsx';
import { ResumeSubscriptionButton } from './resume-subscription-button.tsx';
import { UsageBar } from './usage-bar.tsx';

// Text and background pairs with at least 4.5:1 contrast.
const STATUS_STYLES: Record<string, string> = {
  active: 'border-transparent bg-emerald-100 text-emerald-800',
  trialing: 'border-transparent bg-indigo-100 text-indigo-800',
  incomplete: 'border-amber-300 bg-amber-100 text-amber-900',
  past_due: 'border-transparent bg-red-100 text-red-800',
  unpaid: 'border-transparent bg-red-100 text-red-800',
};
const OTHER_STATUS = 'border-transparent bg-slate-200 text-slate-800';
/** "Cancels on {date}": still in force, but ending. */
const CANCELLING_STATUS = 'border-amber-300 bg-amber-100 text-amber-900';

const GIB = 1024 ** 3;

export function CurrentPlanCard({ status }: { status: SubscriptionStatus }) {
  const sub = status.subscriptionStatus;
  const endLine = endDateLine(sub);
  const cancellable = canCancel(status);
  const resumable = canResume(status);
  const incomplete = isIncomplete(status);
  const badge = statusBadgeText(sub);
  const title = React.useRef<HTMLHeadingElement>(null);
  const cancelButton = React.useRef<HTMLButtonElement>(null);
  useFocusWhenControlsGo(() => title.current, cancellable || incomplete);
  // Resumed: Cancel Subscription takes the place of the button that was pressed.
  useFocusWhenControlsGo(() => cancelButton.current ?? title.current, resumable);

  return (
    <section aria-labelledby="billing-current-plan">
      <Card>
        <CardHeader>
          <CardTitle id="billing-current-plan" ref={title} tabIndex={-1} className="outline-none">
            Current Plan
          </CardTitle>
          <CardDescription>Your plan, its limits and how much of them you use.</CardDescription>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge className="px-3 py-1 text-sm" data-testid="billing-plan-badge">
              <span className="sr-only">Plan: </span>
              {PLAN_DISPLAY_NAMES[status.plan]}
            </Badge>
            {sub.status && badge && (
              <Badge
                className={
                  sub.cancelAtPeriodEnd && sub.status === 'active'
                    ? CANCELLING_STATUS
                    : (STATUS_STYLES[sub.status] ?? OTHER_STATUS)
                }
                data-testid="billing-status-badge"
              >
                <span className="sr-only">Status: </span>
                {badge}
              </Badge>
            )}
          </div>
          {endLine && (
            <p className="mt-1 flex items-center gap-2 text-sm font-medium" data-testid="billing-end-date">
              <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {endLine}
            </p>
          )}
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-4">
            <h3 className="sr-only">Usage</h3>
            <UsageBar
              id="billing-usage-threadlines"
              label="Threadlines"
              text={threadlinesText(status.usage.timelines, status.limits.maxTimelines)}
              percent={usagePercent(status.usage.timelines, status.limits.maxTimelines)}
            />
            <UsageBar
              id="billing-usage-storage"
              label="Storage"
              text={storageText(status.usage.storageUsed, status.limits.storageGB)}
              percent={usagePercent(status.usage.storageUsed, status.limits.storageGB * GIB)}
            />
          </div>
          {incomplete && <IncompleteNotice />}
          {cancellable && (
            <div>
              <CancelSubscriptionDialog
                plan={status.plan}
                currentPeriodEnd={sub.currentPeriodEnd}
                buttonRef={cancelButton}
              />
            </div>
          )}
          {resumable && (
            <div>
              <ResumeSubscriptionButton />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * Cancelling, resuming or resetting removes the control that was used (and its dialog); focus would fall
 * to the page's body, so it goes to `target` (this card's title, or the control that replaced it). After a tick: an unmounting dialog returns focus then.
 */
function useFocusWhenControlsGo(target: () => HTMLElement | null, present: boolean) {
  const before = React.useRef(present);
  const targetRef = React.useRef(target);
  targetRef.current = target;
  React.useEffect(() => {
    const went = before.current && !present;
    before.current = present;
    if (!went) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) targetRef.current()?.focus({ preventScroll: false });
    });
    return () => clearTimeout(timer);
  }, [present]);
}
