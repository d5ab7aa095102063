import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  isSortOption,
  matchesSearch,
  resultCountLabel,
  type Sortable,
  sortTimelines,
  visibleTimelines,
} from './timeline-filters.ts';

const t = (name: string, over: Partial<Sortable> = {}): Sortable => ({
  name,
  description: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  memberCount: 1,
  role: 'participant',
  ...over,
});

const items = [
  t('beta', { createdAt: '2025-02-01T00:00:00.000Z', memberCount: 5, role: 'viewer' }),
  t('Alpha', {
    createdAt: '2025-03-01T00:00:00.000Z',
    memberCount: 2,
    role: 'owner',
    description: 'Garden club',
  }),
  t('gamma', { createdAt: '2025-01-01T00:00:00.000Z', memberCount: 5, role: 'moderator' }),
  t('Delta', { createdAt: '2025-04-01T00:00:00.000Z', memberCount: 1, role: 'participant' }),
];
const names = (list: Sortable[]) => list.map((i) => i.name);

describe('search', () => {
  it('is case-insensitive, trimmed, and matches the name or the description', () => {
    expect(matchesSearch(items[1]!, '  ALP ')).toBe(true);
    expect(matchesSearch(items[1]!, 'garden')).toBe(true);
    expect(matchesSearch(items[0]!, 'garden')).toBe(false);
    expect(matchesSearch(items[0]!, '   ')).toBe(true);
  });
});

describe('sort', () => {
  it('defaults to recent', () => expect(DEFAULT_SORT).toBe('recent'));

  it('orders by each option', () => {
    expect(names(sortTimelines(items, 'recent'))).toEqual(['Delta', 'Alpha', 'beta', 'gamma']);
    expect(names(sortTimelines(items, 'oldest'))).toEqual(['gamma', 'beta', 'Alpha', 'Delta']);
    expect(names(sortTimelines(items, 'a-z'))).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
    expect(names(sortTimelines(items, 'z-a'))).toEqual(['gamma', 'Delta', 'beta', 'Alpha']);
    expect(names(sortTimelines(items, 'most-members'))).toEqual(['beta', 'gamma', 'Alpha', 'Delta']);
    expect(names(sortTimelines(items, 'my-role'))).toEqual(['Alpha', 'gamma', 'Delta', 'beta']);
  });

  it('leaves the input array alone', () => {
    const copy = [...items];
    sortTimelines(items, 'a-z');
    expect(items).toEqual(copy);
  });

  it('recognises stored options and rejects anything else', () => {
    expect(isSortOption('most-members')).toBe(true);
    expect(isSortOption('size')).toBe(false);
    expect(isSortOption(3)).toBe(false);
  });
});

describe('visibleTimelines', () => {
  it('filters then sorts', () => {
    expect(names(visibleTimelines(items, { search: 'a', sort: 'z-a' }))).toEqual([
      'gamma',
      'Delta',
      'beta',
      'Alpha',
    ]);
    expect(names(visibleTimelines(items, { search: 'ta', sort: 'a-z' }))).toEqual(['beta', 'Delta']);
  });

  it('labels the result count', () => {
    expect(resultCountLabel(0)).toBe('0 results');
    expect(resultCountLabel(1)).toBe('1 result');
    expect(resultCountLabel(12)).toBe('12 results');
  });
});
