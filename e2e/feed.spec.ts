// The threadline feed (issue 9): two people in their own browser contexts post, comment, react, pin and
// delete; search, filter and paging; axe and no sideways scroll with posts at 1280 and 360 px.
import { expect, type Page, test } from '@playwright/test';
import { HEART } from '../common/schemas/post.ts';
import { expectAccessible, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll, unbroken } from './layout-helpers.ts';
import {
  type Account,
  apiComment,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  expectToast,
  openThreadline,
  postCard,
  postCards,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

let owner: Account;
let member: Account;
test.beforeAll(async ({ browser }) => {
  owner = await sharedAccount(browser, 'Olive', 'Owner');
  member = await sharedAccount(browser, 'Pat', 'Member');
});

const composer = (page: Page) => page.getByRole('textbox', { name: 'Write a post' });

async function writePost(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postCard(page, text.split('\n')[0]!)).toBeVisible();
  await expect(composer(page)).toHaveValue('');
}

test('two members post, comment, react, pin and delete', async ({ browser }) => {
  test.setTimeout(90_000);
  const o = await signedInAs(browser, owner);
  const name = uniqueName('Garden Club');
  const { id, joinCode } = await apiCreateTimeline(o.page, name, 'Seeds and soil');
  const m = await signedInAs(browser, member);
  await apiJoin(m.page, joinCode);

  // The owner posts from the composer: line breaks kept, the link clickable and safe.
  await openThreadline(o.page, id, name);
  await expect(o.page.getByText('No posts yet')).toBeVisible();
  await expect(o.page.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await writePost(o.page, 'Welcome, gardeners!\nRead https://example.org/guide first.');
  const welcome = postCard(o.page, 'Welcome, gardeners!');
  await expect(welcome.getByRole('heading', { name: 'Olive Owner' })).toBeVisible();
  const link = welcome.getByRole('link', { name: 'https://example.org/guide' });
  await expect(link).toHaveAttribute('href', 'https://example.org/guide');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(welcome.getByText('just now')).toBeVisible();

  // The member sees it, comments with Enter (Shift+Enter is a new line), likes it and picks an emoji.
  await openThreadline(m.page, id, name);
  const seen = postCard(m.page, 'Welcome, gardeners!');
  await expect(seen).toBeVisible();
  const box = seen.getByRole('textbox', { name: 'Write a comment' });
  await box.fill('Thanks!');
  await box.press('Shift+Enter');
  await box.pressSequentially('See you there');
  await box.press('Enter');
  await expect(seen.getByRole('list', { name: 'Comments' }).getByText('Thanks!')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(seen.getByText('1 comment', { exact: true })).toBeVisible();

  const like = seen.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/1/);
  await seen.getByRole('button', { name: 'Add reaction' }).click();
  await m.page.getByRole('menuitem', { name: 'React with 🎉' }).click();
  const party = seen.getByRole('button', { name: /🎉/ });
  await expect(party).toHaveAttribute('aria-pressed', 'true');
  await expect(party).toHaveText(/1/);
  await expect(seen.getByRole('button', { name: 'Add reaction' })).toBeFocused();

  // The owner reloads: the member's reactions and comment are there; liking adds to the count.
  await o.page.reload();
  const mine = postCard(o.page, 'Welcome, gardeners!');
  await expect(mine.getByRole('button', { name: /🎉/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(mine.getByText('Thanks!')).toBeVisible();
  const ownerLike = mine.getByRole('button', { name: /^Like/ });
  await ownerLike.click();
  await expect(ownerLike).toHaveText(/2/);
  const reactions = await o.page.request.get(`/api/timelines/${id}/posts`);
  expect(
    ((await reactions.json()) as { reactionCounts: Record<string, number> }[])[0]!.reactionCounts,
  ).toEqual({ [HEART]: 2, '🎉': 1 });

  // More comments: only the latest shows until they are expanded.
  const post = ((await reactions.json()) as { id: string }[])[0]!;
  await apiComment(m.page, post.id, 'Second comment');
  await apiComment(m.page, post.id, 'Third comment');
  await o.page.reload();
  await expect(mine.getByText('Third comment')).toBeVisible();
  await expect(mine.getByText('Thanks!')).toBeHidden();
  // A failed load says so and can be tried again.
  await o.page.route('**/api/posts/*/comments?*', (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
  );
  await mine.getByRole('button', { name: 'View 2 more comments' }).click();
  await expect(mine.getByText('Failed to load comments')).toBeVisible();
  await o.page.unroute('**/api/posts/*/comments?*');
  await mine.getByRole('button', { name: 'Try again' }).click();
  const comments = mine.getByRole('list', { name: 'Comments' }).getByRole('listitem');
  await expect(comments).toHaveCount(3);
  await expect(comments.first()).toContainText('Thanks!');
  // By keyboard, the same button hides them again and keeps the focus.
  const hide = mine.getByRole('button', { name: 'Hide comments' });
  await hide.focus();
  await o.page.keyboard.press('Enter');
  const view = mine.getByRole('button', { name: 'View 2 more comments' });
  await expect(view).toBeFocused();
  await expect(view).toHaveAttribute('aria-expanded', 'false');
  await o.page.keyboard.press('Enter');
  await expect(comments).toHaveCount(3);

  // The member posts; the owner pins the welcome post and it stays first.
  await writePost(m.page, 'Tomato seedlings are up');
  await o.page.reload();
  await expect(postCards(o.page).first()).toContainText('Tomato seedlings');
  await mine.getByRole('button', { name: /^Post actions/ }).click();
  await o.page.getByRole('menuitem', { name: 'Pin post' }).click();
  await expectToast(o.page, 'Post pinned');
  await expect(postCards(o.page).first()).toContainText('Pinned Post');
  await expect(postCards(o.page).first()).toContainText('Welcome, gardeners!');
  await m.page.reload();
  await expect(postCards(m.page).first()).toContainText('Pinned Post');
  // Members have no pin; the member may delete only their own post: Copy link is all they may do here.
  await postCard(m.page, 'Welcome, gardeners!')
    .getByRole('button', { name: /^Post actions/ })
    .click();
  await expect(m.page.getByRole('menuitem')).toHaveText(['Copy link']);
  await m.page.keyboard.press('Escape');

  await expectAccessible(o.page);
  await o.page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(o.page, 'feed with posts');
  await expectAccessible(o.page);
  await o.page.setViewportSize({ width: 1280, height: 800 });

  // The owner deletes the member's post by keyboard: confirmation, toast, tombstone.
  const tomato = postCard(o.page, 'Tomato seedlings');
  const actions = tomato.getByRole('button', { name: /^Post actions/ });
  await tabTo(o.page, actions);
  await o.page.keyboard.press('Enter');
  await expect(o.page.getByRole('menuitem', { name: 'Copy link' })).toBeFocused();
  await o.page.keyboard.press('ArrowDown');
  await expect(o.page.getByRole('menuitem', { name: 'Pin post' })).toBeFocused();
  await o.page.keyboard.press('ArrowDown');
  await expect(o.page.getByRole('menuitem', { name: 'Delete post' })).toBeFocused();
  await o.page.keyboard.press('Enter');
  const confirm = o.page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(o.page, 'Post deleted');
  await expect(o.page.getByText('Post by Pat Member was deleted')).toBeVisible();
  // Focus lands on the tombstone, where the post was.
  await expect(
    o.page.locator('[tabindex="-1"]', { hasText: 'Post by Pat Member was deleted' }),
  ).toBeFocused();
  await expect(postCard(o.page, 'Tomato seedlings')).toHaveCount(0);

  // Unpin.
  await mine.getByRole('button', { name: /^Post actions/ }).click();
  await o.page.getByRole('menuitem', { name: 'Unpin post' }).click();
  await expectToast(o.page, 'Post unpinned');
  await expect(o.page.getByText('Pinned Post')).toHaveCount(0);

  await m.page.reload();
  await expect(m.page.getByText('Post by Pat Member was deleted')).toBeVisible();
  await o.context.close();
  await m.context.close();
});

test('search, type filter and paging through a long threadline', async ({ browser }) => {
  test.setTimeout(90_000);
  const o = await signedInAs(browser, owner);
  const name = uniqueName('Busy Club');
  const { id } = await apiCreateTimeline(o.page, name);
  await apiPost(o.page, id, 'The zebra crossing is repainted');
  const numbers = Array.from({ length: 44 }, (_, i) => i + 1);
  // '#': the local filter also reads the author's e-mail, whose random part may hold "44"; never a '#'.
  await Promise.all(numbers.map((i) => apiPost(o.page, id, `Update number #${i}`)));
  await apiPost(o.page, id, unbroken(2000, 'Unbroken'));

  await openThreadline(o.page, id, name);
  await expect(postCards(o.page)).toHaveCount(20);
  // The button loads the next page (clicked where it is, far below the fold, so the scroll sentinel stays
  // out of it); scrolling to the end then loads the last page on its own.
  await o.page.getByRole('button', { name: 'Load More Posts' }).dispatchEvent('click');
  await expect(postCards(o.page)).toHaveCount(40);
  await o.page.getByRole('button', { name: 'Load More Posts' }).scrollIntoViewIfNeeded();
  await expect(postCards(o.page)).toHaveCount(46);
  await expect(o.page.getByRole('button', { name: 'Load More Posts' })).toHaveCount(0);
  await expect(postCards(o.page).last()).toContainText('zebra crossing');

  // Search: local matches show at once (a piece of a word), the server adds its own.
  const searchToggle = o.page.getByRole('button', { name: 'Search posts' });
  await expect(searchToggle).toHaveAttribute('aria-pressed', 'false');
  await searchToggle.click();
  await expect(searchToggle).toHaveAttribute('aria-pressed', 'true');
  const search = o.page.getByRole('searchbox', { name: 'Search posts' });
  await expect(search).toBeFocused();
  await search.fill('ebra');
  await expect(postCards(o.page)).toHaveCount(1);
  await expect(postCards(o.page).first()).toContainText('zebra crossing');
  await search.fill('number #44');
  await expect(postCards(o.page)).toHaveCount(1);
  await expect(postCards(o.page).first()).toContainText('Update number #44');
  await search.fill('nothing like this');
  await expect(o.page.getByText('No results found')).toBeVisible();
  // The server searches posts that are not loaded.
  await o.page.reload();
  await o.page.getByRole('button', { name: 'Search posts' }).click();
  await o.page.getByRole('searchbox', { name: 'Search posts' }).fill('zebr');
  await expect(postCards(o.page)).toHaveCount(1);
  await expect(postCards(o.page).first()).toContainText('zebra crossing');
  await o.page.route('**/search?*', (route) => route.fulfill({ status: 500, json: { message: 'Boom' } }));
  // The newest post, surely on the one page loaded since the reload (the numbered ones were posted in
  // parallel, so which of them made the first page varies).
  await o.page.getByRole('searchbox', { name: 'Search posts' }).fill('unbroken');
  await expectToast(o.page, 'Failed to search posts. Please try again.');
  await expect(postCards(o.page)).toHaveCount(1); // the local match still shows
  await o.page.unroute('**/search?*');
  await o.page.getByRole('button', { name: 'Clear search' }).click();
  await expect(postCards(o.page)).toHaveCount(20);

  // Filters: the text posts, and none of the media types yet.
  await o.page.getByRole('button', { name: 'Filter posts' }).click();
  const filters = o.page.getByRole('group', { name: 'Filter posts by type' });
  await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await filters.getByRole('button', { name: 'Video' }).click();
  await expect(filters.getByRole('button', { name: 'Video' })).toHaveAttribute('aria-pressed', 'true');
  await expect(o.page.getByText('No posts yet')).toBeVisible();
  await filters.getByRole('button', { name: 'Text' }).click();
  await expect(postCards(o.page)).toHaveCount(20);
  await expectAccessible(o.page);
  await o.page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(o.page, 'feed with a long unbroken post');
  await expectAccessible(o.page);
  await o.context.close();
});
