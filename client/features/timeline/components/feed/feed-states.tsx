// The feed's empty, loading and notice states (spec 001 §2 Feed).
import { Info, Loader2, MessageSquare, SearchX } from 'lucide-react';
import type * as React from 'react';
import { JoinCodeCopy } from '../../../../components/join-code-copy.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';

function EmptyCard({
  icon: Icon,
  title,
  children,
  footer,
}: {
  icon: typeof MessageSquare;
  title: string;
  children?: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold">{title}</p>
      {children && <p className="text-muted-foreground">{children}</p>}
      {footer}
    </Card>
  );
}

/** `joinCode` (the owner's only): a new threadline's empty feed offers it to share, beside the invitation to post. */
export function FeedEmpty({
  archived,
  filtered,
  joinCode = null,
}: {
  archived: boolean;
  filtered: boolean;
  joinCode?: string | null;
}) {
  const invite = joinCode && !archived && !filtered && (
    <div className="mt-2 grid w-full max-w-sm gap-2">
      <p className="text-sm text-muted-foreground">Share the join code so others can join this threadline.</p>
      <JoinCodeCopy code={joinCode} />
    </div>
  );
  return (
    <EmptyCard icon={MessageSquare} title="No posts yet" footer={invite}>
      {archived
        ? 'This threadline is archived.'
        : filtered
          ? 'No posts of this type yet.'
          : 'Be the first to share something on this threadline!'}
    </EmptyCard>
  );
}

export function SearchEmpty({ searching }: { searching: boolean }) {
  if (searching) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        Searching...
      </p>
    );
  }
  return <EmptyCard icon={SearchX} title="No results found" />;
}

export function FeedLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center text-muted-foreground">
      <p>Could not load posts.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/** Placeholders the size of a short post, so the page does not jump when the first page arrives. */
export function FeedSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className="grid grid-cols-1 gap-4">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="grid h-40 content-start gap-3 p-4 sm:p-5" aria-hidden="true">
          <div className="flex items-center gap-3">
            <div className="size-10 animate-pulse rounded-full bg-muted" />
            <div className="grid flex-1 gap-2">
              <div className="h-3.5 w-32 animate-pulse rounded bg-muted" />
              <div className="h-3 w-20 animate-pulse rounded bg-muted" />
            </div>
          </div>
          <div className="h-3.5 w-full animate-pulse rounded bg-muted" />
          <div className="h-3.5 w-2/3 animate-pulse rounded bg-muted" />
        </Card>
      ))}
    </div>
  );
}

export function FeedNotice({ children }: { children: React.ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-border bg-muted px-4 py-3 text-sm text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
