// Media that looks sharp and works on phones (issue 25 items 3 and 12). Photos go through the real upload flow
// (the server makes the thumbnail and the large variant); at 1280 px (1x) and 360 px (2x, touch) every gallery
// tile and single image loads a file at least as wide as its box × devicePixelRatio (up to the original), and
// no larger a variant than needed. On a phone the lightbox fills the screen and follows swipes (real touch
// events through the DevTools protocol): left and right between images, down to close; the keys still work.
// A PDF preview shows a loading state until its frame has loaded; a voice note is titled "Voice note" with its
// length.
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { PDF_NO_VIEWER } from '../client/components/media/preview-dialog.tsx';
import { fittedWidth, THUMBNAIL } from '../common/media.ts';
import { expectAccessible, expectSignedIn, PASSWORD } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import { apiMediaPost, type StoredMedia, tinyPdf, uploadMedia } from './media-files.ts';
import {
  type Account,
  apiCreateTimeline,
  openThreadline,
  postCard,
  sharedAccount,
  uniqueName,
} from './timeline-helpers.ts';

const photo = (width: number, height: number, i: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 30 * i } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/** A mono 16-bit PCM WAV of a tone, `seconds` long. */
function toneWav(seconds: number, rate = 8000): Buffer {
  const samples = seconds * rate;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    out.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 8000), 44 + i * 2);
  return out;
}

const WIDE = 'Five wide shots';
const TALL = 'Two tall shots';
const BIG = 'One big photo';
const SMALL = 'One small photo';
const PDF_POST = 'Minutes to read';
const VOICE_POST = 'Listen to this';
const VOICE_FILE = 'recording-20261126-073431.wav';

let owner: Account;
let timeline: { id: string; name: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  owner = await sharedAccount(browser, 'Sharp', 'Shooter');
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', {
    data: { email: owner.email, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const name = uniqueName('Lens Club');
  const { id } = await apiCreateTimeline(page, name);
  timeline = { id, name };
  const { request } = page;

  const gallery = async (content: string, count: number, w: number, h: number) => {
    const ups: StoredMedia[] = [];
    for (let i = 0; i < count; i++) {
      ups.push(await uploadMedia(request, await photo(w, h, i), `shot-${i + 1}.jpg`, 'image/jpeg', 'image'));
    }
    await apiMediaPost(request, {
      timelineId: id,
      type: 'gallery',
      content,
      mediaUrls: ups.map((u) => u.objectPath),
    });
  };
  const single = async (content: string, bytes: Buffer, fileName: string, type: string) => {
    const up = await uploadMedia(request, bytes, fileName, type, 'image');
    await apiMediaPost(request, {
      timelineId: id,
      type: 'image',
      content,
      mediaUrl: up.objectPath,
      fileName,
    });
  };
  await single(
    SMALL,
    await sharp(await photo(400, 300, 1))
      .png()
      .toBuffer(),
    'small.png',
    'image/png',
  );
  await single(BIG, await photo(3000, 2000, 2), 'big.jpg', 'image/jpeg');
  await gallery(TALL, 2, 1200, 1800);
  await gallery(WIDE, 5, 2400, 1600);

  const pdf = await uploadMedia(request, tinyPdf('Minutes'), 'minutes.pdf', 'application/pdf', 'document');
  await apiMediaPost(request, {
    timelineId: id,
    type: 'file',
    content: PDF_POST,
    mediaUrl: pdf.objectPath,
    fileName: 'minutes.pdf',
  });
  const voice = await uploadMedia(request, toneWav(3), VOICE_FILE, 'audio/wav', 'audio');
  await apiMediaPost(request, {
    timelineId: id,
    type: 'audio',
    content: VOICE_POST,
    mediaUrl: voice.objectPath,
    fileName: VOICE_FILE,
  });
  await context.close();
});

