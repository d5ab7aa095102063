import { describe, expect, it } from 'vitest';
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './use-toast.ts';

describe('toast store', () => {
  it('keeps one toast at a time, newest first, and removes dismissed ones after 1000000 ms', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'first' } });
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'second' } });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '2' });
    expect(state.toasts).toEqual([]);
  });
});
