// Billing after cancelling (issue 25, item 11), at 1280 and 360 px in the sandbox: the status badge says
// "Cancels on {date}" and Resume subscription brings the plan back to Active, by keyboard, with focus on the
// Cancel Subscription button that takes its place; a declined card is said inside the payment form itself
// (an alert the form names as its description), still there after the toast has gone. axe and no sideways
// scroll at each step.
import { expect, type Page, test } from '@playwright/test';
import { SANDBOX_DECLINE_MESSAGE } from '../common/schemas/billing.ts';
import { expectAccessible, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import { expectToast, sharedAccount, signedInAs, tag, toastWith, upgradeToPro } from './timeline-helpers.ts';

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

for (const width of [1280, 360]) {
  test(`at ${width} px: cancel -> "Cancels on {date}" -> Resume subscription by keyboard -> Active`, async ({
    browser,
  }) => {
    const { page, context } = await signedInAs(
      browser,
      await sharedAccount(browser, `Resume${tag()}`),
      width,
    );
    await upgradeToPro(page);
    await expect(statusBadge(page)).toHaveText('Status: Active');
    await expect(main(page).getByRole('button', { name: 'Resume subscription' })).toHaveCount(0);

    await main(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await expectToast(page, 'Subscription Canceled');
    const date = await periodEndText(page);
    await expect(statusBadge(page)).toHaveText(`Status: Cancels on ${date}`);
    await expect(page.getByTestId('billing-end-date')).toHaveText(`Subscription will end on ${date}`);
    const resume = main(page).getByRole('button', { name: 'Resume subscription' });
    await expect(resume).toBeVisible();
    await checkLayout(page, `billing, cancelling, at ${width} px`);

    // By keyboard: Resume, then focus lands on Cancel Subscription, which takes its place.
    await tabTo(page, resume);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Subscription Resumed');
    await expect(statusBadge(page)).toHaveText('Status: Active');
    await expect(page.getByTestId('billing-end-date')).toHaveCount(0);
    await expect(resume).toHaveCount(0);
    await expect(main(page).getByRole('button', { name: 'Cancel Subscription' })).toBeFocused();
    await checkLayout(page, `billing, resumed, at ${width} px`);

    // The server has it too: a fresh load says Active and renews.
    await page.reload();
    await expect(statusBadge(page)).toHaveText('Status: Active');
    const status = await (await page.request.get('/api/subscription/status')).json();
    expect(status.subscriptionStatus).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await context.close();
  });

  test(`at ${width} px: a declined card is said inside the payment form, after the toast has gone`, async ({
    browser,
  }) => {
    const { page, context } = await signedInAs(
      browser,
      await sharedAccount(browser, `Decline${tag()}`),
      width,
    );
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
    await checkLayout(page, `payment form with its error, at ${width} px`);
    // The toast goes; the form still says why.
    await expect(toastWith(page, 'Payment Failed')).toBeHidden({ timeout: 15_000 });
    await expect(alert).toBeVisible();

    // Paying again clears it.
    await form.getByRole('checkbox', { name: 'Simulate a declined card' }).uncheck();
    await form.getByRole('button', { name: 'Complete Payment' }).click();
    await expectToast(page, 'Payment Successful');
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
    await expect(page.getByTestId('billing-plan-badge')).toHaveText('Plan: Pro');
    await context.close();
  });
}
