// Who reacted (issue 25 item 9) and the emoji grids' arrow keys (item 8), at 1280 and 360 px: two members
// react; hovering a chip, focusing it by keyboard, or a long press on a touch screen lists both names (never
// an e-mail), axe-clean while open and without sideways scroll; the picker moves in two dimensions; tabbing
// past a chip before the list's code has loaded leaves focus where the keyboard went.
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { HEART } from '../common/schemas/post.ts';
import { expectAccessible, PASSWORD, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll, unbroken, WIDTHS } from './layout-helpers.ts';
import {
  type Account,
  apiAccount,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  openThreadline,
  postCard,
  uniqueName,
  upgradeToPro,
} from './timeline-helpers.ts';

type Someone = Account;

/** A new account, named by its full name (the list of who reacted shows both parts). */
async function register(browser: Browser, firstName: string, lastName: string): Promise<Someone> {
  const { email } = await apiAccount(browser, firstName, lastName);
  return { email, name: `${firstName} ${lastName}` };
}

/** Signed in, in a context of its own; `touch` makes it a phone (touch events, no hover). */
async function signIn(browser: Browser, who: Someone, width: number, touch = false) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    ...(touch && { hasTouch: true, isMobile: true }),
  });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { data: { email: who.email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return { context, page };
}

async function react(page: Page, postId: string, emoji: string) {
  const res = await page.request.post('/api/reactions', { data: { postId, emoji } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A threadline with one post both have liked and celebrated (the owner first). */
async function scene(browser: Browser, width: number, touch = false) {
  const owner = await register(browser, 'Olive', 'Owner');
  // A long unbroken name: the list must wrap it, not widen the page.
  const member = await register(browser, 'Bartholomew', unbroken(60, 'Quill'));
  const o = await signIn(browser, owner, width, touch);
  const m = await signIn(browser, member, width);
  const name = uniqueName('Reading Room');
  const { id, joinCode } = await apiCreateTimeline(o.page, name);
  await apiJoin(m.page, joinCode);
  const post = await apiPost(o.page, id, 'Chapter one is up');
  for (const page of [o.page, m.page]) {
    await react(page, post.id, HEART);
    await react(page, post.id, '🎉');
  }
  await openThreadline(o.page, id, name);
  return { owner, member, o, m, card: postCard(o.page, 'Chapter one is up') };
}

const tip = (page: Page) => page.getByTestId('who-reacted');

/** The list shows both names, the chip is described by it, and nothing in it is an e-mail. */
async function expectBothNames(page: Page, chip: Locator, member: Someone, heading: string) {
  await expect(tip(page)).toBeVisible();
  await expect(tip(page)).toContainText(heading);
  await expect(tip(page)).toContainText(`You and ${member.name}`);
  await expect(tip(page)).not.toContainText('@');
  const described = await chip.getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  await expect(page.locator(`[id="${described}"]`)).toContainText(`You and ${member.name}`);
}

for (const width of WIDTHS) {
  test(`hover and keyboard focus list who reacted, at ${width} px`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { member, o, card } = await scene(browser, width);
    const page = o.page;
    const like = card.getByRole('button', { name: /^Like/ });
    const party = card.getByRole('button', { name: /🎉/ });
    await expect(like).toHaveText(/2/);

    // Hover: the likes' names, loaded on first opening; leaving the chip hides them.
    await like.hover();
    await expectBothNames(page, like, member, 'Liked by');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page, `who liked, ${width} px`);
    // Radix lets the pointer cross into the list: leaving is a few moves away from both.
    await page.mouse.move(1, 1, { steps: 5 });
    await expect(tip(page)).toBeHidden();

    // Keyboard: Tab to the 🎉 chip shows its names; Escape hides them and focus stays; the chip still toggles.
    await tabTo(page, party);
    await expectBothNames(page, party, member, 'Reacted with 🎉');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page, `who reacted 🎉, ${width} px`);
    await page.keyboard.press('Escape');
    await expect(tip(page)).toBeHidden();
    await expect(party).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(party).toHaveAttribute('aria-pressed', 'false');
    await expect(party).toHaveText(/1/);
    // The list follows the new count: only the member now.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(party).toBeFocused();
    await expect(tip(page)).toContainText(member.name);
    await expect(tip(page)).not.toContainText('You');
  });
}

test('a long press on a phone lists who reacted and does not toggle; a tap still does', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { member, o, card } = await scene(browser, 360, true);
  const page = o.page;
  const like = card.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await like.scrollIntoViewIfNeeded();
  const box = (await like.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  // Press and hold: the names show while the finger is down, and stay once it lifts.
  const cdp = await o.context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await expectBothNames(page, like, member, 'Liked by');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(tip(page)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page, 'who liked, long press');
  // Reading was all it did: still liked, still 2 (a later event, the list's own answer, came first).
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/2/);

  // A tap elsewhere closes it; a tap on the chip still toggles the like.
  await page.touchscreen.tap(5, 400);
  await expect(tip(page)).toBeHidden();
  await like.tap();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText(/1/);
});

