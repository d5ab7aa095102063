// "Delete my account" (issue 26; DECISIONS §10), from the profile: refused inside the dialog while the member
// still owns a threadline; once it is deleted, the account goes (by keyboard alone) and the browser lands on
// the landing page with a toast. The other member's feed shows the post as "Deleted user"'s, the mail that
// confirms it is in the server's outbox, and the address signs up again at once. axe and no sideways scroll
// at 1280 and 360 px with the dialog open.
import { expect, test } from '@playwright/test';
import { ACCOUNT_DELETED, DELETE_ACCOUNT_COPY, DELETE_OWNS_THREADLINES } from '../common/account.ts';
import { createAccount, expectGoodAtBothWidths, PASSWORD } from './helpers.ts';
import { mailTo } from './mail.ts';
import {
  apiAccount,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiSignedIn,
  expectToast,
  openThreadline,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

test('a member deletes their account: refused while owning, then gone, "Deleted user" to the others', async ({
  browser,
}) => {
  const owner = await signedInAs(browser, await apiAccount(browser, 'Oskar', 'Keeper'));
  const account = await apiAccount(browser, 'Lena', 'Leaving');
  const lena = await apiSignedIn(browser, account);
  const clubName = uniqueName('Club');
  const club = await apiCreateTimeline(owner.page, clubName);
  await apiJoin(lena.page, club.joinCode);
  await apiPost(lena.page, club.id, 'Lena was here');
  const hers = await apiCreateTimeline(lena.page, uniqueName('Her own'));

  const page = lena.page;
  await page.goto('/profile');
  const open = page.getByRole('button', { name: DELETE_ACCOUNT_COPY.open });
  await open.click();
  const dialog = page.getByRole('dialog', { name: DELETE_ACCOUNT_COPY.dialogTitle });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: DELETE_ACCOUNT_COPY.confirm });
  await dialog.getByLabel(DELETE_ACCOUNT_COPY.password, { exact: true }).fill(PASSWORD);
  // The confirm button waits for the address.
  await expect(confirm).toBeDisabled();
  const typed = dialog.getByLabel(DELETE_ACCOUNT_COPY.confirmEmail);
  await typed.fill(account.email.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await typed.fill(account.email.toUpperCase());
  await expect(confirm).toBeEnabled();
  await expectGoodAtBothWidths(page);
  await confirm.click();
  // Still owning a threadline: told inside the dialog, nothing deleted.
  await expect(dialog.getByRole('alert')).toHaveText(DELETE_OWNS_THREADLINES);
  await expectGoodAtBothWidths(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  // Her threadline deleted, she goes, by keyboard alone: the dialog opens on the password field.
  expect((await page.request.delete(`/api/timelines/${hers.id}`)).status()).toBe(200);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(DELETE_ACCOUNT_COPY.password, { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Tab');
  await expect(typed).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expectToast(page, ACCOUNT_DELETED);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // The owner sees her post as a tombstone by "Deleted user", her name nowhere on the page.
  await openThreadline(owner.page, club.id, clubName);
  await expect(owner.page.getByText(/Post by Deleted user was deleted/)).toBeVisible();
  await expect(owner.page.getByRole('main')).not.toContainText('Leaving');
  await expect(owner.page.getByRole('main')).not.toContainText('Lena was here');

  // One mail confirms it, in the server's outbox.
  const mail = await mailTo(account.email, 'Your Threadline account was deleted');
  expect(mail.text).toContain('Hello Lena,');

  // The address is free for a new account at once.
  const again = await browser.newContext();
  await createAccount(await again.newPage(), account.email, 'Lena');
  await again.close();
  await lena.context.close();
  await owner.context.close();
});
