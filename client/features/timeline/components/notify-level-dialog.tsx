// What a member hears about from this threadline (issue 27; DECISIONS §10): every post, mentions and replies
// (the default) or nothing. Read when the dialog opens; a choice is saved at once, with a toast. Direct
// messages notify whatever the level, and unread badges show either way.
import * as React from 'react';
import { NOTIFY_LEVEL_LABELS, NOTIFY_LEVELS, type NotifyLevel } from '../../../../common/notifications.ts';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/utils.ts';
import { useNotifyLevel } from '../api/get-notify-level.ts';
import { LEVEL_HINTS, useSetNotifyLevel } from '../api/set-notify-level.ts';

export function NotifyLevelDialog({
  open,
  onOpenChange,
  timeline,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  timeline: TimelineDetail;
}) {
  const query = useNotifyLevel(timeline.id);
  const save = useSetNotifyLevel(timeline.id);
  // The choice shows at once, while it is saved; then the saved one (a failure puts the old one back).
  const [chosen, setChosen] = React.useState<NotifyLevel | null>(null);
  const current = chosen ?? query.data?.level;
  const choose = (level: NotifyLevel) => {
    setChosen(level);
    save.mutate(level, { onSettled: () => setChosen(null) });
  };
  const name = `notify-level-${timeline.id}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader className="pr-8">
          <DialogTitle>Notifications</DialogTitle>
          <DialogDescription>
            What you hear about from "{timeline.name}". Direct messages always notify you, and unread badges
            show either way.
          </DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <div className="grid justify-items-start gap-2">
            <p role="alert" className="text-sm">
              Could not load your choice.
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <fieldset className="grid gap-2" aria-busy={query.isPending}>
            <legend className="sr-only">Notify me of</legend>
            {NOTIFY_LEVELS.map((level) => (
              <label
                key={level}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  current === level && 'border-primary bg-indigo-50',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={level}
                  checked={current === level}
                  disabled={query.isPending}
                  onChange={() => choose(level)}
                  aria-describedby={`${name}-${level}`}
                  className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{NOTIFY_LEVEL_LABELS[level]}</span>
                  <span id={`${name}-${level}`} className="text-xs text-muted-foreground">
                    {capitalize(LEVEL_HINTS[level])}
                  </span>
                </span>
              </label>
            ))}
            {query.isPending && (
              <p role="status" className="text-sm text-muted-foreground">
                Loading...
              </p>
            )}
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
