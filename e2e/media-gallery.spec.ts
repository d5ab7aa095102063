// Rendering posts' media (issue 10): a 5-image gallery uploaded through the real upload flow (upload URL,
// PUT of the bytes, PUT /api/media, POST /api/posts) and browsed in the lightbox by keys and buttons; a PDF
// file post and its preview dialog; axe on both dialogs; no sideways scroll at 360 px.
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll, unbroken } from './layout-helpers.ts';
import { apiMediaPost, type StoredMedia, tinyPdf, uploadMedia } from './media-files.ts';
import {
  type Account,
  apiCreateTimeline,
  openThreadline,
  postCard,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

/** A PNG of one colour, `width` x `height`. */
const png = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const COLOURS = [
  { r: 220, g: 38, b: 38 },
  { r: 234, g: 179, b: 8 },
  { r: 22, g: 163, b: 74 },
  { r: 37, g: 99, b: 235 },
  { r: 147, g: 51, b: 234 },
];
const PDF_NAME = `Minutes-${unbroken(90, 'Garden')}.pdf`;

let owner: Account;
let timeline: { id: string; name: string };

test.beforeAll(async ({ browser }) => {
  owner = await sharedAccount(browser, 'Gail', 'Gallery');
  const o = await signedInAs(browser, owner);
  const name = uniqueName('Photo Club');
  const { id } = await apiCreateTimeline(o.page, name, 'Pictures and minutes');
  timeline = { id, name };

  // Five images (one portrait) through the real upload flow, posted as a gallery.
  const images: StoredMedia[] = [];
  for (const [i, colour] of COLOURS.entries()) {
    const [w, h] = i === 2 ? [600, 900] : [1200, 800];
    images.push(
      await uploadMedia(o.page.request, await png(w, h, colour), `shot-${i + 1}.png`, 'image/png', 'image'),
    );
  }
  expect(images.map((s) => [s.width, s.height])).toEqual([
    [1200, 800],
    [1200, 800],
    [600, 900],
    [1200, 800],
    [1200, 800],
  ]);
  await apiMediaPost(o.page.request, {
    timelineId: id,
    type: 'gallery',
    content: 'Five shots from the meeting',
    mediaUrls: images.map((s) => s.objectPath),
    fileNames: images.map((_, i) => `shot-${i + 1}.png`),
    fileSizes: images.map((s) => s.size),
  });

  // A PDF with a long name, and a text file (not previewable).
  const pdf = tinyPdf('Minutes');
  const storedPdf = await uploadMedia(o.page.request, pdf, PDF_NAME, 'application/pdf', 'document');
  await apiMediaPost(o.page.request, {
    timelineId: id,
    type: 'file',
    content: 'Minutes attached',
    mediaUrl: storedPdf.objectPath,
    fileName: PDF_NAME,
    fileSize: storedPdf.size,
  });
  const text = Buffer.from('Bring gloves.\n');
  const storedText = await uploadMedia(o.page.request, text, 'notes.txt', 'text/plain', 'document');
  await apiMediaPost(o.page.request, {
    timelineId: id,
    type: 'file',
    content: 'Packing list',
    mediaUrl: storedText.objectPath,
    fileName: 'notes.txt',
    fileSize: storedText.size,
  });
  // One portrait image on its own.
  const portrait = await uploadMedia(
    o.page.request,
    await png(600, 900, COLOURS[4]!),
    'tall.png',
    'image/png',
    'image',
  );
  await apiMediaPost(o.page.request, {
    timelineId: id,
    type: 'image',
    content: 'One tall picture',
    mediaUrl: portrait.objectPath,
    fileName: 'tall.png',
    fileSize: portrait.size,
  });
  await o.context.close();
});

const lightbox = (page: Page) => page.getByRole('dialog');
const counter = (page: Page) => lightbox(page).getByText(/^\d+ of 5$/);

/** Scrolls a (lazy) <img> into view, waits until it has loaded and returns its natural width. */
async function loadedWidth(img: Locator): Promise<number> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth);
}

