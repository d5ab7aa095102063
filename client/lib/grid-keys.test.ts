// The emoji grids' arrow keys (issue 25 item 8): by one sideways, by a row up and down, Home and End.
import { describe, expect, it } from 'vitest';
import { gridStep } from './grid-keys.ts';

describe('gridStep', () => {
  // 16 items, 4 to a row (the reaction picker).
  const step = (key: string, index: number) => gridStep(key, index, 16, 4);

  it('Left and Right move by one, across rows, and stop at the ends', () => {
    expect(step('ArrowRight', 0)).toBe(1);
    expect(step('ArrowRight', 3)).toBe(4);
    expect(step('ArrowLeft', 4)).toBe(3);
    expect(step('ArrowLeft', 0)).toBe(0);
    expect(step('ArrowRight', 15)).toBe(15);
  });

  it('Up and Down move by a row, keeping the column, and stop at the first and last rows', () => {
    expect(step('ArrowDown', 1)).toBe(5);
    expect(step('ArrowDown', 13)).toBe(13);
    expect(step('ArrowUp', 6)).toBe(2);
    expect(step('ArrowUp', 2)).toBe(2);
  });

  it('Home and End go to the first and the last item', () => {
    expect(step('Home', 9)).toBe(0);
    expect(step('End', 2)).toBe(15);
  });

  it('a shorter last row: Down from a column it lacks lands on its last item', () => {
    // 10 items, 4 to a row: rows 0-3, 4-7, 8-9.
    expect(gridStep('ArrowDown', 6, 10, 4)).toBe(9);
    expect(gridStep('ArrowDown', 5, 10, 4)).toBe(9);
    expect(gridStep('ArrowDown', 4, 10, 4)).toBe(8);
    expect(gridStep('ArrowDown', 9, 10, 4)).toBe(9);
    expect(gridStep('ArrowUp', 9, 10, 4)).toBe(5);
  });

  it('other keys are not the grid’s', () => {
    expect(step('Enter', 3)).toBeNull();
    expect(step('a', 3)).toBeNull();
    expect(gridStep('ArrowDown', 0, 0, 4)).toBeNull();
  });
});
