// Loading, load-failed and empty states of the lists in the members and join requests dialogs.
import { Loader2, type LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '../../../components/ui/button.tsx';

export function ListLoading({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {children}
    </p>
  );
}

export function ListLoadError({ children, onRetry }: { children: React.ReactNode; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted-foreground">
      <p>{children}</p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function ListEmpty({ icon: Icon, children }: { icon: LucideIcon; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center text-muted-foreground">
      <Icon className="size-8" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
