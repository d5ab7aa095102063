// Plans and billing in the sandbox (issue 13; spec 000 §2, §4, §8; DECISIONS §4): the upgrade with the
// sandbox's test-mode form, limits raised, cancel at period end, the period end passing (the sandbox's test
// clock), back to free; an unpaid upgrade reset to free; a declined card. axe and no sideways scroll on the
// Billing screen and the payment form at 1280 px and 360 px.
import { expect, type Page, test } from '@playwright/test';
import { PLAN_LIMITS } from '../common/plans.ts';
import { SANDBOX_DECLINE_MESSAGE, SANDBOX_TEST_MODE } from '../common/schemas/billing.ts';
import { expectAccessible, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import { apiCreateTimeline, expectToast, sharedAccount, signedInAs, tag } from './timeline-helpers.ts';

/** A fresh free account (its own name, so no other spec shares its plan) on /billing, `width` px wide. */
async function onBilling(browser: import('@playwright/test').Browser, width = 1280) {
  const person = await signedInAs(browser, await sharedAccount(browser, `Bill${tag()}`), width);
  await person.page.goto('/billing');
  await expect(billingHeading(person.page)).toBeVisible();
  return person;
}

const billingHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Billing & Subscription' });
const main = (page: Page) => page.getByRole('main');
const paymentHeading = (page: Page, plan: string) =>
  page.getByRole('heading', { name: `Upgrade to ${plan}` });
const completePayment = (page: Page) => page.getByRole('button', { name: 'Complete Payment' });

/** The Monthly/Yearly toggle, then the plan card's upgrade button: the payment form opens on its heading. */
async function choosePlan(page: Page, plan: 'Pro' | 'Community', period: 'Monthly' | 'Yearly') {
  await main(page)
    .getByRole('radio', { name: new RegExp(`^${period}`) })
    .check();
  await main(page)
    .getByRole('button', { name: `Upgrade to ${plan}` })
    .click();
  await expect(paymentHeading(page, plan)).toBeFocused();
  await expect(main(page)).toContainText(SANDBOX_TEST_MODE);
}

/** The current plan badge and the threadline usage bar (`used of max threadlines`). */
async function expectPlan(page: Page, name: string, plan: keyof typeof PLAN_LIMITS, used = 0) {
  await expect(page.getByTestId('billing-plan-badge')).toHaveText(`Plan: ${name}`);
  await expect(page.getByTestId('billing-usage-threadlines-text')).toHaveText(
    `${used} of ${PLAN_LIMITS[plan].maxTimelines} threadlines`,
  );
}

const createStatus = async (page: Page, name: string) =>
  (await page.request.post('/api/timelines', { data: { name } })).status();

test('free at its limit -> Upgrade Plan -> Pro yearly in the sandbox -> limits raised -> cancel -> the period ends -> back to free', async ({
  browser,
}) => {
  const person = await signedInAs(browser, await sharedAccount(browser, `Bill${tag()}`));
  const { page, context } = person;
  // Sandbox installations never download Stripe's code (the Stripe form is its own chunk).
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (/stripe/i.test(request.url())) stripeRequests.push(request.url());
  });

  // The free plan's threadlines are all used: the limit toast's Upgrade Plan leads to Billing.
  const free = PLAN_LIMITS.free.maxTimelines;
  for (let i = 1; i <= free; i++) await apiCreateTimeline(page, `Plan ${i}`);
  await page.reload();
  await page.getByRole('button', { name: 'Create Threadline' }).click();
  const create = page.getByRole('dialog', { name: 'Create Threadline' });
  await create.getByLabel('Name').fill('One too many');
  await create.getByRole('button', { name: 'Create Threadline' }).click();
  await expectToast(page, 'Threadline Limit Reached');
  await create.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL('/billing');
  await expect(billingHeading(page)).toBeVisible();
  await expectPlan(page, 'Personal', 'free', free);
  await expectNoHorizontalScroll(page, 'billing');
  await expectAccessible(page);

  await choosePlan(page, 'Pro', 'Yearly');
  await expect(main(page)).toContainText('$79.99 per year ($6.67/month)');
  await expectNoHorizontalScroll(page, 'payment form');
  await expectAccessible(page);
  await completePayment(page).click();
  await expectToast(page, 'Payment Successful');
  await expectToast(page, 'You are now subscribed!');
  await expectPlan(page, 'Pro', 'pro', free);
  await expect(page.getByTestId('billing-status-badge')).toHaveText('Status: Active');
  await expect(main(page)).not.toContainText(SANDBOX_TEST_MODE);
  // Limits raised: one more threadline is allowed now.
  expect(await createStatus(page, 'Plan 11')).toBe(201);

  // The plan is the user's everywhere: the dashboard's plan line comes from the same table.
  await page.goto('/');
  await expect(page.getByText(`Pro plan: up to ${PLAN_LIMITS.pro.maxTimelines} threadlines`)).toBeVisible();
  await page.goto('/billing');
  await expectPlan(page, 'Pro', 'pro', free + 1);

  await main(page).getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Canceled');
  const nextYear = String(new Date().getFullYear() + 1);
  await expect(page.getByTestId('billing-end-date')).toHaveText(
    new RegExp(`^Subscription will end on .*${nextYear}`),
  );
  await expect(main(page).getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
  await expectPlan(page, 'Pro', 'pro', free + 1);

  // The sandbox's test clock: the period ends now, and a cancelled plan falls back to free.
  const advanced = await page.request.post('/api/subscription/sandbox/advance');
  expect(advanced.status(), await advanced.text()).toBe(200);
  await page.reload();
  await expectPlan(page, 'Personal', 'free', free + 1);
  await expect(page.getByTestId('billing-end-date')).toHaveCount(0);
  await expect(page.getByTestId('billing-status-badge')).toHaveCount(0);
  // What exists stays; past the free limit nothing new is made.
  expect(await createStatus(page, 'Plan 12')).toBe(403);
  expect(stripeRequests).toEqual([]);
  await context.close();
});

