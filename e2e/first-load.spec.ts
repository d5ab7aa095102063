// A visitor's first load (issue 8 item 4): a static shell before any script, compressed transfers, and a
// landing page whose JavaScript stays under its budget. Figures and Lighthouse: bench/README.md.
import { gzipSync } from 'node:zlib';
import { type Browser, expect, type Page, type Response, test } from '@playwright/test';
import { apiCreateTimeline, apiPost, postCards, signedInPerson, uniqueName } from './timeline-helpers.ts';

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

/** A member of two threadlines (so the header shows Switch Threadline), the first with six posts, at 360 px. */
async function phoneOwner(browser: Browser) {
  const owner = await signedInPerson(browser, 'Shifty');
  const first = await apiCreateTimeline(
    owner.page,
    uniqueName('Steady'),
    'A description that wraps at 360 px.',
  );
  await apiCreateTimeline(owner.page, uniqueName('Other'));
  for (let i = 0; i < 6; i++) await apiPost(owner.page, first.id, `Post ${i} ${'words '.repeat(30)}`);
  await owner.page.setViewportSize({ width: 360, height: 740 });
  // Layout shifts not caused by input, from the first paint on.
  await owner.context.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; at: number }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.shifts.push({ value: entry.value, at: Math.round(entry.startTime) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Every API request the page makes, by path and query.
  const asked = new Map<string, number>();
  owner.page.on('request', (req) => {
    const url = new URL(req.url());
    const key = url.pathname + url.search;
    if (url.pathname.startsWith('/api/')) asked.set(key, (asked.get(key) ?? 0) + 1);
  });
  return { ...owner, timelineId: first.id, asked };
}

/** The page's cumulative layout shift so far (CLS), checked against 0.05. */
async function expectSteady(page: Page) {
  const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number }[] }).shifts);
  const cls = shifts.reduce((sum, s) => sum + s.value, 0);
  test.info().annotations.push({ type: 'CLS', description: JSON.stringify(shifts) });
  expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
}

test('a threadline opened on a phone starts its reads early and does not shift (CLS at most 0.05)', async ({
  browser,
}) => {
  const { page, context, timelineId, asked } = await phoneOwner(browser);
  // In order: each API request as asked and as answered.
  const events: string[] = [];
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
  page.on('request', (req) => events.push(`ask ${pathOf(req.url())}`));
  page.on('requestfinished', (req) => events.push(`done ${pathOf(req.url())}`));
  await page.goto(`/timeline/${timelineId}`);
  await expect(page.getByRole('button', { name: 'Switch Threadline' })).toBeVisible();
  await expect(postCards(page)).toHaveCount(6);
  // The page came with a session cookie: its posts were asked for before the sign-in check answered.
  const feed = `/api/timelines/${timelineId}/posts?limit=20&type=all`;
  expect(events.indexOf(`ask ${feed}`), events.join('\n')).toBeGreaterThan(-1);
  expect(events.indexOf(`ask ${feed}`), events.join('\n')).toBeLessThan(
    events.indexOf('done /api/auth/user'),
  );
  // Asked before the page's events were followed, the first page is read once more once they are.
  await expect.poll(() => asked.get(feed) ?? 0).toBe(2);
  // Read before the socket was up, the list is read once more once it is (live-dashboard.ts): the last
  // thing this load does, so a late shift would have happened by now.
  await expect.poll(() => asked.get('/api/user/timelines') ?? 0).toBeGreaterThanOrEqual(2);
  await expectSteady(page);

  // The app's own fetches took the entry's early answers: who is signed in and the facts were asked once.
  for (const url of ['/api/auth/user', '/api/meta']) expect(asked.get(url), url).toBe(1);
  await context.close();
});

test('the threadline header waits for the switcher when its list answers last: no late reflow', async ({
  browser,
}) => {
  const { page, context, timelineId } = await phoneOwner(browser);
  // The switcher's list answers only once the feed has been asked for (after the threadline's details).
  let feedAsked: () => void = () => {};
  const feed = new Promise<void>((resolve) => (feedAsked = resolve));
  page.on('request', (req) => {
    if (req.url().includes(`/api/timelines/${timelineId}/posts`)) feedAsked();
  });
  await page.route('**/api/user/timelines', async (route) => {
    await feed;
    await route.continue();
  });
  await page.goto(`/timeline/${timelineId}`);
  await expect(page.getByRole('button', { name: 'Switch Threadline' })).toBeVisible();
  await expect(postCards(page)).toHaveCount(6);
  await expect(
    page.locator('html[data-realtime-subscribed]:not([data-realtime-subscribed="0"])'),
  ).toBeAttached();
  await expectSteady(page);
  await context.close();
});

test('the dashboard opened on a phone does not shift (CLS at most 0.05)', async ({ browser }) => {
  const { page, context, asked } = await phoneOwner(browser);
  // The installation's facts (the plan note under the greeting) answer only once the socket is signed in,
  // well after the rest of the page's reads.
  let socketIn: () => void = () => {};
  const authenticated = new Promise<void>((resolve) => (socketIn = resolve));
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"authenticated"')) socketIn();
    }),
  );
  await page.route('**/api/meta', async (route) => {
    await authenticated;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Steady / })).toBeVisible();
  // Read with the HTML, before the socket was up, the list is read again once it is: the load's last step.
  await expect.poll(() => asked.get('/api/user/timelines?filter=active') ?? 0).toBeGreaterThanOrEqual(2);
  await expectSteady(page);
  await context.close();
});