/** Signed in, `width` px wide at `scale` device pixels per CSS pixel; a touch screen below 640 px. */
async function signedIn(browser: Browser, width: number, scale: number) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    deviceScaleFactor: scale,
    hasTouch: width < 640,
  });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', {
    data: { email: owner.email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto('/');
  await expectSignedIn(page);
  await openThreadline(page, timeline.id, timeline.name);
  return { context, page };
}

interface Shown {
  variant: string;
  natural: number;
  /** CSS width the image covers (object-fit: cover cuts the sides of a relatively wider image). */
  cover: number;
  box: number;
  dpr: number;
}

/** Scrolls a lazy <img> into view, waits for it, and says which file it shows and how wide its box is. */
async function shown(img: Locator): Promise<Shown> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  return img.evaluate(async (el: HTMLImageElement) => {
    // naturalWidth of a srcset image is divided by its density (it equals `sizes`): the file's own pixels
    // come from a plain image of the same URL (cached).
    const file = new Image();
    file.src = el.currentSrc;
    await file.decode();
    const r = el.getBoundingClientRect();
    const ratio = file.naturalWidth / file.naturalHeight;
    return {
      variant: new URL(el.currentSrc).searchParams.get('variant') ?? 'original',
      natural: file.naturalWidth,
      cover: Math.max(r.width, r.height * ratio),
      box: r.width,
      dpr: window.devicePixelRatio,
    };
  });
}

/** Sharp: as wide as the box × DPR (up to the original); the smallest: the thumbnail where it would do. */
function expectSharp(s: Shown, original: { width: number; height: number }, label: string) {
  const needed = Math.min(s.cover * s.dpr, original.width);
  expect(s.natural, `${label}: ${JSON.stringify(s)}`).toBeGreaterThanOrEqual(
    Math.min(s.box * s.dpr, original.width),
  );
  expect(s.natural, `${label}: ${JSON.stringify(s)}`).toBeGreaterThanOrEqual(needed - 1);
  const thumb = fittedWidth(original.width, original.height, THUMBNAIL.maxSide);
  if (s.variant !== 'thumb') expect(thumb, `${label}: the thumbnail would have done`).toBeLessThan(needed);
}

for (const [width, scale] of [
  [1280, 1],
  [360, 2],
] as const) {
  test(`at ${width} px (${scale}x) every tile and single image loads the smallest sharp file`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedIn(browser, width, scale);
    const tiles = (content: string) =>
      postCard(page, content)
        .getByRole('button', { name: /^Open image/ })
        .locator('img');

    const wide = tiles(WIDE);
    await expect(wide).toHaveCount(4);
    const first = await shown(wide.nth(0));
    expectSharp(first, { width: 2400, height: 1600 }, 'wide first tile');
    // The wide first tile is the one the thumbnail blurred: it takes the large variant (or more).
    expect(first.variant).not.toBe('thumb');
    for (let i = 1; i < 4; i++)
      expectSharp(await shown(wide.nth(i)), { width: 2400, height: 1600 }, `tile ${i + 1}`);
    for (let i = 0; i < 2; i++)
      expectSharp(await shown(tiles(TALL).nth(i)), { width: 1200, height: 1800 }, `tall ${i + 1}`);
    expectSharp(await shown(tiles(BIG).first()), { width: 3000, height: 2000 }, 'single photo');
    const small = await shown(tiles(SMALL).first());
    // No variant larger than a thumbnail exists; the thumbnail is the whole picture.
    expect(small).toMatchObject({ variant: 'thumb', natural: 400 });
    await expectNoHorizontalScroll(page, 'feed with photos');
    await context.close();
  });
}

