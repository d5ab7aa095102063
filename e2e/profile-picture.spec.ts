// The profile picture (issue 10, spec 000 §2): the camera button on Profile uploads one image of at most
// 5 MB through the upload dialog (keyboard, axe), "Profile image uploaded successfully!", and the header's
// avatar shows it at once and after a reload; another member sees it beside the post's author.
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, expectSignedIn, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  apiPost,
  expectToast,
  openThreadline,
  postCard,
  signedInPerson,
  toastWith,
  uniqueName,
} from './timeline-helpers.ts';

/** The avatar picture inside the header's profile link. */
const headerAvatar = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: /edit profile/ })
    .locator('img');

/** Waits until `img` has loaded from a stored object and answers its natural width. */
async function loadedFromObjects(img: Locator): Promise<number> {
  await expect(img).toHaveAttribute('src', /^\/objects\/uploads\/[^?]+\?variant=thumb$/);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

test('a profile picture change shows in the header at once and after a reload', async ({ browser }) => {
  test.setTimeout(90_000);
  const me = await signedInPerson(browser, 'Pia');
  const { page } = me;
  await expect(headerAvatar(page)).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByText('Maximum file size: 5MB')).toBeVisible();

  // By keyboard: the camera button opens the dialog.
  const camera = page.getByRole('button', { name: 'Change profile picture' });
  await tabTo(page, camera);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Profile Picture' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Maximum file size: 5MB');
  await expectAccessible(page);

  // Images only, at most 5 MB.
  const input = page.getByTestId('upload-input');
  await input.setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n'),
  });
  await expect(toastWith(page, 'File Type Not Allowed')).toContainText(
    'Please select Images. "cv.pdf" is not supported.',
  );
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expectToast(page, 'File Too Large');
  await expect(dialog.getByTestId('upload-file')).toHaveCount(0);

  const portrait = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 60, b: 120 } },
  })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: portrait });
  await expect(dialog.getByTestId('upload-file')).toContainText('me.png');
  await tabTo(page, dialog.getByRole('button', { name: 'Upload', exact: true }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Profile image uploaded successfully!');
  await expect(dialog).toBeHidden();
  await expect(camera).toBeFocused();

  // The header and the profile avatar change without a reload, and stay after one.
  expect(await loadedFromObjects(headerAvatar(page))).toBeLessThanOrEqual(480);
  const user = await (await page.request.get('/api/auth/user')).json();
  expect(user.profileImageUrl).toMatch(/^\/objects\/uploads\//);
  await page.reload();
  await expectSignedIn(page);
  await loadedFromObjects(headerAvatar(page));
  await expect(headerAvatar(page)).toHaveAttribute('src', `${user.profileImageUrl}?variant=thumb`);

  // At 360 px nothing scrolls sideways, dialog open or not.
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page, 'profile');
  await camera.click();
  await expect(dialog).toBeVisible();
  await expectNoHorizontalScroll(page, 'profile picture dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another member sees it beside the author's name on a post.
  const name = uniqueName('Portraits');
  const { id, joinCode } = await apiCreateTimeline(page, name);
  await apiPost(page, id, 'New picture, who dis');
  const other = await signedInPerson(browser, 'Otto');
  await apiJoin(other.page, joinCode);
  await openThreadline(other.page, id, name);
  const card = postCard(other.page, 'New picture, who dis');
  await loadedFromObjects(card.locator('img').first());
  await me.context.close();
  await other.context.close();
});
