// An installable app with Web Push (issue 27): the manifest is linked and valid and Chromium itself finds the
// app installable (CDP Page.getInstallabilityErrors: Lighthouse 12 dropped its PWA audits, so Chromium's own
// check stands in for "Lighthouse's installability audit"); the service worker registers once someone is
// signed in and controls the page after a reload, serving the hashed files from its cache and never /api; the
// notification permission is asked for only by the profile's "Enable notifications on this device".
import { chromium, expect, type Page, test } from '@playwright/test';
import { expectGoodAtBothWidths } from './helpers.ts';
import { apiAccount, apiSignedIn } from './timeline-helpers.ts';

// The other journeys block service workers (playwright.config.ts): this one is about it.
test.use({ serviceWorkers: 'allow' });

test('the manifest is linked and valid, and Chromium finds the app installable', async ({ baseURL }) => {
  // The full browser with a profile of its own: the headless shell's installability check answers nothing at
  // all, and the full browser's refuses any private (incognito-like) context, which browser.newContext() is.
  const context = await chromium.launchPersistentContext(test.info().outputPath('profile'), {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  // The check runs: a page without the manifest is not installable.
  await page.goto('/api/meta');
  const without = await cdp.send('Page.getInstallabilityErrors');
  expect(without.installabilityErrors.map((e) => e.errorId)).toContain('no-manifest');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Threadline' })).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Threadline',
    short_name: 'Threadline',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#f8f9fc',
  });
  for (const icon of [
    ...manifest.icons,
    { src: '/icons/apple-touch-icon.png' },
    { src: '/icons/badge-96.png' },
  ]) {
    const png = await page.request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }

  // Chromium's own reading of the manifest, and its installability check (for a visitor: no service worker
  // is needed for it any more).
  const read = await cdp.send('Page.getAppManifest');
  expect(read.errors).toEqual([]);
  expect(read.url).toMatch(/\/manifest\.webmanifest$/);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  await context.close();
});

/** Resolves once a service worker controls the page (it registers after load, when idle). */
const controlled = (page: Page) =>
  page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });

test('the service worker registers once signed in, controls the page on reload, and never serves /api', async ({
  browser,
}) => {
  const account = await apiAccount(browser, 'Wendy');
  const { page, context } = await apiSignedIn(browser, account);
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  const sw = await page.request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  const responses: { url: string; fromWorker: boolean }[] = [];
  page.on('response', (r) => responses.push({ url: r.url(), fromWorker: r.fromServiceWorker() }));
  await page.reload();
  await controlled(page);
  await expect(page.getByRole('main')).toBeVisible();
  const path = (url: string) => new URL(url).pathname;

  const api = responses.filter((r) => path(r.url).startsWith('/api/'));
  expect(api.length).toBeGreaterThan(0);
  expect(api.filter((r) => r.fromWorker)).toEqual([]);
  expect(responses.filter((r) => r.fromWorker && path(r.url).startsWith('/assets/')).length).toBeGreaterThan(
    0,
  );
  // Only hashed files, never a page, an API answer or an upload.
  expect(responses.filter((r) => r.fromWorker && !path(r.url).startsWith('/assets/'))).toEqual([]);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((p) => !p.startsWith('/assets/'))).toEqual([]);
  await context.close();
});

test('notifications are asked for only on "Enable notifications on this device", and turn off again', async ({
  browser,
}) => {
  const account = await apiAccount(browser, 'Percy');
  const { page, context } = await apiSignedIn(browser, account);
  await context.grantPermissions(['notifications']);
  // Counts every permission request; the browser's subscribe is played by a fake FCM subscription (Chromium
  // offline has no push service to register with), its keys a real P-256 pair so the server accepts them.
  await page.addInitScript(() => {
    const w = window as unknown as { permissionRequests: number };
    w.permissionRequests = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.permissionRequests++;
      return ask(...args);
    };
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ]);
      const b64u = (bytes: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(bytes)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const p256dh = b64u(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64u(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`;
      const key = options?.applicationServerKey as Uint8Array;
      current = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer.slice(0) },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
  });
  const requests = () =>
    page.evaluate(() => (window as unknown as { permissionRequests: number }).permissionRequests);

  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await page.goto('/profile');
  const enable = page.getByRole('button', { name: 'Enable notifications on this device' });
  await expect(enable).toBeVisible();
  expect(await requests()).toBe(0);

  await enable.click();
  await expect(page.getByText('Notifications are on for this device.')).toBeVisible();
  expect(await requests()).toBe(1);
  const devices = await page.request.get('/api/push/subscriptions');
  expect(await devices.json()).toEqual([expect.objectContaining({ current: true })]);
  const off = page.getByRole('button', { name: 'Turn off' });
  await expect(off).toBeFocused();
  await expectGoodAtBothWidths(page);

  await off.click();
  await expect(page.getByRole('button', { name: 'Enable notifications on this device' })).toBeVisible();
  expect(await (await page.request.get('/api/push/subscriptions')).json()).toEqual([]);
  expect(await requests()).toBe(1);
  await context.close();
});
