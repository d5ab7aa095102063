// A screen that appears while focus is nowhere (it was on a control of the page or dialog just left) puts it
// on its main heading, so keyboard and screen reader users start from the top of the new screen.
import * as React from 'react';

export function focusHeadingIfLost(root: HTMLElement | null) {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const heading = root?.querySelector<HTMLElement>('h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * On the frame after the screen commits, not in the commit's task: focusing makes the browser lay the page
 * out, which it then does once, in the frame, instead of once in the task and again for the frame (issue 14:
 * a long task fewer on a page's first render).
 */
export function useFocusHeadingIfLost(ref: React.RefObject<HTMLElement | null>) {
  React.useEffect(() => {
    const frame = requestAnimationFrame(() => focusHeadingIfLost(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [ref]);
}
