// Billing after cancelling (issue 25, item 11), at 1280 and 360 px in the sandbox: the status badge says
// "Cancels on {date}" and Resume subscription brings the plan back to Active, by keyboard, with focus on the
// Cancel Subscription button that takes its place; a declined card is said inside the payment form itself
// (an alert the form names as its description), still there after the toast has gone. axe and no sideways
// scroll at each step.
// Nothing on these screens reads the width (no matchMedia or innerWidth behind them; the cancel dialog's
// focus is the same at both): each journey's steps run once, at one width, and every checkpoint is checked
// at both widths in place, the viewport resized around the page as it stands (atBothWidths).
import { type Browser, expect, type Page, test } from '@playwright/test';
import { UI_TIMING } from '../common/limits.ts';
import { SANDBOX_DECLINE_MESSAGE } from '../common/schemas/billing.ts';
import { expectAccessible, PASSWORD, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import { expectToast, sharedAccount, tag, toastWith } from './timeline-helpers.ts';

const WIDTHS = [1280, 360] as const;
const HEIGHT = 800;

const main = (page: Page) => page.getByRole('main');
const statusBadge = (page: Page) => page.getByTestId('billing-status-badge');

/** The period end as the billing page writes it: the status answer's seconds, in the browser's locale. */
async function periodEndText(page: Page): Promise<string> {
  const res = await page.request.get('/api/subscription/status');
  const seconds = (await res.json()).subscriptionStatus.currentPeriodEnd as number;
  expect(seconds * 1000).toBeGreaterThan(Date.now());
  return page.evaluate(
    (s) =>
      new Date(s * 1000).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }),
    seconds,
  );
}

async function checkLayout(page: Page, where: string) {
  await expectNoHorizontalScroll(page, where);
  await expectAccessible(page);
}

/**
 * A new account signed in, in its own browser context `width` px wide, on no page yet; Pro through the
 * sandbox's API when `pro` (paying through the form is the declined card's journey).
 */
async function billingUser(browser: Browser, name: string, width: number, { pro = false } = {}) {
  const account = await sharedAccount(browser, `${name}${tag()}`);
  const context = await browser.newContext({ viewport: { width, height: HEIGHT } });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  if (pro) {
    const created = await page.request.post('/api/subscription/create', {
      data: { plan: 'pro', billingPeriod: 'monthly' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const paid = await page.request.post('/api/subscription/sandbox/confirm', { data: { clientSecret } });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
  return { page, context };
}

/** `check` at each width in turn, the page resized in place; then back to the journey's `width`. */
async function atBothWidths(page: Page, width: number, check: (width: number) => Promise<void>) {
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w, height: HEIGHT });
    await check(w);
  }
  await page.setViewportSize({ width, height: HEIGHT });
}

// The steps at 360 px, where Tab passes the header's Menu on its way to Resume subscription.
test('at 1280 and 360 px: cancel -> "Cancels on {date}" -> Resume subscription by keyboard -> Active', async ({
  browser,
}) => {
  const width = 360;
  const { page, context } = await billingUser(browser, 'Resume', width, { pro: true });
  await page.goto('/billing');
  await expect(page.getByTestId('billing-plan-badge')).toHaveText('Plan: Pro');
  await expect(statusBadge(page)).toHaveText('Status: Active');
  await expect(main(page).getByRole('button', { name: 'Resume subscription' })).toHaveCount(0);

  await main(page).getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expectToast(page, 'Subscription Canceled');
  const date = await periodEndText(page);
  await expect(statusBadge(page)).toHaveText(`Status: Cancels on ${date}`);
  await expect(page.getByTestId('billing-end-date')).toHaveText(`Subscription will end on ${date}`);
  const resume = main(page).getByRole('button', { name: 'Resume subscription' });
  await atBothWidths(page, width, async (w) => {
    await expect(statusBadge(page)).toBeVisible();
    await expect(page.getByTestId('billing-end-date')).toBeVisible();
    await expect(resume).toBeVisible();
    await checkLayout(page, `billing, cancelling, at ${w} px`);
  });

  // By keyboard: Resume, then focus lands on Cancel Subscription, which takes its place.
  await tabTo(page, resume);
  await page.keyboard.press('Enter');
  await expectToast(page, 'Subscription Resumed');
  await expect(statusBadge(page)).toHaveText('Status: Active');
  await expect(page.getByTestId('billing-end-date')).toHaveCount(0);
  await expect(resume).toHaveCount(0);
  const cancel = main(page).getByRole('button', { name: 'Cancel Subscription' });
  await expect(cancel).toBeFocused();
  await atBothWidths(page, width, async (w) => {
    await expect(statusBadge(page)).toBeVisible();
    await expect(cancel).toBeVisible();
    await checkLayout(page, `billing, resumed, at ${w} px`);
  });

  // The server has it too: a fresh load says Active and renews.
  await page.reload();
  await expect(statusBadge(page)).toHaveText('Status: Active');
  const status = await (await page.request.get('/api/subscription/status')).json();
  expect(status.subscriptionStatus).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  await context.close();
});

// The steps at 1280 px.
test('at 1280 and 360 px: a declined card is said inside the payment form, after the toast has gone', async ({
  browser,
}) => {
  const width = 1280;
  const { page, context } = await billingUser(browser, 'Decline', width);
  // The toast's 5 s pass at once (below), not in real time.
  await page.clock.install();
  await page.goto('/billing');
  await main(page)
    .getByRole('radio', { name: /^Monthly/ })
    .check();
  await main(page).getByRole('button', { name: 'Upgrade to Pro' }).click();
  const form = page.getByRole('form', { name: 'Sandbox payment' });
  await expect(form).toBeVisible();
  await form.getByRole('checkbox', { name: 'Simulate a declined card' }).check();
  await form.getByRole('button', { name: 'Complete Payment' }).click();

  const alert = form.getByRole('alert');
  await expect(alert).toHaveText(`Payment Failed${SANDBOX_DECLINE_MESSAGE}`);
  await expect(form).toHaveAccessibleDescription(`Payment Failed ${SANDBOX_DECLINE_MESSAGE}`);
  await atBothWidths(page, width, async (w) => {
    await expect(form).toBeVisible();
    await expect(alert).toBeVisible();
    await checkLayout(page, `payment form with its error, at ${w} px`);
  });
  // The toast goes; the form still says why.
  await page.clock.fastForward(UI_TIMING.toastDurationMs);
  await expect(toastWith(page, 'Payment Failed')).toBeHidden();
  await atBothWidths(page, width, async () => {
    await expect(alert).toBeVisible();
  });

  // Paying again clears it.
  await form.getByRole('checkbox', { name: 'Simulate a declined card' }).uncheck();
  await form.getByRole('button', { name: 'Complete Payment' }).click();
  await expectToast(page, 'Payment Successful');
  await expect(page.getByTestId('payment-error')).toHaveCount(0);
  await expect(page.getByTestId('billing-plan-badge')).toHaveText('Plan: Pro');
  await context.close();
});