test('an upgrade left unpaid is incomplete until reset to the free plan', async ({ browser }) => {
  const { page, context } = await onBilling(browser);
  await choosePlan(page, 'Community', 'Monthly');
  await expect(main(page)).toContainText('$14.99 per month');
  await page.getByRole('button', { name: 'Back to Billing' }).click();
  await expect(billingHeading(page)).toBeVisible();
  const notice = page.getByTestId('billing-incomplete');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('billing-status-badge')).toHaveText('Status: Incomplete');
  await main(page).getByRole('button', { name: 'Reset to Free Plan' }).click();
  await expectToast(page, 'Account Reset');
  await expectToast(page, 'Your account has been reset to the Free plan.');
  await expect(notice).toHaveCount(0);
  await expectPlan(page, 'Personal', 'free');
  await context.close();
});

test('on a phone: a declined card says "Payment Failed" and keeps the free plan; no sideways scroll, axe clean', async ({
  browser,
}) => {
  const { page, context } = await onBilling(browser, 360);
  await expectNoHorizontalScroll(page, 'billing');
  await expectAccessible(page);

  await choosePlan(page, 'Pro', 'Monthly');
  await expectNoHorizontalScroll(page, 'payment form');
  await expectAccessible(page);
  // By keyboard: the decline checkbox, then Complete Payment.
  const decline = page.getByRole('checkbox', { name: 'Simulate a declined card' });
  await tabTo(page, decline);
  await page.keyboard.press('Space');
  await expect(decline).toBeChecked();
  // The confirmation is held until "Processing..." has been seen, then let through.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subscription/sandbox/confirm', async (route) => {
    await released;
    await route.continue();
  });
  await tabTo(page, completePayment(page));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await expectToast(page, 'Payment Failed');
  await expectToast(page, SANDBOX_DECLINE_MESSAGE);
  await expect(completePayment(page)).toBeEnabled();
  await expect(paymentHeading(page, 'Pro')).toBeVisible();

  // Back where the upgrade started, the focus on its button.
  await tabTo(page, page.getByRole('button', { name: 'Back to Billing' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('button', { name: 'Upgrade to Pro' })).toBeFocused();
  await expectPlan(page, 'Personal', 'free');
  await context.close();
});
