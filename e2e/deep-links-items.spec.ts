// Notifications that lead to the item (issue 25, item 1), at 1280 and 360 px: the card names the threadline
// and quotes the post or comment; its View, and a link copied from the post's menu, open the threadline on
// that post or comment far down the feed (past the first page): scrolled into view, focused, highlighted.
// One journey for both widths: Ben has a window at each, so the cast, the burying posts and the comments are
// made once and each card arrives in both. Every landing happens in each window, since where the item is
// scrolled to is worked out at the width the page is opened with.
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, expectNoSideScroll } from './helpers.ts';
import {
  apiComment,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiSignedIn,
  type Person,
  sharedAccount,
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

/**
 * Waits frame by frame until the item (a CSS selector) is highlighted, focused and on screen: an assertion
 * retries only 100, 350 and 850 ms after it starts. If that never comes, expectLanded's assertions say what
 * is missing.
 */
async function untilLanded(page: Page, selector: string) {
  await page
    .waitForFunction(
      (sel) => {
        const el = document.querySelector<HTMLElement>(sel);
        if (el?.dataset.highlighted !== 'true' || document.activeElement !== el) return false;
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
      },
      selector,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

/** The item is highlighted, focused and on screen; axe passes with the highlight; no sideways scroll. */
async function expectLanded(page: Page, selector: string) {
  const item = page.locator(selector);
  await expect(item).toHaveAttribute('data-highlighted', 'true');
  await expect(item).toBeFocused();
  await expect(item).toBeInViewport();
  await expectAccessible(page);
  await expectNoSideScroll(page);
}

const WIDTHS = [1280, 360] as const;

/** Ben's window at one width. */
interface Window extends Person {
  width: number;
}

/** `check` in each of Ben's windows in turn, as a step named by its width. */
async function eachWidth(bens: Window[], what: string, check: (ben: Window) => Promise<void>) {
  for (const ben of bens) await test.step(`${what} at ${ben.width} px`, () => check(ben));
}

/**
 * A landing at each width: `go` in both windows at once (the page loads and the smooth scrolls overlap),
 * each then waiting for the item; then expectLanded and `more` in each window in turn, well within the
 * highlight's 10 s.
 */
async function landInEach(
  bens: Window[],
  what: string,
  selector: string,
  go: (b: Page) => Promise<void>,
  more: (b: Page) => Promise<void> = async () => {},
) {
  await Promise.all(
    bens.map((ben) =>
      test.step(`${what}: open at ${ben.width} px`, async () => {
        await go(ben.page);
        await untilLanded(ben.page, selector);
      }),
    ),
  );
  await eachWidth(bens, what, async ({ page }) => {
    await expectLanded(page, selector);
    await more(page);
  });
}

/** Owner Ada and member Ben in a fresh threadline; Ben has a window at each width, on the dashboard, live. */
async function cast(browser: Browser) {
  const id = tag();
  const ada = await apiSignedIn(browser, await sharedAccount(browser, `Ada${id}`, 'Deep'));
  const benAccount = await sharedAccount(browser, `Ben${id}`, 'Deep');
  const name = uniqueName('Allotment');
  const tl = await apiCreateTimeline(ada.page, name);
  const bens: Window[] = [];
  for (const width of WIDTHS) {
    bens.push({
      width,
      ...(await apiSignedIn(browser, benAccount, width, ['clipboard-read', 'clipboard-write'])),
    });
  }
  await apiJoin(bens[0]!.page, tl.joinCode);
  await Promise.all(bens.map(({ page }) => page.goto('/').then(() => expectLive(page))));
  return { ada, bens, name, tl };
}

/**
 * Each window's card held under the pointer as soon as it shows, in both at once: a card leaves after 5 s
 * unless held, and the checks of one width (axe among them) can outlast that on a slow machine.
 */
async function holdCards(bens: Window[]) {
  await Promise.all(bens.map(({ page }) => notificationCard(page).hover()));
}

/** Ben writes `n` posts of his own (no cards for him): what came before moves past the first page. */
async function bury(page: Page, timelineId: string, n = 24) {
  for (let i = 1; i <= n; i++) await apiPost(page, timelineId, `Newer note ${i}`);
}

test('View and a copied link open the post and the comment far down the feed (1280 and 360 px)', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { ada, bens, name, tl } = await cast(browser);

  // Ada's post: the card names the threadline and quotes the post's start, shortened.
  const long = `Plot 7 needs water this weekend. ${'The beans climb fast and the soil dries out. '.repeat(5)}`;
  const post = await apiPost(ada.page, tl.id, long);
  const postSelector = `li[data-post-id="${post.id}"]`;
  const postItem = (b: Page) => b.locator(postSelector);
  await holdCards(bens);
  await eachWidth(bens, 'the card for the post', async ({ page: b }) => {
    const note = notificationCard(b);
    await expect(note).toContainText(`posted in ${name}`);
    await expect(note.locator('blockquote')).toContainText('“Plot 7 needs water this weekend.');
    await expect(note.locator('blockquote')).toContainText('…”');
    await expectAccessible(b);
    // Held under the pointer while Ben's own posts bury Ada's below the first page.
    await note.hover();
  });
  await bury(bens[0]!.page, tl.id);
  await landInEach(
    bens,
    'View opens the post',
    postSelector,
    async (b) => {
      await notificationCard(b).getByRole('button', { name: 'View' }).click();
      await expect(b).toHaveURL(`/timeline/${tl.id}?post=${post.id}`);
    },
    (b) => expect(postItem(b)).toContainText('Plot 7 needs water'),
  );

  // Ada's comment on it: the card says where and quotes it; Ben's later comments push it out of the
  // collapsed view, so View must open the post's comments on it. Reached by keyboard.
  await Promise.all(bens.map(({ page }) => page.goto('/').then(() => expectLive(page))));
  const comment = await apiComment(ada.page, post.id, 'Watered it this morning, all good');
  const commentSelector = `li[data-comment-id="${comment.id}"]`;
  await holdCards(bens);
  await eachWidth(bens, 'the card for the comment', async ({ page: b }) => {
    const note = notificationCard(b);
    await expect(note).toContainText(`commented on a post in ${name}`);
    await expect(note.locator('blockquote')).toHaveText('“Watered it this morning, all good”');
    await note.hover();
  });
  await apiComment(bens[0]!.page, post.id, 'Thanks!');
  await apiComment(bens[0]!.page, post.id, 'I will check on Sunday');
  await landInEach(
    bens,
    'View opens the comment',
    commentSelector,
    async (b) => {
      await notificationCard(b).getByRole('button', { name: 'View' }).focus();
      await b.keyboard.press('Enter');
      await expect(b).toHaveURL(`/timeline/${tl.id}?post=${post.id}&comment=${comment.id}`);
    },
    async (b) => {
      await expect(b.locator(commentSelector)).toContainText('Watered it this morning');
      await expect(postItem(b).locator('li[data-comment-id]')).toHaveCount(3);
    },
  );

  // Copy link from the post's menu: a toast, and the absolute link on the clipboard.
  const link = `/timeline/${tl.id}?post=${post.id}`;
  const copied = new Map<Page, string>();
  await eachWidth(bens, 'Copy link', async ({ page: b }) => {
    await postItem(b)
      .getByRole('button', { name: /^Post actions/ })
      .click();
    await b.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(toastWith(b, 'Link copied to clipboard')).toBeVisible();
    copied.set(b, await b.evaluate(() => navigator.clipboard.readText()));
    expect(copied.get(b)).toBe(`${new URL(b.url()).origin}${link}`);
  });

  // The copied link, opened fresh, lands on the post again; and the comment's link on the comment.
  await landInEach(bens, 'the copied link opens the post', postSelector, async (b) => {
    await b.goto('/');
    await b.goto(copied.get(b)!);
  });
  await landInEach(bens, 'the copied link opens the comment', commentSelector, async (b) => {
    await b.goto(`${copied.get(b)}&comment=${comment.id}`);
  });

  // A post that is gone: a clear message, not a crash.
  await ada.page.request.delete(`/api/posts/${post.id}`);
  await eachWidth(bens, 'a link to a post that is gone', async ({ page: b }) => {
    await b.goto(copied.get(b)!);
    await expect(toastWith(b, 'The post you opened is no longer in this threadline.')).toBeVisible();
    await expect(
      b.getByRole('main').getByText('The post you opened is no longer in this threadline.'),
    ).toBeVisible();
    await expectAccessible(b);
  });

  await ada.context.close();
  for (const ben of bens) await ben.context.close();
});
