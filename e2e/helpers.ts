import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/**
 * A client address of its own: the e2e server trusts loopback as its proxy (TRUST_PROXY=127.0.0.1), so each
 * account can come from a different visitor instead of one visitor making dozens against the sign-up limit.
 */
export const clientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Creates an account through the real sign-in screen and lands on the signed-in home. */
export async function createAccount(page: Page, email: string, firstName = 'Ada') {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
}

/** The signed-in header is there: its actions are buttons on wide screens and a menu on narrow ones. */
export const expectSignedIn = (page: Page) =>
  expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/** The page never scrolls sideways (the 360 px promise). */
export async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
}

/** Presses `key` until `target` has focus: a keyboard user's way there (Tab, or arrows in a menu). */
export async function pressUntilFocused(page: Page, key: string, target: Locator, max = 40) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
    // Radix moves focus between menu items in a setTimeout after the keydown; a check before it runs would
    // press again and overshoot a menu's last item. A later timer runs after it.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  }
  await expect(target).toBeFocused();
}

export const tabTo = (page: Page, target: Locator, { back = false } = {}) =>
  pressUntilFocused(page, back ? 'Shift+Tab' : 'Tab', target);