async function expectFocusInside(dialog: Locator) {
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

test('a 5-image gallery: 3 columns of thumbnails with +1, browsed in the lightbox by keys and buttons', async ({
  browser,
}) => {
  const o = await signedInAs(browser, owner);
  const { page } = o;
  await openThreadline(page, timeline.id, timeline.name);
  const card = postCard(page, 'Five shots from the meeting');
  const grid = card.getByRole('list', { name: '5 images' });
  await expect(grid).toHaveAttribute('data-columns', '3');
  const tiles = grid.getByRole('button');
  await expect(tiles).toHaveCount(4);
  await expect(tiles.nth(3)).toHaveAccessibleName('Open image 4 of 5, shot-4.png, and 1 more');
  await expect(tiles.nth(3)).toContainText('+1');
  await expect(tiles.nth(0).locator('img')).toHaveAttribute('loading', 'lazy');

  // Tiles are the server's thumbnails (at most 480 px) where those are sharp; the wide first tile (about
  // 810 px) takes the large variant (issue 25; e2e/media-sharpness.spec.ts); the original only in the lightbox.
  for (let i = 1; i < 4; i++) {
    const img = tiles.nth(i).locator('img');
    await expect(img).toHaveAttribute('src', /\?variant=thumb$/);
    expect(await loadedWidth(img)).toBeLessThanOrEqual(480);
  }
  const first = tiles.nth(0).locator('img');
  await loadedWidth(first);
  // naturalWidth of a srcset image is divided by its density: the file's own width from a plain image.
  const file = await first.evaluate(async (el: HTMLImageElement) => {
    const probe = new Image();
    probe.src = el.currentSrc;
    await probe.decode();
    return { src: el.currentSrc, width: probe.naturalWidth };
  });
  expect(file).toEqual({ src: expect.stringMatching(/\?variant=large$/), width: 1200 });

  // Open at the second image with the mouse.
  await tiles.nth(1).click();
  const dialog = lightbox(page);
  await expect(dialog).toBeVisible();
  await expect(counter(page)).toHaveText('2 of 5');
  await expect(dialog.getByRole('heading', { name: 'shot-2.png' })).toBeVisible();
  const full = dialog.getByRole('img', { name: 'shot-2.png' });
  await expect(full).not.toHaveAttribute('src', /variant/);
  expect(await loadedWidth(full)).toBe(1200);
  await expect(dialog.getByRole('button', { name: 'Next image' })).toBeFocused();
  await expectAccessible(page);

  // Arrow keys and buttons, wrapping at the ends.
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('3 of 5');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('1 of 5');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('5 of 5');
  await expect(dialog.getByRole('heading', { name: 'shot-5.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next image' }).click();
  await expect(counter(page)).toHaveText('1 of 5');
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expect(counter(page)).toHaveText('5 of 5');

  // The thumbnail strip: every image, the current one marked.
  const strip = dialog.getByRole('list', { name: 'Images' }).getByRole('button');
  await expect(strip).toHaveCount(5);
  await strip.nth(2).click();
  await expect(counter(page)).toHaveText('3 of 5');
  await expect(strip.nth(2)).toHaveAttribute('aria-current', 'true');
  expect(await loadedWidth(dialog.getByRole('img', { name: 'shot-3.png' }))).toBe(600);

  // Download saves the full image under its name.
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('shot-3.png');

  // Focus stays inside while tabbing round.
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    await expectFocusInside(dialog);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    await expectFocusInside(dialog);
  }

  // Escape closes it; focus is back on the tile that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tiles.nth(1)).toBeFocused();

  // By keyboard alone: the "+1" tile opens at the fourth image; the Close button closes.
  await tabTo(page, tiles.nth(3));
  await page.keyboard.press('Enter');
  await expect(counter(page)).toHaveText('4 of 5');
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('5 of 5');
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(tiles.nth(3)).toBeFocused();
  await o.context.close();
});

test('a PDF post previews in a frame; a text file has no preview', async ({ browser }) => {
  const o = await signedInAs(browser, owner);
  const { page } = o;
  await openThreadline(page, timeline.id, timeline.name);
  const card = postCard(page, 'Minutes attached');
  await expect(card.getByTestId('file-badge')).toHaveText('PDF');
  await expect(card.getByText(PDF_NAME)).toBeVisible();
  await expect(card.getByText(/^\d+(\.\d)? (B|KB)$/)).toBeVisible();
  const download = card.getByRole('link', { name: `Download ${PDF_NAME}` });
  await expect(download).toHaveAttribute('download', PDF_NAME);
  const href = (await download.getAttribute('href'))!;
  expect(href).toMatch(/^\/objects\//);

  const preview = card.getByRole('button', { name: `Preview ${PDF_NAME}` });
  await preview.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: PDF_NAME })).toBeVisible();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', href);
  await expect(frame).toHaveAttribute('title', `Preview of ${PDF_NAME}`);
  await expect(dialog.getByRole('link', { name: 'Download' })).toBeFocused();
  // The frame's document is the PDF itself, served to a member.
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(preview).toBeFocused();

  const notes = postCard(page, 'Packing list');
  await expect(notes.getByTestId('file-badge')).toHaveText('DOC');
  await expect(notes.getByRole('button', { name: /^Preview/ })).toHaveCount(0);
  await expect(notes.getByRole('link', { name: 'Download notes.txt' })).toBeVisible();
  await o.context.close();
});

