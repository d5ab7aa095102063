// Arrow keys in a grid of buttons (issue 25 item 8): Left/Right move by one, Up/Down by a row, Home/End to
// the first and last. Rows are read from the layout, so a wrapping grid of any width works.

import type * as React from 'react';

const KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** Where `key` moves from `index` in `count` items laid out `columns` to a row; null for other keys. */
export function gridStep(key: string, index: number, count: number, columns: number): number | null {
  if (!KEYS.has(key) || count === 0) return null;
  const cols = Math.max(1, columns);
  const last = count - 1;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowUp':
      return index - cols >= 0 ? index - cols : index;
    case 'ArrowDown':
      // A shorter last row: from a column it lacks, Down lands on its last item.
      if (index + cols <= last) return index + cols;
      return Math.floor(index / cols) < Math.floor(last / cols) ? last : index;
    case 'Home':
      return 0;
    default:
      return last;
  }
}

/** How many items share the first one's row. */
export function columnsOf(items: readonly HTMLElement[]): number {
  const top = items[0]?.getBoundingClientRect().top;
  if (top === undefined) return 1;
  let n = 0;
  while (n < items.length && Math.abs(items[n]!.getBoundingClientRect().top - top) < 2) n++;
  return Math.max(1, n);
}

/**
 * Handles an arrow, Home or End key pressed on one of `items`: focuses the item it leads to and returns
 * true (the caller's event is then handled: the default and the menu's own one-dimensional keys are off).
 */
export function moveInGrid(event: React.KeyboardEvent<HTMLElement>, items: readonly HTMLElement[]): boolean {
  if (event.altKey || event.metaKey || event.shiftKey) return false;
  const index = items.indexOf(event.currentTarget);
  if (index < 0) return false;
  const next = gridStep(event.key, index, items.length, columnsOf(items));
  if (next === null) return false;
  event.preventDefault();
  items[next]?.focus();
  return true;
}
