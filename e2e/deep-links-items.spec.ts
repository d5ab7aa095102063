// Notifications that lead to the item (issue 25, item 1), at 1280 and 360 px: the card names the threadline
// and quotes the post or comment; its View, and a link copied from the post's menu, open the threadline on
// that post or comment far down the feed (past the first page): scrolled into view, focused, highlighted.
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, expectNoSideScroll } from './helpers.ts';
import {
  apiComment,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  type Person,
  sharedAccount,
  signedInAs,
  tag,
  toastWith,
  uniqueName,
} from './timeline-helpers.ts';

/** The socket is authenticated and the server confirmed at least one threadline. */
async function expectLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'authenticated', { timeout: 15_000 });
  await expect
    .poll(async () => Number(await page.locator('html').getAttribute('data-realtime-subscribed')))
    .toBeGreaterThanOrEqual(1);
}

const notificationCard = (page: Page): Locator => page.getByRole('complementary', { name: 'Notification' });

/** The item is highlighted, focused and on screen; axe passes with the highlight; no sideways scroll. */
async function expectLanded(page: Page, item: Locator) {
  await expect(item).toHaveAttribute('data-highlighted', 'true');
  await expect(item).toBeFocused();
  await expect(item).toBeInViewport();
  await expectAccessible(page);
  await expectNoSideScroll(page);
}

/** Owner Ada and member Ben (at `width`) in a fresh threadline; Ben is on the dashboard, live. */
async function cast(browser: Browser, width: number) {
  const id = tag();
  const ada = await signedInAs(browser, await sharedAccount(browser, `Ada${id}`, 'Deep'));
  const ben = await signedInAs(browser, await sharedAccount(browser, `Ben${id}`, 'Deep'), width, [
    'clipboard-read',
    'clipboard-write',
  ]);
  const name = uniqueName('Allotment');
  const tl = await apiCreateTimeline(ada.page, name);
  await apiJoin(ben.page, tl.joinCode);
  await ben.page.goto('/');
  await expectLive(ben.page);
  return { ada, ben, name, tl };
}

/** Ben writes `n` posts of his own (no cards for him): what came before moves past the first page. */
async function bury(ben: Person, timelineId: string, n = 24) {
  for (let i = 1; i <= n; i++) await apiPost(ben.page, timelineId, `Newer note ${i}`);
}

for (const width of [1280, 360]) {
  test(`View and a copied link open the post and the comment far down the feed (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const { ada, ben, name, tl } = await cast(browser, width);
    const b = ben.page;
    const note = notificationCard(b);

    // Ada's post: the card names the threadline and quotes the post's start, shortened.
    const long = `Plot 7 needs water this weekend. ${'The beans climb fast and the soil dries out. '.repeat(5)}`;
    const post = await apiPost(ada.page, tl.id, long);
    await expect(note).toContainText(`posted in ${name}`);
    await expect(note.locator('blockquote')).toContainText('“Plot 7 needs water this weekend.');
    await expect(note.locator('blockquote')).toContainText('…”');
    await expectAccessible(b);
    // Held under the pointer while Ben's own posts bury Ada's below the first page.
    await note.hover();
    await bury(ben, tl.id);
    await note.getByRole('button', { name: 'View' }).click();
    await expect(b).toHaveURL(`/timeline/${tl.id}?post=${post.id}`);
    const postItem = b.locator(`li[data-post-id="${post.id}"]`);
    await expectLanded(b, postItem);
    await expect(postItem).toContainText('Plot 7 needs water');

    // Ada's comment on it: the card says where and quotes it; Ben's later comments push it out of the
    // collapsed view, so View must open the post's comments on it. Reached by keyboard.
    await b.goto('/');
    await expectLive(b);
    const comment = await apiComment(ada.page, post.id, 'Watered it this morning, all good');
    await expect(note).toContainText(`commented on a post in ${name}`);
    await expect(note.locator('blockquote')).toHaveText('“Watered it this morning, all good”');
    await note.hover();
    await apiComment(b, post.id, 'Thanks!');
    await apiComment(b, post.id, 'I will check on Sunday');
    const view = note.getByRole('button', { name: 'View' });
    await view.focus();
    await b.keyboard.press('Enter');
    await expect(b).toHaveURL(`/timeline/${tl.id}?post=${post.id}&comment=${comment.id}`);
    const commentItem = b.locator(`li[data-comment-id="${comment.id}"]`);
    await expectLanded(b, commentItem);
    await expect(commentItem).toContainText('Watered it this morning');
    await expect(postItem.locator('li[data-comment-id]')).toHaveCount(3);

    // Copy link from the post's menu: a toast, and the absolute link on the clipboard.
    await postItem.getByRole('button', { name: /^Post actions/ }).click();
    await b.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(toastWith(b, 'Link copied to clipboard')).toBeVisible();
    const copied = await b.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(b.url()).origin}/timeline/${tl.id}?post=${post.id}`);

    // The copied link, opened fresh, lands on the post again; and the comment's link on the comment.
    await b.goto('/');
    await b.goto(copied);
    await expectLanded(b, postItem);
    await b.goto(`${copied}&comment=${comment.id}`);
    await expectLanded(b, commentItem);

    // A post that is gone: a clear message, not a crash.
    await ada.page.request.delete(`/api/posts/${post.id}`);
    await b.goto(copied);
    await expect(toastWith(b, 'The post you opened is no longer in this threadline.')).toBeVisible();
    await expect(
      b.getByRole('main').getByText('The post you opened is no longer in this threadline.'),
    ).toBeVisible();
    await expectAccessible(b);

    await ada.context.close();
    await ben.context.close();
  });
}
