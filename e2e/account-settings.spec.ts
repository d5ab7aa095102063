// Accounts a person can keep (issue 26), the profile's side: confirming the address from the mail sent at
// sign-up (and Resend), changing the address through a link to the new one, signing out another device
// (whose open page leaves at once, over its socket), and downloading one's data. The mail comes from the
// e2e server's DATA_DIR/outbox. axe and no sideways scroll at 1280 and 360 px on each screen.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { verificationSent } from '../common/account.ts';
import { expectGoodAtBothWidths, PASSWORD, uniqueEmail } from './helpers.ts';
import { linkIn, mailTo } from './mail.ts';
import { apiAccount, apiCreateTimeline, apiSignedIn, uniqueName } from './timeline-helpers.ts';

/** Names of a ZIP's entries. */
function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.readEntry();
    });
  });
}

test('the address is confirmed from the mailed link; Resend sends another', async ({ browser }) => {
  const account = await apiAccount(browser, 'Vera');
  const { page, context } = await apiSignedIn(browser, account);
  await page.goto('/profile');
  const notice = page.getByRole('heading', { name: 'Verify your e-mail' });
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(verificationSent(account.email), { exact: true })).toBeVisible();
  await expectGoodAtBothWidths(page);

  // The first mail (at sign-up) and the resent one both carry a working link; the newest is used.
  await mailTo(account.email, 'Confirm your e-mail address');
  await page.goto(linkIn(await mailTo(account.email, 'Confirm your e-mail address'), '/verify-email'));
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  await expectGoodAtBothWidths(page);
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await context.close();
});

test('a new address replaces the old one once its own mail is opened', async ({ browser }) => {
  const account = await apiAccount(browser, 'Ulla');
  const { page, context } = await apiSignedIn(browser, account);
  await page.goto('/profile');
  const next = uniqueEmail('ulla-new');
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Send confirmation link' }) });
  await form.getByLabel('New e-mail').fill(next);
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${next}.`)).toBeVisible();
  await expectGoodAtBothWidths(page);
  // Still the old address until the link is opened.
  expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(account.email);
  const mail = await mailTo(next, 'Confirm your new e-mail address');
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ email: next, emailVerified: true });
  await context.close();
});

test('signing out the other devices from the profile sends their open pages away at once', async ({
  browser,
}) => {
  const account = await apiAccount(browser, 'Petra');
  const laptop = await apiSignedIn(browser, account);
  const phone = await apiSignedIn(browser, account, 360);
  // The dashboard opens its socket for the threadlines it shows.
  await apiCreateTimeline(phone.page, uniqueName('Petra'));
  await phone.page.goto('/');
  await expect(phone.page.locator('html')).toHaveAttribute('data-realtime', 'authenticated', {
    timeout: 15_000,
  });
  const page = laptop.page;
  await page.goto('/profile');
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
  // The phone's, and the one sign-up left: the browsers are alike here, so both go at once.
  const others = page.getByRole('button', { name: /^Sign out (?!everywhere)/ });
  await expect(others).toHaveCount(2);
  await expectGoodAtBothWidths(page);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(others).toHaveCount(0);
  // The phone's page, with nothing done there, is signed out over its socket.
  await expect(phone.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0, { timeout: 15_000 });
  expect((await phone.page.request.get('/api/auth/user')).status()).toBe(401);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await laptop.context.close();
  await phone.context.close();
});

test('Download my data saves a ZIP of the account', async ({ browser }) => {
  const account = await apiAccount(browser, 'Selma');
  const { page, context } = await apiSignedIn(browser, account);
  await page.goto('/profile');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^threadline-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const names = await zipEntries(await readFile((await file.path())!));
  expect(names).toEqual(
    expect.arrayContaining(['profile.json', 'memberships.json', 'posts.json', 'messages.json', 'files.json']),
  );
  await context.close();
});
