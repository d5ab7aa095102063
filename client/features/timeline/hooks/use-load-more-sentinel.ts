import * as React from 'react';

/**
 * Calls `onVisible` when the returned ref's element comes within `rootMargin` of the viewport (the feed's
 * infinite-scroll sentinel). Browsers without IntersectionObserver keep the Load More button.
 */
export function useLoadMoreSentinel<T extends Element>(
  onVisible: () => void,
  enabled: boolean,
  rootMargin = '600px 0px',
) {
  const ref = React.useRef<T>(null);
  const latest = React.useRef(onVisible);
  latest.current = onVisible;

  React.useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);

  return ref;
}
