// The API reference page (issue 29): /api/docs draws every route of /api/openapi.json as plain HTML
// (server/openapi/docs.js), signed out, under the app's Content-Security-Policy: keyboard-only, axe clean and
// no sideways scroll at 1280 and 360 px, nothing loaded from off the server.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSideScroll, pressUntilFocused, tabTo } from './helpers.ts';

test('the API reference renders under the CSP, signed out, by keyboard and axe clean', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));

  await page.goto('/api/docs');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Threadline API reference' })).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  // One <details> per operation, grouped by tag (an h2 each, linked from the contents).
  const operations = page.locator('main details.operation');
  expect(await operations.count()).toBeGreaterThan(100);
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await expect(contents.getByRole('link', { name: 'timelines' })).toHaveAttribute('href', '#tag-timelines');
  await expect(page.getByRole('heading', { level: 2, name: 'timelines' })).toBeVisible();
  // A summary holds nothing interactive: it is the only control of its operation until opened.
  expect(await page.locator('summary a, summary button, summary input, summary [tabindex]').count()).toBe(0);

  // Keyboard alone: the skip link passes the contents, Tab reaches the first operation, Enter opens it.
  const skip = page.getByRole('link', { name: 'Skip to the operations' });
  await tabTo(page, skip);
  await page.keyboard.press('Enter');
  const first = operations.first();
  await pressUntilFocused(page, 'Tab', first.locator('summary'), 3);
  await expect(first).not.toHaveAttribute('open');
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('open');
  await expect(first.getByRole('heading', { level: 4, name: 'Responses' })).toBeVisible();

  // An operation with parameters, a body and error answers: join by code.
  const join = page.locator('details#post-api-timelines-join');
  await join.locator('summary').click();
  await expect(join.locator('summary')).toContainText('POST /api/timelines/join');
  await expect(join.getByText('Invalid join code')).toBeVisible();
  await expect(join.locator('.responses .status', { hasText: /^429$/ })).toBeVisible();
  await expect(join.getByRole('heading', { name: 'Request body' })).toBeVisible();
  // A path parameter, in its table.
  const archive = page.locator('details#post-api-timelines-id-archive');
  await archive.locator('summary').click();
  await expect(archive.getByRole('rowheader', { name: /id/ })).toBeVisible();

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSideScroll(page);
    await expectAccessible(page);
  }
  // Every operation open at 360 px: the longest paths and schemas wrap, the page still never scrolls sideways.
  // (axe passes this way too, but takes 30 s over 5,500 elements on 2 busy cores: the three open above cover
  // a table, body and answer schemas and every status label's style.)
  await operations.evaluateAll((all) => {
    for (const details of all) (details as HTMLDetailsElement).open = true;
  });
  await expectNoSideScroll(page);

  // A link to one operation opens it.
  await page.goto('/api/docs#get-api-meta');
  await expect(page.locator('details#get-api-meta')).toHaveAttribute('open');

  expect(problems).toEqual([]);
  // Everything came from this server: no CDN.
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
});
