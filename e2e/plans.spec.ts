// What each plan gets, from the one table in common/plans.ts (issue 24; spec 000 §2; DECISIONS §4, §9): the
// billing cards list the limits and the paid features with what they do, the landing page names them, and with
// billing off nothing of the plans is quoted. The e2e server runs the sandbox, so billing off is the client's
// view of an /api/meta answering `billingProvider: "off"` (the server's side is covered by its own tests).
// Also /timeline without a threadline goes home. axe and no sideways scroll at 1280 and 360 px.
import { expect, type Page, test } from '@playwright/test';
import {
  OWNER_INSIGHTS,
  PLAN_DISPLAY_NAMES,
  PLAN_FEATURE_COPY,
  PLAN_FEATURES,
  PLAN_LIMITS,
  PLANS,
  planCardLines,
} from '../common/plans.ts';
import { expectAccessible } from './helpers.ts';
import { expectNoHorizontalScroll, WIDTHS } from './layout-helpers.ts';
import { sharedAccount, signedInAs, tag } from './timeline-helpers.ts';

/** The client told billing is off (the server keeps its sandbox). */
async function billingOff(page: Page) {
  await page.route('**/api/meta', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), billingProvider: 'off' } });
  });
}

/** Nothing of the plans: no plan name, price, limit or upgrade. */
async function expectNoPlanQuoted(page: Page) {
  const text = ((await page.locator('body').textContent()) ?? '').replace(/\s+/g, ' ');
  expect(text).not.toMatch(/\$\d|\bGB\b|\bup to \d|upgrade|\bplans?\b/i);
  expect(text).not.toMatch(/\b(Personal|Pro|Community)\b/);
  await expect(page.locator('a[href="/billing"]')).toHaveCount(0);
}

for (const width of WIDTHS) {
  test(`the billing cards list each plan's limits and features from the table (${width} px)`, async ({
    browser,
  }) => {
    const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Plan${tag()}`), width);
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Choose a Plan' })).toBeVisible();
    for (const plan of PLANS) {
      const list = page.getByRole('list', { name: `${PLAN_DISPLAY_NAMES[plan]} features` });
      const items = list.getByRole('listitem');
      const lines = planCardLines(plan);
      await expect(items).toHaveCount(lines.length);
      for (const [i, line] of lines.entries()) {
        await expect(items.nth(i)).toContainText(line.text);
        if (line.detail) await expect(items.nth(i)).toContainText(line.detail);
      }
      // Every paid feature is named on every card, in or out as the plan has it.
      for (const feature of PLAN_FEATURES) {
        const { label, description } = PLAN_FEATURE_COPY[feature];
        if (PLAN_LIMITS[plan][feature]) await expect(list).toContainText(`${label}${description}`);
        else await expect(list).toContainText(`No ${label.toLowerCase()}`);
      }
      await expect(list).toContainText(OWNER_INSIGHTS.label);
    }
    await expect(page.getByRole('list', { name: 'Pro features' })).toContainText('Priority support');
    await expect(page.getByRole('list', { name: 'Community features' })).toContainText(
      'Top priority support',
    );
    await expectAccessible(page);
    await expectNoHorizontalScroll(page, `billing cards at ${width} px`);
    await context.close();
  });
}

test('the landing page quotes the free limits and names what Pro and Community add', async ({ page }) => {
  await page.goto('/');
  const why = page.getByRole('region', { name: 'Why Choose Threadline' });
  await expect(why).toContainText(
    `Free to start with up to ${PLAN_LIMITS.free.maxTimelines} threadlines, ${PLAN_LIMITS.free.maxMembersPerTimeline} members each and ${PLAN_LIMITS.free.storageGB} GB of storage.`,
  );
  await expect(why).toContainText(
    'Pro and Community add advanced search, version history and customization.',
  );
});

for (const width of WIDTHS) {
  test(`with billing off nothing of the plans is quoted anywhere (${width} px)`, async ({ browser }) => {
    const visitor = await browser.newContext({ viewport: { width, height: 800 } });
    const landing = await visitor.newPage();
    await billingOff(landing);
    await landing.goto('/');
    const why = landing.getByRole('region', { name: 'Why Choose Threadline' });
    await expect(why).toContainText('Everything included');
    await expectNoPlanQuoted(landing);
    await expectAccessible(landing);
    await expectNoHorizontalScroll(landing, `landing, billing off, ${width} px`);
    await visitor.close();

    const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Off${tag()}`), width);
    await billingOff(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your Threadlines', level: 2 })).toBeVisible();
    await expectNoPlanQuoted(page);
    // Nor in the small screen's menu.
    const menu = page.getByRole('button', { name: /^Menu/ });
    if (await menu.isVisible()) {
      await menu.click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
      await page.keyboard.press('Escape');
    } else {
      await expect(page.getByRole('button', { name: 'Billing' })).toHaveCount(0);
    }
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectNoPlanQuoted(page);
    await context.close();
  });
}

test('/timeline and /timeline/ go home, signed in and signed out', async ({ browser, page }) => {
  for (const path of ['/timeline', '/timeline/']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Get Started Free' })).toBeVisible();
  }
  const { page: signedIn, context } = await signedInAs(browser, await sharedAccount(browser, 'Home'));
  for (const path of ['/timeline', '/timeline/']) {
    await signedIn.goto(path);
    await expect(signedIn).toHaveURL('/');
    await expect(signedIn.getByRole('heading', { name: 'Your Threadlines', level: 2 })).toBeVisible();
    await expect(signedIn.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  }
  await context.close();
});
