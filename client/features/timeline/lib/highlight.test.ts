// The deep link's highlight (issue 25): scrolled into view (smoothly unless reduced motion is asked for),
// focused, ringed for a moment, then back to normal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_MS, highlightItem } from './highlight.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function item() {
  const el = document.createElement('li');
  document.body.append(el);
  const scroll = vi.fn();
  el.scrollIntoView = scroll;
  return { el, scroll };
}

const reducedMotion = (reduce: boolean) =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation(
      (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList,
    );

describe('highlightItem', () => {
  it('focuses the item (tabindex -1), rings it and scrolls it to the middle, smoothly', () => {
    vi.useFakeTimers();
    reducedMotion(false);
    const { el, scroll } = item();
    highlightItem(el);
    expect(el.tabIndex).toBe(-1);
    expect(document.activeElement).toBe(el);
    expect(el.dataset.highlighted).toBe('true');
    expect(el.classList.contains('ring-4')).toBe(true);
    expect(scroll).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
    vi.advanceTimersByTime(HIGHLIGHT_MS);
    expect(el.dataset.highlighted).toBeUndefined();
    expect(el.classList.contains('ring-4')).toBe(false);
  });

  it('jumps without animation when the reader asked for reduced motion', () => {
    reducedMotion(true);
    const { el, scroll } = item();
    const end = highlightItem(el);
    expect(scroll).toHaveBeenCalledWith({ block: 'center', behavior: 'auto' });
    expect(el.classList.contains('motion-reduce:transition-none')).toBe(true);
    end();
    expect(el.dataset.highlighted).toBeUndefined();
  });
});
