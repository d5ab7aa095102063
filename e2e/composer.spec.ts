// The composer after an upload (issue 25 items 6 and 8) at 360 and 1280 px: the dialog's last step says
// nothing is shared until Post ("Files Uploaded": "Attached: press Post to share"), the composer lists the
// files with thumbnails, names and named remove buttons that work by keyboard, and after Post focus stays in
// the composer (it fell to the page body). axe with the attachments listed.
import { expect, type Locator, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll, WIDTHS } from './layout-helpers.ts';
import {
  type Account,
  apiCreateTimeline,
  openThreadline,
  postCard,
  sharedAccount,
  signedInAs,
  toastWith,
  uniqueName,
} from './timeline-helpers.ts';

const png = (background: string) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background } })
    .png()
    .toBuffer();

/** The image has loaded with real pixels (not a broken image). */
const expectLoaded = (img: Locator) =>
  expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

let owner: Account;
test.beforeAll(async ({ browser }) => {
  owner = await sharedAccount(browser, 'Cora', 'Composer');
});

for (const width of WIDTHS) {
  test(`attached files are listed until Post, which keeps focus in the composer (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const o = await signedInAs(browser, owner, width);
    const { page } = o;
    const name = uniqueName('Composer');
    const { id } = await apiCreateTimeline(page, name);
    await openThreadline(page, id, name);

    await page.getByRole('button', { name: 'Upload Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Files' });
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'sunrise.png', mimeType: 'image/png', buffer: await png('#e94') },
      { name: 'sunset.png', mimeType: 'image/png', buffer: await png('#a3c') },
    ]);
    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    // The last step says what happens next; the spec's toast title stays.
    await expect(toastWith(page, 'Files Uploaded')).toContainText('Attached: press Post to share');
    await expect(toastWith(page, 'Files Uploaded')).not.toContainText('uploaded successfully');
    await expect(dialog).toBeHidden();

    const list = page.getByRole('list', { name: 'Attachments' });
    await expect(list).toHaveAccessibleDescription('Attached: press Post to share');
    await expect(
      page.getByRole('main').getByText('Attached: press Post to share', { exact: true }),
    ).toBeVisible();
    const rows = list.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('sunrise.png');
    await expect(rows.nth(1)).toContainText('sunset.png');
    for (const i of [0, 1]) await expectLoaded(rows.nth(i).locator('img'));
    await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page, 'composer with two attachments');

    // Remove by keyboard: focus moves on to the other file's remove button.
    await tabTo(page, page.getByRole('button', { name: 'Remove sunrise.png' }));
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(list).not.toContainText('sunrise.png');
    await expect(page.getByRole('button', { name: 'Remove sunset.png' })).toBeFocused();

    // Post by keyboard: the post appears, the composer empties, and focus is in the composer's text box.
    const text = page.getByRole('textbox', { name: 'Write a post' });
    await text.fill('Evening light');
    const postButton = page.getByRole('button', { name: 'Post', exact: true });
    await tabTo(page, postButton);
    await page.keyboard.press('Enter');
    await expect(postCard(page, 'Evening light')).toBeVisible();
    await expect(list).toBeHidden();
    await expect(text).toHaveValue('');
    await expect(text).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    // Typing goes straight into the next post.
    await page.keyboard.type('Next one');
    await expect(text).toHaveValue('Next one');
    await o.context.close();
  });
}
