// Which threadlines to search: all of them (none ticked) or those ticked. A scrolling list of checkboxes,
// reachable with Tab and toggled with Space.
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useSearchableTimelines } from '../api/get-search-scope.ts';

export function TimelinePicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const timelines = useSearchableTimelines();
  // Archived ones are searchable by their owner only; the server applies that rule in any case.
  const list = (timelines.data ?? []).filter((t) => t.state !== 'archived' || t.role === 'owner');
  const chosen = new Set(value);
  return (
    <fieldset className="grid min-w-0 content-start gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Threadlines</legend>
      <p className="text-xs text-muted-foreground">
        {value.length === 0 ? 'All your threadlines' : `${value.length} chosen`}
      </p>
      <div className="max-h-48 min-w-0 overflow-y-auto rounded-lg border border-input bg-card p-2">
        {timelines.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">You are in no threadline yet.</p>
        ) : (
          <ul className="grid gap-1">
            {list.map((t) => {
              const id = `search-tl-${t.id}`;
              return (
                <li key={t.id} className="flex min-w-0 items-center gap-2 py-1">
                  <Checkbox
                    id={id}
                    checked={chosen.has(t.id)}
                    onCheckedChange={(checked) =>
                      onChange(checked ? [...value, t.id] : value.filter((v) => v !== t.id))
                    }
                  />
                  <Label htmlFor={id} className="min-w-0 truncate font-normal">
                    {t.name}
                  </Label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {value.length > 0 && (
        <button
          type="button"
          className="justify-self-start text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => onChange([])}
        >
          Search all threadlines
        </button>
      )}
    </fieldset>
  );
}
