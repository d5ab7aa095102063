// Post editing and version history (issue 24, DECISIONS §9): under a Pro owner (upgraded through the sandbox
// billing flow) the author edits a post by keyboard from its menu, sees "edited" with its time, opens History
// and reads the word diff; edits a comment; Escape cancels an edit. A free owner's History offers the
// upgrade. Axe at 1280 and 360 px, and nothing scrolls sideways.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, pressUntilFocused, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import {
  apiComment,
  apiCreateTimeline,
  apiPost,
  openThreadline,
  postCard,
  sharedAccount,
  signedInAs,
  tag,
  uniqueName,
  upgradeToPro,
} from './timeline-helpers.ts';

async function atBothWidths(page: Page, where: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page, `${where} at ${width} px`);
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a Pro owner edits a post and a comment and reads the history diff', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Edda${tag()}`));
  await upgradeToPro(page);
  const name = uniqueName('Editors');
  const { id } = await apiCreateTimeline(page, name);
  const post = await apiPost(page, id, 'The quick brown fox jumps');
  await apiComment(page, post.id, 'Nice fox');
  await openThreadline(page, id, name);

  // Edit from the post's menu, by keyboard.
  const card = postCard(page, 'The quick brown fox jumps');
  const actions = card.getByRole('button', { name: /^Post actions/ });
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Edit post' }));
  await page.keyboard.press('Enter');
  const editor = card.getByRole('textbox', { name: 'Edit post' });
  await expect(editor).toBeFocused();
  await expect(card.getByText('25 / 10,000')).toBeVisible();
  await atBothWidths(page, 'post editor');

  // Escape cancels and gives focus back to the menu button.
  await editor.fill('Something else entirely');
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(card.getByText('The quick brown fox jumps')).toBeVisible();
  await expect(actions).toBeFocused();

  // Edit again and save with Ctrl+Enter.
  await page.keyboard.press('Enter');
  await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Edit post' }));
  await page.keyboard.press('Enter');
  await expect(editor).toBeFocused();
  await editor.fill('The slow red fox jumps');
  await page.keyboard.press('Control+Enter');
  const edited = postCard(page, 'The slow red fox jumps');
  await expect(edited).toBeVisible();
  await expect(edited.getByRole('button', { name: /^Post actions/ })).toBeFocused();

  // "edited" tells its time on keyboard focus and opens History.
  const mark = edited.getByRole('button', { name: /^edited/ });
  await tabTo(page, mark, { back: true });
  // The tooltip is always there for screen readers; focus shows it on screen (not sr-only).
  const tip = edited.getByRole('tooltip').filter({ hasText: /^Edited / });
  await expect(tip).not.toHaveClass(/sr-only/);
  await page.keyboard.press('Enter');
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history).toBeVisible();
  await expect(history.locator('del')).toHaveText('[removed: quick brown]');
  await expect(history.locator('ins')).toHaveText('[added: slow red]');
  await expect(history.getByText('2 words added, 2 words removed')).toBeVisible();
  await expect(history.getByText('Original')).toBeVisible();
  await atBothWidths(page, 'history dialog');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(mark).toBeFocused();

  // A comment of one's own: Edit comment, save, "edited".
  const editComment = edited.getByRole('button', { name: 'Edit comment' });
  await editComment.click();
  const commentEditor = edited.getByRole('textbox', { name: 'Edit comment' });
  await expect(commentEditor).toBeFocused();
  await expect(edited.getByText('8 / 2,000')).toBeVisible();
  await commentEditor.fill('Nice fox indeed');
  await edited.getByRole('button', { name: 'Save' }).click();
  await expect(edited.getByText('Nice fox indeed')).toBeVisible();
  await expect(editComment).toBeFocused();
  await expect(edited.getByRole('listitem').getByText('edited', { exact: true })).toBeVisible();
  await atBothWidths(page, 'edited post and comment');
  await context.close();
});

test('under a free owner the History dialog offers the upgrade', async ({ browser }) => {
  const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Fred${tag()}`), 360);
  const name = uniqueName('Free');
  const { id } = await apiCreateTimeline(page, name);
  const post = await apiPost(page, id, 'First words');
  const res = await page.request.patch(`/api/posts/${post.id}`, { data: { content: 'Second words' } });
  expect(res.ok(), await res.text()).toBe(true);
  await openThreadline(page, id, name);
  await postCard(page, 'Second words')
    .getByRole('button', { name: /^edited/ })
    .click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByTestId('upgrade-card-versionHistory')).toBeVisible();
  await expect(history.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
  await expectNoHorizontalScroll(page, 'history upgrade at 360 px');
  await expectAccessible(page);
  await context.close();
});
