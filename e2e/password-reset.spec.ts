// Accounts a person can keep (issue 26): forgot password -> the mail (the e2e server writes it to
// DATA_DIR/outbox, as an install without SMTP does) -> a new password -> signed in, another device signed out;
// then Change password in the profile, with its notice mail. Keyboard only where a person would type; axe and
// no sideways scroll at 1280 and 360 px on each screen.
import { expect, test } from '@playwright/test';
import { FORGOT_PASSWORD_SENT, PASSWORD_CHANGED } from '../common/schemas/account.ts';
import { clientAddress, expectGoodAtBothWidths, expectSignedIn, PASSWORD } from './helpers.ts';
import { linkIn, mailTo } from './mail.ts';
import { apiAccount, apiSignedIn } from './timeline-helpers.ts';

test('forgot password: the mailed link sets a new password, signs in and signs the other device out', async ({
  browser,
}) => {
  const account = await apiAccount(browser, 'Rosa');
  // Rosa is signed in on another device too.
  const elsewhere = await apiSignedIn(browser, account);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  const page = await context.newPage();

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  // The address typed on the sign-in screen came along.
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expectGoodAtBothWidths(page);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByText(FORGOT_PASSWORD_SENT)).toBeVisible();
  await expectGoodAtBothWidths(page);

  const mail = await mailTo(account.email, 'Reset your Threadline password');
  expect(mail.text).toContain('Hello Rosa,');
  const link = linkIn(mail, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectGoodAtBothWidths(page);
  const field = page.getByLabel('New password');
  await field.fill('password123');
  await field.press('Enter');
  // Too common: said before anything is sent, and nothing is lost.
  await expect(page.getByText(/too common/i).first()).toBeVisible();
  await field.fill('rosa picks a long new one');
  await field.press('Enter');
  await expectSignedIn(page);
  await expect(page).toHaveURL('/');

  // The other device is signed out; the old password is gone, the new one works.
  const me = await elsewhere.page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);
  const old = await elsewhere.page.request.post('/api/auth/login', {
    data: { email: account.email, password: PASSWORD },
  });
  expect(old.status()).toBe(401);
  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password').fill('another long passphrase');
  await page.getByLabel('New password').press('Enter');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await context.close();
  await elsewhere.context.close();
});

test('change password in the profile: the current one is checked, other devices end, a notice is mailed', async ({
  browser,
}) => {
  const account = await apiAccount(browser, 'Tomas');
  const here = await apiSignedIn(browser, account);
  const elsewhere = await apiSignedIn(browser, account);
  const page = here.page;
  await page.goto('/profile');
  // The Change e-mail card asks for the current password too: this card's form.
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Change password' }) });
  await expect(form).toBeVisible();
  const current = form.getByLabel('Current password');
  await current.fill('not my password at all');
  await form.getByLabel('New password').fill('tomas has a new passphrase');
  await form.getByLabel('New password').press('Enter');
  await expect(form.getByText('Current password is incorrect').first()).toBeVisible();
  await expect(current).toBeFocused();
  await expectGoodAtBothWidths(page);

  await current.fill(PASSWORD);
  await current.press('Enter');
  await expect(page.getByText(PASSWORD_CHANGED).first()).toBeVisible();
  await expect(current).toHaveValue('');
  expect((await elsewhere.page.request.get('/api/auth/user')).status()).toBe(401);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  const notice = await mailTo(account.email, 'Your password was changed');
  expect(notice.text).toContain('Every other device was signed out');
  await here.context.close();
  await elsewhere.context.close();
});
