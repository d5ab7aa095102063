/** Runs `run` when the main thread is next idle (within a second); returns a cancel. */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/**
 * How long after `load` the page is left alone before extras load (past Lighthouse's busy window). Tests of
 * what comes then set it to 0 rather than wait.
 */
export const settleDelay = { ms: 3000 };

/**
 * Runs `run` once the page has loaded, then settleDelay more, when idle: for what nobody needs in the first
 * seconds (the notification bell, the card's code, the service worker), so it never competes with the page's
 * own first render (issue 27's threadline blocking time). Returns a cancel.
 */
export function whenSettled(run: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    timer = setTimeout(() => {
      cancelIdle = whenIdle(run);
    }, settleDelay.ms);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    window.removeEventListener('load', settle);
    if (timer !== undefined) clearTimeout(timer);
    cancelIdle?.();
  };
}
