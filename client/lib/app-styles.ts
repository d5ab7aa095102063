// The app's stylesheet arrives non-render-blocking (vite.config.ts: media="print" until switched on here), so
// the HTML's static shell paints at once. The entry waits for it before React renders anything.

/** What the build puts on the stylesheet's link (vite.config.ts); `data-app-styles` is how it is found. */
export const APP_STYLES_ATTRIBUTES = 'media="print" fetchpriority="high" data-app-styles';

/**
 * Switches the app's stylesheet on and resolves once it has loaded, or failed to (at once without it: the dev
 * server injects styles from the scripts). Written small: the landing's entry carries it.
 */
export const appStylesReady = (): Promise<unknown> =>
  new Promise((done) => {
    const link = document.querySelector<HTMLLinkElement>('[data-app-styles]');
    if (link) link.media = 'all';
    if (!link || link.sheet) done(0);
    else link.onload = link.onerror = done;
  });
