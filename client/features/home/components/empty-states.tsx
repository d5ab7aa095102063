// "No results found" and "No {filter} threadlines" (spec 000 §2).

import { Archive, Layers, SearchX, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TimelineState } from '../../../../common/roles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EMPTY_HINTS, emptyTitle } from '../lib/empty-state.ts';

const ICONS = { active: Layers, archived: Archive, deleted: Trash2 } as const;

function EmptyBox({ icon: Icon, children }: { icon: typeof Layers; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-100 text-indigo-700">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      {children}
    </div>
  );
}

export function NoThreadlines({ filter }: { filter: TimelineState }) {
  return (
    <EmptyBox icon={ICONS[filter]}>
      <h3 className="font-semibold">{emptyTitle(filter)}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{EMPTY_HINTS[filter]}</p>
    </EmptyBox>
  );
}

export function NoResults({ onClear }: { onClear: () => void }) {
  return (
    <EmptyBox icon={SearchX}>
      <h3 className="font-semibold">No results found</h3>
      <p className="max-w-md text-sm text-muted-foreground">
        No threadline name or description matches your search.
      </p>
      <Button variant="outline" onClick={onClear}>
        Clear Search
      </Button>
    </EmptyBox>
  );
}
