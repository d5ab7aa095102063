// A screen that appears while focus is nowhere (it was on a control of the page or dialog just left) puts it
// on its main heading, so keyboard and screen reader users start from the top of the new screen.
import * as React from 'react';

// How the person last acted on the page. A ring on the heading helps someone moving by keyboard; after a
// click, a tap or a direct load (nothing yet: the address bar's Enter never reaches the page) it is noise.
let lastInput: 'none' | 'pointer' | 'keyboard' = 'none';
if (typeof window !== 'undefined') {
  const onKey = (event: KeyboardEvent) => {
    // Browser shortcuts are not moving around the page (the :focus-visible heuristics ignore them too).
    if (!event.metaKey && !event.ctrlKey && !event.altKey) lastInput = 'keyboard';
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerdown', () => (lastInput = 'pointer'), true);
}

/** Whether focus moved by script now should show its ring: only when the person is using the keyboard. */
export const keyboardModality = () => lastInput === 'keyboard';

export function focusHeadingIfLost(root: HTMLElement | null) {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const heading = root?.querySelector<HTMLElement>('h1');
  if (!heading) return;
  heading.tabIndex = -1;
  const ring = keyboardModality();
  // The attribute is for browsers without FocusOptions.focusVisible (index.css hides the ring by it).
  heading.dataset.focusRing = ring ? 'shown' : 'hidden';
  heading.focus({ preventScroll: true, focusVisible: ring } as FocusOptions);
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