/** A one-finger swipe from the middle of `target` by (dx, dy), as touch events from the screen. */
async function swipe(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * step) / 6, y: y + (dy * step) / 6 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone the lightbox fills the screen, swipes between images and down to close; keys still work', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await signedIn(browser, 360, 2);
  const opener = postCard(page, WIDE).getByRole('button', { name: /^Open image 2 of 5/ });
  await opener.scrollIntoViewIfNeeded();
  await opener.click();
  const dialog = page.getByRole('dialog');
  const counter = dialog.getByText(/^\d of 5$/);
  await expect(counter).toHaveText('2 of 5');
  expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 360, height: 800 });
  // The original opens here, not a variant.
  await expect(dialog.getByRole('img', { name: 'shot-2.jpg' })).not.toHaveAttribute('src', /variant/);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page, 'lightbox');

  const stage = dialog.getByTestId('lightbox-stage');
  await swipe(page, stage, -150, 10);
  await expect(counter).toHaveText('3 of 5');
  await swipe(page, stage, 150, -10);
  await expect(counter).toHaveText('2 of 5');
  await swipe(page, stage, 150, 0);
  await swipe(page, stage, 150, 0);
  await expect(counter).toHaveText('5 of 5');
  // Too short to count: nothing moves (the next swipe shows the page handled this one).
  await swipe(page, stage, -30, 0);
  await swipe(page, stage, -150, 0);
  await expect(counter).toHaveText('1 of 5');
  // The arrow keys as before.
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('5 of 5');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('1 of 5');

  // Down closes it, and focus goes back to the tile that opened it.
  await swipe(page, stage, 0, 200);
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Escape still closes it.
  await opener.click();
  await expect(counter).toHaveText('2 of 5');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await context.close();
});

test('at 1280 px the lightbox stays a dialog in the page', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 1280, 1);
  await postCard(page, WIDE)
    .getByRole('button', { name: /^Open image 1 of 5/ })
    .click();
  const box = (await page.getByRole('dialog').boundingBox())!;
  expect(box.width).toBeLessThan(1280);
  expect(box.height).toBeLessThan(800);
  await context.close();
});

for (const width of [1280, 360]) {
  test(`at ${width} px a PDF preview shows a loading state until its frame has loaded; a voice note says so with its length`, async ({
    browser,
  }) => {
    const { context, page } = await signedIn(browser, width, 1);
    // The voice note: "Voice note" and its length, not the file name.
    const voice = postCard(page, VOICE_POST);
    await voice.scrollIntoViewIfNeeded();
    await expect(voice.getByText('Voice note', { exact: true })).toBeVisible();
    // Known once the browser has read the recording's metadata (to its end): on a loaded 2-core host that
    // took over 10 s, behind the page's other media.
    await expect(voice.getByTestId('voice-note-length')).toHaveText('00:03', { timeout: 30_000 });
    await expect(voice).not.toContainText(VOICE_FILE);
    await expect(voice.locator('audio')).toHaveAttribute('aria-label', 'Voice note, 00:03');

    // The PDF frame. This headless Chromium has no PDF viewer (a frame's PDF becomes a download and never
    // loads), so the dialog says that instead of loading for ever.
    const card = postCard(page, PDF_POST);
    const preview = card.getByRole('button', { name: 'Preview minutes.pdf' });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => navigator.pdfViewerEnabled)).toBe(false);
    await preview.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('status')).toHaveText(PDF_NO_VIEWER);
    await expect(dialog.locator('iframe')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A browser with a viewer: the loading state until the frame's document has loaded. The document is
    // held back, then stands in for the viewer (a page that loads, which this browser's PDF never does).
    await page.evaluate(() =>
      Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { configurable: true, get: () => true }),
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/objects/uploads/**', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      await held;
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>PDF</title><main><p>PDF</p></main></html>',
      });
    });
    await preview.click();
    const loading = dialog.getByRole('status');
    await expect(loading).toHaveText('Loading preview…');
    await expect(loading).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download' })).toBeFocused();
    release();
    await expect(loading).toBeHidden();
    await expect(dialog.locator('iframe')).toBeVisible();
    // (axe reads every frame, so it waits for the frame's document: checked once it is there.)
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await context.close();
  });
}
