// Dashboard search and sort (spec 000 §5): pure so the list and its tests share one definition.
import { ROLE_RANK, type Role } from '../../../../common/roles.ts';

export const SORT_OPTIONS = ['recent', 'oldest', 'a-z', 'z-a', 'most-members', 'my-role'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'recent';

export const SORT_LABELS: Record<SortOption, string> = {
  recent: 'Most recent',
  oldest: 'Oldest first',
  'a-z': 'Name (A-Z)',
  'z-a': 'Name (Z-A)',
  'most-members': 'Most members',
  'my-role': 'My role',
};

export const isSortOption = (value: unknown): value is SortOption =>
  typeof value === 'string' && (SORT_OPTIONS as readonly string[]).includes(value);

/** The fields search and sort read. */
export interface Sortable {
  name: string;
  description: string | null;
  createdAt: string;
  memberCount: number;
  role: Role;
}

/** Trimmed and lower-cased; empty means "no search". */
export const normalizeSearch = (query: string): string => query.trim().toLowerCase();

export function matchesSearch(item: Sortable, query: string): boolean {
  const q = normalizeSearch(query);
  if (!q) return true;
  return item.name.toLowerCase().includes(q) || (item.description ?? '').toLowerCase().includes(q);
}

const byName = (a: Sortable, b: Sortable) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
const time = (item: Sortable) => new Date(item.createdAt).getTime();
const newestFirst = (a: Sortable, b: Sortable) => time(b) - time(a);

const COMPARATORS: Record<SortOption, (a: Sortable, b: Sortable) => number> = {
  recent: newestFirst,
  oldest: (a, b) => time(a) - time(b),
  'a-z': byName,
  'z-a': (a, b) => byName(b, a),
  // Ties fall back to the name so the order is stable across refetches.
  'most-members': (a, b) => b.memberCount - a.memberCount || byName(a, b),
  'my-role': (a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role] || newestFirst(a, b),
};

/** A sorted copy; the input is left alone (it is the query cache's array). */
export function sortTimelines<T extends Sortable>(items: readonly T[], sort: SortOption): T[] {
  return [...items].sort(COMPARATORS[sort]);
}

export function visibleTimelines<T extends Sortable>(
  items: readonly T[],
  { search, sort }: { search: string; sort: SortOption },
): T[] {
  return sortTimelines(
    items.filter((item) => matchesSearch(item, search)),
    sort,
  );
}

export const resultCountLabel = (n: number): string => `${n} ${n === 1 ? 'result' : 'results'}`;
