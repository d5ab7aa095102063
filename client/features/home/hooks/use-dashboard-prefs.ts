// The dashboard's remembered choices: collapsed area, and search and sort per tab (spec 000 §2-3).
import * as React from 'react';
import type { TimelineState } from '../../../../common/roles.ts';
import { DEFAULT_SORT, isSortOption, type SortOption } from '../lib/timeline-filters.ts';
import { readStored, useLocalStorage, writeStored } from './use-local-storage.ts';

export const PREF_KEYS = {
  collapsed: 'threadline.dashboard.collapsed',
  search: (tab: TimelineState) => `threadline.dashboard.search.${tab}`,
  sort: (tab: TimelineState) => `threadline.dashboard.sort.${tab}`,
  visited: (userId: string) => `threadline.dashboard.visited.${userId}`,
};

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * Whether this person had opened the dashboard in this browser before this visit, read once; the visit is
 * remembered after the first render, so the greeting does not change under them.
 */
export function useVisitedBefore(userId: string | undefined): boolean {
  const key = userId ? PREF_KEYS.visited(userId) : null;
  const [before] = React.useState(() => (key ? readStored(key, false, isBoolean) : false));
  React.useEffect(() => {
    if (key) writeStored(key, true);
  }, [key]);
  return before;
}

export const useCollapsedPreference = () => useLocalStorage(PREF_KEYS.collapsed, false, isBoolean);

export const useTabSearch = (tab: TimelineState) => useLocalStorage(PREF_KEYS.search(tab), '', isString);

export const useTabSort = (tab: TimelineState) =>
  useLocalStorage<SortOption>(PREF_KEYS.sort(tab), DEFAULT_SORT, isSortOption);
