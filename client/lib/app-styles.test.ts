import { afterEach, describe, expect, it } from 'vitest';
import { APP_STYLES_ATTRIBUTES, appStylesReady } from './app-styles.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('appStylesReady', () => {
  it('resolves at once without the build’s stylesheet (the dev server injects styles)', async () => {
    await expect(appStylesReady()).resolves.toBe(0);
  });

  it('switches the stylesheet on, and resolves once it has loaded', async () => {
    document.head.innerHTML = `<link rel="stylesheet" ${APP_STYLES_ATTRIBUTES}>`;
    const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]')!;
    expect(link.media).toBe('print');
    let ready = false;
    const waiting = appStylesReady().then(() => {
      ready = true;
    });
    expect(link.media).toBe('all');
    // Nothing renders before the stylesheet is in; a failed one lets the app go on all the same.
    await Promise.resolve();
    expect(ready).toBe(link.sheet !== null);
    link.dispatchEvent(new Event('error'));
    await waiting;
    expect(ready).toBe(true);
  });
});
