import { cn } from '../lib/utils.ts';

/** An e-mail address on one line: cut short with an ellipsis when too long, the whole of it in a tooltip. */
export function EmailText({ email, className }: { email: string; className?: string }) {
  return (
    <p className={cn('truncate text-sm text-muted-foreground', className)} title={email}>
      {email}
    </p>
  );
}
