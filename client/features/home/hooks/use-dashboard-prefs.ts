// The dashboard's remembered choices: collapsed area, and search and sort per tab (spec 000 §2-3).
import type { TimelineState } from '../../../../common/roles.ts';
import { DEFAULT_SORT, isSortOption, type SortOption } from '../lib/timeline-filters.ts';
import { useLocalStorage } from './use-local-storage.ts';

export const PREF_KEYS = {
  collapsed: 'threadline.dashboard.collapsed',
  search: (tab: TimelineState) => `threadline.dashboard.search.${tab}`,
  sort: (tab: TimelineState) => `threadline.dashboard.sort.${tab}`,
};

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isString = (v: unknown): v is string => typeof v === 'string';

export const useCollapsedPreference = () => useLocalStorage(PREF_KEYS.collapsed, false, isBoolean);

export const useTabSearch = (tab: TimelineState) => useLocalStorage(PREF_KEYS.search(tab), '', isString);

export const useTabSort = (tab: TimelineState) =>
  useLocalStorage<SortOption>(PREF_KEYS.sort(tab), DEFAULT_SORT, isSortOption);
