// Bulk selection of pending join requests (spec 001 §2 Join Requests panel, §4).

export type SelectAllState = boolean | 'indeterminate';

/** The select-all checkbox: checked when every request is selected, mixed when some are. */
export function selectAllState(selected: ReadonlySet<string>, ids: readonly string[]): SelectAllState {
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return false;
  return count === ids.length ? true : 'indeterminate';
}

/** Clicking select-all: select every request unless all are already selected, then clear. */
export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  return selectAllState(selected, ids) === true ? new Set() : new Set(ids);
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Drops ids that left the list (processed elsewhere), so counts never include invisible requests. */
export function pruneSelection(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const visible = new Set(ids);
  return new Set([...selected].filter((id) => visible.has(id)));
}

export const selectAllLabel = (selected: number, total: number) => `Select All (${selected}/${total})`;
