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

export function useFocusHeadingIfLost(ref: React.RefObject<HTMLElement | null>) {
  React.useEffect(() => focusHeadingIfLost(ref.current), [ref]);
}
