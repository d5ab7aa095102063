// Threadline customization (issue 24, DECISIONS §9): a Pro owner (upgraded through the sandbox billing
// flow) sets a cover image, an accent colour and an icon in Appearance, by keyboard where it can be, and
// sees them on the threadline page and its dashboard card; a free owner sees the upgrade card instead. Axe
// at 1280 and 360 px, and nothing scrolls sideways.
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ACCENT_COLORS } from '../common/appearance.ts';
import { expectAccessible, pressUntilFocused, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import {
  apiCreateTimeline,
  cardNamed,
  expectToast,
  openThreadline,
  sharedAccount,
  signedInAs,
  tag,
  uniqueName,
  upgradeToPro,
} from './timeline-helpers.ts';

/** Opens Appearance from the settings menu by keyboard. */
async function openAppearance(page: Page): Promise<Locator> {
  await tabTo(page, page.getByRole('button', { name: 'Threadline settings' }));
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Appearance' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Appearance' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Waits until `img` has loaded from a stored object. */
async function expectLoaded(img: Locator) {
  await expect(img).toHaveAttribute('src', /^\/objects\/uploads\//);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
}

async function atBothWidths(page: Page, where: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page, `${where} at ${width} px`);
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a Pro owner sets a cover, colour and icon and sees them on the threadline and its card', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Cora${tag()}`));
  await upgradeToPro(page);
  const name = uniqueName('Garden Club');
  const { id } = await apiCreateTimeline(page, name);
  await openThreadline(page, id, name);

  const dialog = await openAppearance(page);
  await atBothWidths(page, 'appearance dialog');

  // The cover goes up through the upload flow as soon as it is chosen, and shows as a preview.
  const cover = await sharp({
    create: { width: 1200, height: 400, channels: 3, background: { r: 30, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
  await dialog
    .getByTestId('cover-input')
    .setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: cover });
  await expectLoaded(dialog.getByRole('img', { name: 'Cover preview' }));

  // The palette is one radio group: Tab reaches the chosen swatch, the arrows move to Teal.
  await tabTo(page, dialog.getByRole('radio', { name: 'Default' }));
  await pressUntilFocused(page, 'ArrowRight', dialog.getByRole('radio', { name: 'Teal' }));
  await expect(dialog.getByRole('radio', { name: 'Teal' })).toBeChecked();
  await dialog.getByLabel('Icon', { exact: true }).fill('🌱');
  await atBothWidths(page, 'appearance dialog, filled in');
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Appearance saved');
  await expect(dialog).toBeHidden();

  // The threadline page: the banner, the icon beside the name, the accent on the header and its buttons.
  const teal = 'rgb(15, 118, 110)';
  expect(ACCENT_COLORS.teal.hex).toBe('#0f766e');
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toContainText(`🌱${name}`);
  await expect(heading).toHaveCSS('color', teal);
  const banner = page.getByTestId('cover-banner');
  await expectLoaded(banner);
  await expect(banner).toHaveAttribute('alt', '');
  await expect(page.getByRole('banner').last()).toHaveCSS('border-top-color', teal);
  await page.reload();
  await expect(heading).toHaveCSS('color', teal);
  await expectLoaded(banner);
  await atBothWidths(page, 'customized threadline');

  // Its dashboard card.
  await page.goto('/');
  const card = cardNamed(page, name);
  await expect(card).toContainText(`🌱${name}`);
  await expectLoaded(card.getByTestId('cover-banner'));
  await expect(card.getByRole('button', { name: new RegExp(`^Open ${name}`) })).toHaveCSS(
    'background-color',
    teal,
  );
  await atBothWidths(page, 'dashboard');
  await context.close();
});

test('a free owner sees Appearance with the upgrade card instead of the form', async ({ browser }) => {
  const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Finn${tag()}`));
  const name = uniqueName('Book Club');
  const { id } = await apiCreateTimeline(page, name);
  await openThreadline(page, id, name);
  const dialog = await openAppearance(page);
  const card = dialog.getByTestId('upgrade-card-customization');
  await expect(card).toContainText('Customization is part of Pro and Community');
  await expect(card.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await atBothWidths(page, 'appearance upgrade card');
  // Nothing was set, so nothing shows.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cover-banner')).toHaveCount(0);
  await context.close();
});
