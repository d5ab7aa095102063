import { describe, expect, it } from 'vitest';
import { pruneSelection, selectAllLabel, selectAllState, toggleAll, toggleOne } from './selection.ts';

const ids = ['a', 'b', 'c'];

describe('join request selection', () => {
  it('reads unchecked, mixed or checked from how many are selected', () => {
    expect(selectAllState(new Set(), ids)).toBe(false);
    expect(selectAllState(new Set(['a']), ids)).toBe('indeterminate');
    expect(selectAllState(new Set(ids), ids)).toBe(true);
    expect(selectAllState(new Set(), [])).toBe(false);
  });

  it('select-all selects everything unless everything is selected, then clears', () => {
    expect([...toggleAll(new Set(), ids)]).toEqual(ids);
    expect([...toggleAll(new Set(['b']), ids)]).toEqual(ids);
    expect(toggleAll(new Set(ids), ids).size).toBe(0);
  });

  it('toggles one id without touching the original set', () => {
    const start = new Set(['a']);
    expect([...toggleOne(start, 'b')]).toEqual(['a', 'b']);
    expect([...toggleOne(start, 'a')]).toEqual([]);
    expect([...start]).toEqual(['a']);
  });

  it('forgets ids that are no longer listed', () => {
    expect([...pruneSelection(new Set(['a', 'z']), ids)]).toEqual(['a']);
  });

  it('labels the checkbox with selected and total', () => {
    expect(selectAllLabel(2, 5)).toBe('Select All (2/5)');
  });
});
