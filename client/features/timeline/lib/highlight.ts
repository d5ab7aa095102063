// A deep link's item (/timeline/{id}?post=&comment=, issue 25): scrolled into view, given the focus (so a
// keyboard or screen reader user lands on it) and ringed for a moment. The scroll is smooth unless the
// reader asked for reduced motion; the ring then comes and goes without fading.

/** Tailwind classes of the highlight (literal here so the build keeps them). */
const RING = ['ring-4', 'ring-amber-400', 'ring-offset-2', 'ring-offset-background'];
const SHAPE = ['rounded-xl', 'transition-shadow', 'duration-700', 'motion-reduce:transition-none'];
export const HIGHLIGHT_MS = 10_000;

export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls `el` into view and focuses and rings it; the returned function ends the highlight early. */
export function highlightItem(el: HTMLElement, ms: number = HIGHLIGHT_MS): () => void {
  el.tabIndex = -1;
  el.dataset.highlighted = 'true';
  el.classList.add(...SHAPE, ...RING);
  el.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  el.focus({ preventScroll: true });
  const timer = setTimeout(end, ms);
  function end() {
    clearTimeout(timer);
    el.classList.remove(...RING);
    delete el.dataset.highlighted;
  }
  return end;
}
