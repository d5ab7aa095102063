// The app's stylesheet arrives non-render-blocking (vite.config.ts: media="print" until switched on here), so
// the HTML's static shell paints at once. The entry waits for it before React renders anything.

/** What the build puts on the stylesheet's link (vite.config.ts); `data-app-styles` is how it is found. */
export const APP_STYLES_ATTRIBUTES = 'media="print" fetchpriority="high" data-app-styles';

/**
 * Switches the app's stylesheet on and resolves once it has loaded, or failed to (at once without one: the
 * dev server injects styles from the scripts).
 */
export const appStylesReady = (): Promise<unknown> =>
  Promise.all(
    [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')].map((link) => {
      link.media = 'all';
      return link.sheet ?? new Promise((done) => (link.onload = link.onerror = done));
    }),
  );