test('no sideways scroll at 360 px: the feed with media, the lightbox and the preview', async ({
  browser,
}) => {
  const o = await signedInAs(browser, owner, 360);
  const { page } = o;
  await openThreadline(page, timeline.id, timeline.name);
  const gallery = postCard(page, 'Five shots from the meeting');
  await expect(gallery.getByRole('list', { name: '5 images' })).toBeVisible();
  await expect(postCard(page, 'Minutes attached').getByText(PDF_NAME)).toBeVisible();
  await expectNoHorizontalScroll(page, 'feed with media');

  await gallery.getByRole('button', { name: /^Open image 1 of 5/ }).click();
  await expect(counter(page)).toHaveText('1 of 5');
  await expectNoHorizontalScroll(page, 'lightbox');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  const preview = postCard(page, 'Minutes attached').getByRole('button', { name: /^Preview/ });
  await preview.click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await expectNoHorizontalScroll(page, 'preview dialog');
  await page.keyboard.press('Escape');
  await expect(preview).toBeFocused();
  await o.context.close();
});

test('images take their space before they load: nothing moves when they arrive', async ({ browser }) => {
  const boxes = async (block: boolean) => {
    const o = await signedInAs(browser, owner, 360);
    if (block) await o.page.route('**/objects/**', (route) => route.abort());
    await openThreadline(o.page, timeline.id, timeline.name);
    const single = postCard(o.page, 'One tall picture').getByRole('button', { name: 'Open image tall.png' });
    const grid = postCard(o.page, 'Five shots from the meeting').getByRole('list', { name: '5 images' });
    await expect(single).toBeVisible();
    await expect(grid).toBeVisible();
    if (!block) {
      for (const img of [single.locator('img'), ...(await grid.locator('img').all())]) await loadedWidth(img);
    }
    const a = (await single.boundingBox())!;
    const b = (await grid.boundingBox())!;
    await o.context.close();
    // Sizes, and the distance between the two posts (the page may be scrolled differently).
    return { single: [a.width, a.height], grid: [b.width, b.height], apart: Math.abs(b.y - a.y) };
  };
  const before = await boxes(true);
  const after = await boxes(false);
  expect(after).toEqual(before);
  // The portrait keeps its 2:3 shape inside the column, at most 28rem tall.
  expect(before.single).toEqual([expect.closeTo(298.67, 0), 448]);
});
