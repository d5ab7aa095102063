// Owner insights (issue 24, DECISIONS §9): the owner opens Insights from the settings menu, switches the
// period, reads each chart's summary and its table alternative; a moderator opens it from the header. Axe
// at 360 and 1280 px, and nothing scrolls sideways.
// One journey for both widths: the numbers are read once, at 360 px, and each open dialog is checked again
// after the window is resized to 1280 px in place. The ways to Insights (the keyboard path through the
// settings menu, the header's button) are taken at each width.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, pressUntilFocused, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll, WIDTHS } from './layout-helpers.ts';
import {
  apiComment,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiSetRole,
  apiSignedIn,
  apiUserId,
  openThreadline,
  sharedAccount,
  uniqueName,
} from './timeline-helpers.ts';

const [NARROW, WIDE] = WIDTHS;

const section = (page: Page, title: string) =>
  page.getByRole('dialog', { name: 'Insights' }).getByRole('region', { name: title });

/** The window resized in place to `width`, its layout settled (resize observers and the render they cause). */
async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

/** Axe, and nothing scrolls sideways, at the window's width. */
async function expectLayout(page: Page, where: string) {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page, where);
}

/** The owner, on the threadline page, opens Insights from the settings menu by keyboard. */
async function openFromSettings(page: Page) {
  await tabTo(page, page.getByRole('button', { name: 'Threadline settings' }));
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Insights' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Insights' })).toBeVisible();
}

test(`owner reads Insights and its tables at ${NARROW} and ${WIDE} px`, async ({ browser }) => {
  test.setTimeout(60_000);
  const o = await apiSignedIn(browser, await sharedAccount(browser, 'Iris', 'Owner'), NARROW);
  const m = await apiSignedIn(browser, await sharedAccount(browser, 'Milo', 'Member'), NARROW);
  const name = uniqueName('Garden Club');
  const { id, joinCode } = await apiCreateTimeline(o.page, name);
  await apiJoin(m.page, joinCode);
  const post = await apiPost(m.page, id, 'First tomatoes of the year');
  await apiPost(m.page, id, 'Seed swap on Saturday');
  await apiComment(m.page, post.id, 'Lovely colour');
  await apiPost(o.page, id, 'Welcome, everyone');

  // The owner reaches Insights from the settings menu by keyboard.
  await openThreadline(o.page, id, name);
  const settings = o.page.getByRole('button', { name: 'Threadline settings' });
  await openFromSettings(o.page);
  const dialog = o.page.getByRole('dialog', { name: 'Insights' });
  await expect(dialog.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  const activity = section(o.page, 'Posts and comments per day');
  await expect(activity).toContainText('3 posts, 1 comment and 0 reactions in the last 30 days.');
  // The table alternative is there for screen readers: today's row holds today's numbers.
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const table = activity.getByRole('table', { name: 'Posts and comments per day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expect(table.getByRole('row', { name: today })).toHaveText(new RegExp(`${today}\\s*3\\s*1\\s*0`));
  // The owner opened the threadline, the member posted: two active today; the member joined today.
  await expect(section(o.page, 'Active members per day')).toContainText('the most was 2 members on');
  await expect(section(o.page, 'New members per day')).toContainText(
    '1 new member joined in the last 30 days.',
  );

  // Another period.
  await dialog.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(activity).toContainText('in the last 7 days.');
  await expect(table.getByRole('row')).toHaveCount(8);

  // "Show as table" puts the table in place of the chart, for everyone.
  const top = section(o.page, 'Most active members');
  await top.getByRole('button', { name: 'Show as table' }).click();
  const topTable = top.getByRole('table', { name: 'Most active members' });
  await expect(topTable).toBeVisible();
  await expect(topTable.getByRole('row').nth(1)).toHaveText(/Milo Member\s*2\s*1/);
  await expect(topTable.getByRole('row').nth(2)).toHaveText(/Iris Owner\s*1\s*0/);
  await expect(section(o.page, 'Post types')).toContainText('Text 100%.');

  // The dialog with charts and a table, at each width; closing it gives the focus back to the menu's button.
  await expectLayout(o.page, `Insights at ${NARROW} px`);
  await resizeTo(o.page, WIDE);
  await expect(topTable).toBeVisible();
  await expectLayout(o.page, `Insights at ${WIDE} px`);
  await o.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settings).toBeFocused();
  // The same way there at 1280 px.
  await openFromSettings(o.page);
  await o.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settings).toBeFocused();

  // A moderator has it from the header (at each width); a participant has no way to it.
  const insightsButton = m.page.getByRole('button', { name: 'Insights' });
  await openThreadline(m.page, id, name);
  await expect(insightsButton).toHaveCount(0);
  await resizeTo(m.page, WIDE);
  await expect(insightsButton).toHaveCount(0);
  await apiSetRole(o.page, id, await apiUserId(m.page), 'moderator');
  await openThreadline(m.page, id, name);
  for (const width of [WIDE, NARROW]) {
    await resizeTo(m.page, width);
    await insightsButton.click();
    await expect(section(m.page, 'Posts and comments per day')).toContainText('3 posts');
    await expectLayout(m.page, `Insights (moderator) at ${width} px`);
    await m.page.keyboard.press('Escape');
    await expect(section(m.page, 'Posts and comments per day')).toBeHidden();
  }

  await o.context.close();
  await m.context.close();
});
