// "Load more" under a paged list (client/lib/list-pages.ts): shown while the server has another page. It
// stays focusable while loading (aria-disabled, not disabled), and once the page is in, a keyboard user's
// focus moves to the first new item, where reading continues (the button may be gone by then).
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { Button } from './ui/button.tsx';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The item's first control, else the item itself (made focusable from script only). */
function focusItem(item: HTMLElement) {
  const target = item.matches(FOCUSABLE) ? item : item.querySelector<HTMLElement>(FOCUSABLE);
  if (target) return target.focus();
  if (!item.hasAttribute('tabindex')) item.setAttribute('tabindex', '-1');
  item.focus();
}

export function LoadMoreButton({
  query,
  listRef,
  children = 'Load more',
  className,
}: {
  query: PagedQuery;
  /** The list whose children are the items. */
  listRef: React.RefObject<HTMLElement | null>;
  children?: React.ReactNode;
  className?: string;
}) {
  const button = React.useRef<HTMLButtonElement>(null);
  /** The index of the first item of the page this button is loading, and whether the load showed yet. */
  const pending = React.useRef<{ from: number; started: boolean } | null>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  React.useEffect(() => {
    const load = pending.current;
    if (!load) return;
    if (isFetchingNextPage) {
      load.started = true;
      return;
    }
    const item = listRef.current?.children[load.from];
    // Not loaded yet (this render came before the fetch showed), unless it ran and brought nothing.
    if (!item && !load.started) return;
    pending.current = null;
    const active = document.activeElement;
    // Only when focus is still ours: on the button, or lost with it. Never taken from elsewhere.
    const ours = active === null || active === document.body || active === button.current;
    if (item instanceof HTMLElement && ours) focusItem(item);
  });

  if (!hasNextPage) return null;
  const load = () => {
    if (isFetchingNextPage) return;
    pending.current = { from: listRef.current?.children.length ?? 0, started: false };
    void fetchNextPage();
  };
  return (
    <div className={className ?? 'flex flex-col items-center gap-2 py-3'}>
      {isFetchNextPageError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load more.
        </p>
      )}
      <Button ref={button} variant="outline" size="sm" aria-disabled={isFetchingNextPage} onClick={load}>
        {isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
        {children}
      </Button>
    </div>
  );
}
