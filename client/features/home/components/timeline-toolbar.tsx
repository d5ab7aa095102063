// Search box and sort select of a dashboard tab (spec 000 §2, §5).
import { ChevronDown, Search } from 'lucide-react';
import type { TimelineState } from '../../../../common/roles.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { isSortOption, SORT_LABELS, SORT_OPTIONS, type SortOption } from '../lib/timeline-filters.ts';

interface Props {
  tab: TimelineState;
  search: string;
  onSearchChange: (value: string) => void;
  sort: SortOption;
  onSortChange: (value: SortOption) => void;
}

export function TimelineToolbar({ tab, search, onSearchChange, sort, onSortChange }: Props) {
  const searchId = `threadline-search-${tab}`;
  const sortId = `threadline-sort-${tab}`;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <Label htmlFor={searchId} className="sr-only">
          Search threadlines
        </Label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder="Search by name or description..."
          autoComplete="off"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
        />
      </div>
      <div className="flex items-center gap-2 sm:w-56">
        <Label htmlFor={sortId} className="shrink-0 text-muted-foreground">
          Sort by
        </Label>
        {/* A native select: the platform's picker on phones, and no Radix Select on the dashboard's first load. */}
        <div className="relative w-full">
          <select
            id={sortId}
            value={sort}
            onChange={(e) => isSortOption(e.target.value) && onSortChange(e.target.value)}
            className="h-10 w-full min-w-0 appearance-none rounded-lg border border-input bg-card pr-9 pl-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
        </div>
      </div>
    </div>
  );
}
