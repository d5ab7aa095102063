// A visitor's first load (issue 8 item 4): a static shell before any script, compressed transfers, and a
// landing page whose JavaScript stays under its budget. Figures and Lighthouse: bench/README.md.
import { gzipSync } from 'node:zlib';
import { expect, type Response, test } from '@playwright/test';

const LANDING_JS_BUDGET = 100_000; // bytes, gzipped

test('the landing loads under 100 KB of gzipped JavaScript, sent precompressed', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Threadline' })).toBeVisible();

  let gzipped = 0;
  for (const res of scripts) {
    expect(res.status(), res.url()).toBe(200);
    expect(res.headers()['content-encoding'], res.url()).toBe('br');
    gzipped += gzipSync(await res.body(), { level: 9 }).length;
  }
  expect(scripts.length).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'landing JavaScript', description: `${gzipped} bytes gzipped` });
  expect(gzipped, `landing JavaScript, gzipped: ${gzipped} bytes`).toBeLessThan(LANDING_JS_BUDGET);

  // Clients without brotli get gzip; the document itself is compressed too.
  const gz = await page.request.get(scripts[0]!.url(), { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  const html = await page.request.get('/my-requests', { headers: { 'accept-encoding': 'br' } });
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers()['cache-control']).toBe('no-cache');
  await context.close();
});

test('the static shell paints before (and without) any script', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto('/');
  const html = await res!.text();
  // The CSP allows no inline script: the only script is the module bundle.
  expect(html.match(/<script\b[^>]*>/g)).toEqual([
    expect.stringMatching(/<script type="module"[^>]* src="\/assets\//),
  ]);
  await expect(page.locator('.tl-shell svg')).toBeVisible();
  await expect(page.locator('.tl-shell')).toContainText('Threadline');
  const background = await page.locator('.tl-shell').evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(background).toContain('linear-gradient');
  await context.close();
});
