import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSortOption } from '../lib/timeline-filters.ts';
import { cleanup, renderHook } from '../test/render.tsx';
import { PREF_KEYS, useCollapsedPreference, useTabSearch, useTabSort } from './use-dashboard-prefs.ts';
import { readStored, useLocalStorage } from './use-local-storage.ts';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('readStored', () => {
  it('returns the fallback for missing, unparseable or invalid values', () => {
    expect(readStored('missing', 'x')).toBe('x');
    localStorage.setItem('bad', '{not json');
    expect(readStored('bad', 1)).toBe(1);
    localStorage.setItem('sort', JSON.stringify('sideways'));
    expect(readStored('sort', 'recent', isSortOption)).toBe('recent');
    localStorage.setItem('sort', JSON.stringify('z-a'));
    expect(readStored('sort', 'recent', isSortOption)).toBe('z-a');
  });
});

describe('useLocalStorage', () => {
  it('starts from storage and writes every change back', () => {
    localStorage.setItem('flag', 'true');
    const result = renderHook(() => useLocalStorage('flag', false));
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem('flag')).toBe('false');
  });

  it('remembers the collapsed flag', () => {
    const result = renderHook(useCollapsedPreference);
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(localStorage.getItem(PREF_KEYS.collapsed)).toBe('true');
  });

  it('keeps search and sort per tab', () => {
    localStorage.setItem(PREF_KEYS.search('archived'), JSON.stringify('garden'));
    const active = renderHook(() => ({ search: useTabSearch('active'), sort: useTabSort('active') }));
    const archived = renderHook(() => ({ search: useTabSearch('archived'), sort: useTabSort('archived') }));
    expect(active.current.search[0]).toBe('');
    expect(active.current.sort[0]).toBe('recent');
    expect(archived.current.search[0]).toBe('garden');
    act(() => active.current.sort[1]('a-z'));
    expect(active.current.sort[0]).toBe('a-z');
    expect(localStorage.getItem(PREF_KEYS.sort('active'))).toBe('"a-z"');
    expect(localStorage.getItem(PREF_KEYS.sort('archived'))).toBeNull();
  });
});
