// The list of one dashboard tab: its query, remembered search and sort, and the cards (spec 000 §2).
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { UI_TIMING } from '../../../../common/limits.ts';
import type { TimelineState } from '../../../../common/roles.ts';
import type { UnreadCount } from '../../../../common/schemas/timeline.ts';
import { Button } from '../../../components/ui/button.tsx';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/authUtils.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { toast } from '../../../lib/use-toast.ts';
import { useTimelines } from '../api/get-timelines.ts';
import { useTabSearch, useTabSort } from '../hooks/use-dashboard-prefs.ts';
import { normalizeSearch, resultCountLabel, visibleTimelines } from '../lib/timeline-filters.ts';
import { NoResults, NoThreadlines } from './empty-states.tsx';
import { TimelineCard } from './timeline-card.tsx';
import { TimelineToolbar } from './timeline-toolbar.tsx';

interface Props {
  filter: TimelineState;
  unreadById: Map<string, UnreadCount>;
  pendingById: Map<string, number>;
}

export function TimelineTab({ filter, unreadById, pendingById }: Props) {
  const query = useTimelines(filter);
  const [search, setSearch] = useTabSearch(filter);
  const [sort, setSort] = useTabSort(filter);
  const debounced = useDebouncedValue(search, UI_TIMING.searchDebounceMs);
  // Typing waits for the debounce; clearing applies at once so "No results found" does not linger.
  const appliedSearch = normalizeSearch(search) === '' ? '' : debounced;
  const searching = normalizeSearch(appliedSearch) !== '';

  const error = query.error;
  React.useEffect(() => {
    if (isUnauthorizedError(error)) handleUnauthorized(toast);
  }, [error]);

  if (query.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground" role="status">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Loading threadlines...
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-12 text-center">
        <p role="alert">Could not load your threadlines.</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const items = query.data;
  if (items.length === 0) return <NoThreadlines filter={filter} />;
  const visible = visibleTimelines(items, { search: appliedSearch, sort });

  return (
    <div className="grid gap-4">
      <TimelineToolbar
        tab={filter}
        search={search}
        onSearchChange={setSearch}
        sort={sort}
        onSortChange={setSort}
      />
      <p role="status" className={searching ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {searching ? resultCountLabel(visible.length) : ''}
      </p>
      {visible.length === 0 ? (
        <NoResults onClear={() => setSearch('')} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((timeline) => (
            <li key={timeline.id} className="min-w-0">
              <TimelineCard
                timeline={timeline}
                unread={unreadById.get(timeline.id)}
                pendingCount={pendingById.get(timeline.id) ?? 0}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
