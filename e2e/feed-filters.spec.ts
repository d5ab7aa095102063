// The feed's filter chips (issue 25 item 2) at 360 and 1280 px: "Images" lists single images and galleries,
// every filter but "All" lists live posts only, tombstones show under "All" alone, and a post deleted
// elsewhere while a filter is on leaves it. axe and no sideways scroll with each chip.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './helpers.ts';
import { expectNoHorizontalScroll, WIDTHS } from './layout-helpers.ts';
import {
  type Account,
  apiCreateTimeline,
  apiPost,
  openThreadline,
  postCards,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

/** An image through the upload flow of spec 001 §7 (upload URL, the bytes, PUT /api/media): its object path. */
async function uploadPng(request: APIRequestContext, name: string, colour: string) {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const start = await request.post('/api/objects/upload', {
    data: { category: 'image', size: bytes.length, contentType: 'image/png', fileName: name },
  });
  expect(start.ok(), await start.text()).toBe(true);
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, { data: bytes, headers: { 'Content-Type': 'image/png' } });
  expect(put.ok(), await put.text()).toBe(true);
  const done = await request.put('/api/media', { data: { mediaURL: uploadURL } });
  expect(done.ok(), await done.text()).toBe(true);
  return { path: ((await done.json()) as { objectPath: string }).objectPath, name, size: bytes.length };
}

async function apiMediaPost(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/posts', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

async function apiDelete(request: APIRequestContext, postId: string) {
  const res = await request.delete(`/api/posts/${postId}`);
  expect(res.ok(), await res.text()).toBe(true);
}

const tombstones = (page: Page) => page.getByRole('main').getByText(/^Post by .+ was deleted/);

let owner: Account;
test.beforeAll(async ({ browser }) => {
  owner = await sharedAccount(browser, 'Fiona', 'Filters');
});

for (const width of WIDTHS) {
  test(`Images lists single images and galleries; tombstones only under All (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const o = await signedInAs(browser, owner, width);
    const { page } = o;
    const request = page.request;
    const name = uniqueName('Filters');
    const { id } = await apiCreateTimeline(page, name);
    const [red, green, blue] = await Promise.all([
      uploadPng(request, 'red.png', '#c33'),
      uploadPng(request, 'green.png', '#3a3'),
      uploadPng(request, 'blue.png', '#33c'),
    ]);
    // Oldest first: a deleted image, a deleted text post, a text post, a single image, a gallery.
    const doomedImage = await apiMediaPost(request, {
      timelineId: id,
      type: 'image',
      content: 'Doomed photo',
      mediaUrl: red!.path,
      fileName: red!.name,
      fileSize: red!.size,
    });
    const doomedText = await apiPost(page, id, 'Doomed words');
    const keptText = await apiPost(page, id, 'Plain words stay');
    await apiMediaPost(request, {
      timelineId: id,
      type: 'image',
      content: 'Single photo',
      mediaUrl: green!.path,
      fileName: green!.name,
      fileSize: green!.size,
    });
    const galleryImages = [await uploadPng(request, 'one.png', '#999'), blue!];
    await apiMediaPost(request, {
      timelineId: id,
      type: 'gallery',
      content: 'Two photos',
      mediaUrls: galleryImages.map((i) => i.path),
      fileNames: galleryImages.map((i) => i.name),
      fileSizes: galleryImages.map((i) => i.size),
    });
    await apiDelete(request, doomedImage.id);
    await apiDelete(request, doomedText.id);

    await openThreadline(page, id, name);
    await expect(postCards(page)).toHaveCount(3);
    await expect(tombstones(page)).toHaveCount(2);

    await page.getByRole('button', { name: 'Filter posts' }).click();
    const filters = page.getByRole('group', { name: 'Filter posts by type' });
    await expect(filters.getByRole('button')).toHaveText(['All', 'Text', 'Images', 'Video', 'Audio', 'File']);
    const chip = (label: string) => filters.getByRole('button', { name: label, exact: true });

    // Images: the gallery and the single image, newest first; no tombstone of an image.
    await chip('Images').click();
    await expect(chip('Images')).toHaveAttribute('aria-pressed', 'true');
    await expect(postCards(page)).toHaveCount(2);
    await expect(postCards(page).nth(0)).toContainText('Two photos');
    await expect(postCards(page).nth(1)).toContainText('Single photo');
    await expect(tombstones(page)).toHaveCount(0);
    await expect(postCards(page).nth(1).locator('img').first()).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page, 'feed filtered to images');

    // Text: the live text post only, not the deleted one.
    await chip('Text').click();
    await expect(postCards(page)).toHaveCount(1);
    await expect(postCards(page)).toContainText('Plain words stay');
    await expect(tombstones(page)).toHaveCount(0);

    // Deleted elsewhere while Text is on: the post leaves the filtered feed (the live event).
    await apiDelete(request, keptText.id);
    await expect(postCards(page)).toHaveCount(0);
    await expect(page.getByText('No posts of this type yet.')).toBeVisible();
    await expect(tombstones(page)).toHaveCount(0);
    await expectAccessible(page);

    // Video has nothing; All shows the three tombstones among the posts, by keyboard.
    await chip('Video').click();
    await expect(page.getByText('No posts of this type yet.')).toBeVisible();
    await chip('All').focus();
    await page.keyboard.press('Enter');
    await expect(chip('All')).toHaveAttribute('aria-pressed', 'true');
    await expect(postCards(page)).toHaveCount(2);
    await expect(tombstones(page)).toHaveCount(3);
    await expectNoHorizontalScroll(page, 'feed with every filter chip');
    await o.context.close();
  });
}