for (const width of WIDTHS) {
  test(`the reaction picker moves in two dimensions with the arrow keys, at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { o, card } = await scene(browser, width);
    const page = o.page;
    const add = card.getByRole('button', { name: 'Add reaction' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const item = (emoji: string) => page.getByRole('menuitem', { name: new RegExp(`${emoji}$`, 'u') });
    await expect(item('👍')).toBeFocused();
    // 👍 😂 😮 😢 / 😡 🎉 🔥 👏 / 🙏 😍 🤔 👀 / 💯 ✅ 🚀 🌟
    const steps: [string, string][] = [
      ['ArrowRight', '😂'],
      ['ArrowDown', '🎉'],
      ['ArrowDown', '😍'],
      ['ArrowLeft', '🙏'],
      ['ArrowUp', '😡'],
      ['ArrowLeft', '😢'],
      ['End', '🌟'],
      ['ArrowDown', '🌟'],
      ['ArrowUp', '👀'],
      ['Home', '👍'],
      ['ArrowUp', '👍'],
    ];
    for (const [key, emoji] of steps) {
      await page.keyboard.press(key);
      await expect(item(emoji), `${key} → ${emoji}`).toBeFocused();
      // One tab stop: the focused item.
      await expect(item(emoji)).toHaveAttribute('tabindex', '0');
    }
    await expect(page.locator('[role="menuitem"][tabindex="0"]')).toHaveCount(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page, `reaction picker, ${width} px`);
    // Escape closes it and focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(add).toBeFocused();
    // Choosing by keyboard: down to 🔥 and Enter reacts, focus back on the button.
    await page.keyboard.press('Enter');
    await expect(item('👍')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(item('🔥')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: /🔥/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(add).toBeFocused();
  });
}

test('tabbing on before the list’s code arrives leaves focus where the keyboard went', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { o, card } = await scene(browser, 1280);
  const page = o.page;
  // The list's code loads on a chip's first focus: hold it until the keyboard has moved on.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  let asked = false;
  await page.route('**/who-reacted-tip-*.js', async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  const party = card.getByRole('button', { name: /🎉/ });
  const add = card.getByRole('button', { name: 'Add reaction' });
  await tabTo(page, party);
  await expect.poll(() => asked).toBe(true);
  await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
  release();
  // The chip is the tooltip's trigger once the code has come (Radix marks it), and focus stayed put.
  await expect(party).toHaveAttribute('data-state', /closed|open/);
  await expect(add).toBeFocused();
  await expect(tip(page)).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: /👍$/u })).toBeFocused();
});

test('the appearance dialog’s suggested icons: one tab stop, arrows in two dimensions', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await register(browser, 'Ivy', 'Icons');
  const o = await signIn(browser, owner, 360);
  const page = o.page;
  await upgradeToPro(page);
  const name = uniqueName('Icon Club');
  const { id } = await apiCreateTimeline(page, name);
  await openThreadline(page, id, name);
  await page.getByRole('button', { name: 'Threadline settings' }).click();
  await page.getByRole('menuitem', { name: 'Appearance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Appearance' });
  const icon = (emoji: string) => dialog.getByRole('button', { name: `Use ${emoji} as the icon` });
  await tabTo(page, icon('🌱'));
  await expect(dialog.locator('fieldset button[tabindex="0"]')).toHaveCount(1);
  // The row is as wide as the dialog allows: Down lands on the item below, whichever it is.
  const perRow = await dialog.locator('fieldset button').evaluateAll((buttons) => {
    const top = buttons[0]!.getBoundingClientRect().top;
    return buttons.filter((b) => Math.abs(b.getBoundingClientRect().top - top) < 2).length;
  });
  expect(perRow).toBeGreaterThan(1);
  expect(perRow).toBeLessThan(12);
  const icons = ['🌱', '📚', '🎉', '🚀', '🎨', '⚽', '🎵', '🏡', '💼', '🍳', '✈️', '❤️'];
  await page.keyboard.press('ArrowRight');
  await expect(icon('📚')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(icon(icons[1 + perRow]!)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(icon('📚')).toBeFocused();
  await page.keyboard.press('End');
  await expect(icon('❤️')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(icon('🌱')).toBeFocused();
  // Enter picks it; Tab leaves the grid in one press (one tab stop), Shift+Tab comes back to the same icon.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(icon('📚')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(dialog.locator('fieldset button:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(icon('📚')).toBeFocused();
  await expectAccessible(page);
});
