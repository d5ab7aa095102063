// The open threadline live (issue 11), two people in their own browser contexts: another member's post,
// comment and reaction appear without reloading; scrolled down, new posts wait behind a keyboard-reachable
// "n new posts" pill (axe clean, no sideways scroll at 360 px); a member removed while reading is told and
// sent home.
import { expect, type Page, test } from '@playwright/test';
import { COMMENT_TOAST_MS } from '../common/realtime-constants.ts';
import { HEART } from '../common/schemas/post.ts';
import { expectAccessible, pauseClock, recordToasts, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import {
  type Account,
  apiComment,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiUserId,
  expectToast,
  openThreadline,
  type Person,
  postCard,
  postCards,
  sharedAccount,
  signedInAs,
  toastWith,
  uniqueName,
} from './timeline-helpers.ts';

let owner: Account;
let member: Account;
test.beforeAll(async ({ browser }) => {
  owner = await sharedAccount(browser, 'Lena', 'Live');
  member = await sharedAccount(browser, 'Rio', 'Remote');
});

/** Opens the threadline and waits until the server confirmed its events (the page's data-live). */
async function openLive(page: Page, id: string, name: string) {
  await openThreadline(page, id, name);
  await expect(page.locator('[data-live="true"]')).toBeVisible();
}

/** A threadline of `o`'s that `m` joined, optionally with `posts` posts by `o` already in it. */
async function sharedThreadline(o: Person, m: Person, posts = 0) {
  const name = uniqueName('Live Room');
  const { id, joinCode } = await apiCreateTimeline(o.page, name);
  await apiJoin(m.page, joinCode);
  for (let i = 1; i <= posts; i++) await apiPost(o.page, id, `Earlier post number ${i}`);
  return { id, name };
}

/** The post's likes as the server counts them (read through the feed). */
async function reactionCount(page: Page, timelineId: string, postId: string) {
  const res = await page.request.get(`/api/timelines/${timelineId}/posts`);
  const posts = (await res.json()) as { id: string; reactionCounts: Record<string, number> }[];
  return posts.find((p) => p.id === postId)?.reactionCounts[HEART] ?? 0;
}

const like = (page: Page, text: string) => postCard(page, text).getByRole('button', { name: /^Like/ });

test('another member post, comment and reaction appear live', async ({ browser }) => {
  const o = await signedInAs(browser, owner);
  const m = await signedInAs(browser, member);
  const { id, name } = await sharedThreadline(o, m);
  const mine = await apiPost(o.page, id, 'Who is coming on Saturday?');
  // The page's clock flows as usual until the toast's lifetime is measured on it (paused, moved by hand).
  await o.page.clock.install();
  // The reader's socket (opened by the page openLive loads): the moment the other member's like reaches it.
  let otherLikeLanded = () => {};
  const otherLikeEvent = new Promise<void>((resolve) => (otherLikeLanded = resolve));
  o.page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      let event: {
        type?: string;
        data?: { change?: string; postId?: string; reactionCounts?: Record<string, number> };
      };
      try {
        event = JSON.parse(String(payload));
      } catch {
        return;
      }
      const { type, data } = event;
      if (type === 'timeline_updated' && data?.change === 'reactions' && data.postId === mine.id) {
        if (data.reactionCounts?.[HEART] === 2) otherLikeLanded();
      }
    }),
  );
  await openLive(o.page, id, name);
  const toasts = await recordToasts(o.page);

  // A post: at the top at once (the reader is at the top), without reloading.
  await apiPost(m.page, id, 'Fresh from Rio');
  await expect(postCards(o.page).first()).toContainText('Fresh from Rio');
  await expect(postCards(o.page)).toHaveCount(2);
  await expect(o.page.getByRole('button', { name: /new posts?$/ })).toHaveCount(0);

  // A comment: the post's comments refresh, with the 3 s toast.
  const card = postCard(o.page, 'Who is coming on Saturday?');
  await apiComment(m.page, mine.id, 'Count me in');
  await expect(card.getByRole('list', { name: 'Comments' }).getByText('Count me in')).toBeVisible();
  await expect(card.getByText('1 comment', { exact: true })).toBeVisible();
  await expectToast(o.page, 'Rio Remote commented on a post');
  const toast = toastWith(o.page, 'New Comment');
  await expect(toast).toBeVisible();
  // It closes by itself after 3 s (not the default 5 s), on the page's clock: paused, then moved to just
  // before and just after 3 s from when the toast appeared, whatever the real time in between.
  await pauseClock(o.page);
  const rio = () => toasts.find((t) => t.text.includes('Rio Remote commented on a post'));
  await expect.poll(rio).toBeDefined();
  const shown = rio();
  const age = (await o.page.evaluate(() => Date.now())) - shown!.at;
  expect(age).toBeLessThan(COMMENT_TOAST_MS - 250);
  await o.page.clock.runFor(COMMENT_TOAST_MS - 250 - age);
  await expect(toast).toBeVisible();
  await o.page.clock.runFor(500);
  await expect(toast).toBeHidden();
  await o.page.clock.resume();

  // Expanded comments reload in place when another arrives.
  await apiComment(m.page, mine.id, 'Bringing seeds');
  await card.getByRole('button', { name: 'View 1 more comment' }).click();
  await expect(card.getByRole('list', { name: 'Comments' }).getByText('Count me in')).toBeVisible();
  await apiComment(m.page, mine.id, 'And a spade');
  await expect(card.getByRole('list', { name: 'Comments' }).getByText('And a spade')).toBeVisible();
  await expect(card.getByText('3 comments', { exact: true })).toBeVisible();

  // One's own comment (another tab of the reader's): counted, no toast. Rio's next comment must make one:
  // the only toast since is that one.
  const toastsBefore = toasts.length;
  const toastsSince = () => toasts.slice(toastsBefore).map((t) => t.text);
  await apiComment(o.page, mine.id, 'See you all there');
  await expect(card.getByText('4 comments', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: 'Comments' }).getByText('See you all there')).toBeVisible();
  await apiComment(m.page, mine.id, 'Save me a seat');
  await expect(card.getByText('5 comments', { exact: true })).toBeVisible();
  await expect.poll(() => toastsSince().length).toBeGreaterThan(0);
  expect(toastsSince()).toEqual([expect.stringContaining('Rio Remote commented on a post')]);

  // A reaction: the count changes, the reader's own like stays theirs. The reader's like is stored first but
  // its answer is held until the other like's event has reached the reader's socket (the race CI once lost):
  // the counts the event brought mid-toggle must not be lost to the older answer.
  await o.page.route('**/api/reactions', async (route) => {
    const answer = await route.fetch();
    await otherLikeEvent;
    // One round trip through the page, so the event (received first) is handled before the answer.
    await o.page.evaluate(() => 0);
    await route.fulfill({ response: answer });
  });
  const answered = o.page.waitForEvent('requestfinished', (req) => req.url().endsWith('/api/reactions'));
  await like(o.page, 'Who is coming on Saturday?').click();
  await expect(like(o.page, 'Who is coming on Saturday?')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => reactionCount(m.page, id, mine.id)).toBe(1);
  const res = await m.page.request.post('/api/reactions', { data: { postId: mine.id, emoji: HEART } });
  expect(res.ok(), await res.text()).toBe(true);
  await answered;
  await o.page.unroute('**/api/reactions');
  // The answer is in; a post that must show next is the barrier after which the counts are final.
  await apiPost(m.page, id, 'After the likes');
  await expect(postCards(o.page).first()).toContainText('After the likes');
  await expect(like(o.page, 'Who is coming on Saturday?')).toHaveText(/2/);
  await expect(like(o.page, 'Who is coming on Saturday?')).toHaveAttribute('aria-pressed', 'true');

  await o.context.close();
  await m.context.close();
});

for (const width of [1280, 360]) {
  test(`scrolled down at ${width} px, new posts wait behind the pill, which the keyboard reaches`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const o = await signedInAs(browser, owner, width);
    const m = await signedInAs(browser, member);
    const { id, name } = await sharedThreadline(o, m, 12);
    await openLive(o.page, id, name);
    await expect(postCards(o.page)).toHaveCount(12);

    // Reading further down: what is on screen must not move.
    const reading = postCard(o.page, 'Earlier post number 3');
    await reading.scrollIntoViewIfNeeded();
    await o.page.evaluate(() => window.scrollBy(0, 40));
    const before = await o.page.evaluate(() => window.scrollY);
    const top = (await reading.boundingBox())!.y;

    await apiPost(m.page, id, 'First while away');
    const pill = o.page.getByRole('button', { name: '1 new post' });
    await expect(pill).toBeVisible();
    await apiPost(m.page, id, 'Second while away');
    await expect(o.page.getByRole('button', { name: '2 new posts' })).toBeVisible();
    expect(await o.page.evaluate(() => window.scrollY)).toBe(before);
    expect((await reading.boundingBox())!.y).toBe(top);
    await expect(postCard(o.page, 'while away')).toHaveCount(0);

    await expectAccessible(o.page);
    await expectNoHorizontalScroll(o.page, `feed with the pill at ${width} px`);

    const newPosts = o.page.getByRole('button', { name: '2 new posts' });
    if (width > 640) {
      // By keyboard: the pill follows the (sticky) header in the tab order; Enter shows the posts.
      await tabTo(o.page, newPosts);
      expect(await o.page.evaluate(() => window.scrollY)).toBe(before);
      await o.page.keyboard.press('Enter');
    } else {
      // On a phone the header scrolls away (tabbing back up to it reaches the top, which shows them too).
      await newPosts.click();
    }
    await expect(newPosts).toHaveCount(0);
    await expect(postCards(o.page).first()).toContainText('Second while away');
    await expect(postCards(o.page).nth(1)).toContainText('First while away');
    await expect(postCards(o.page).first()).toBeFocused();
    await expect.poll(() => o.page.evaluate(() => window.scrollY)).toBeLessThan(200);

    await o.context.close();
    await m.context.close();
  });
}

test('the pin, a deleted post, permissions and archiving reach a reader in place', async ({ browser }) => {
  const o = await signedInAs(browser, owner);
  const m = await signedInAs(browser, member);
  const { id, name } = await sharedThreadline(o, m);
  const rules = await apiPost(o.page, id, 'House rules');
  await apiPost(o.page, id, 'Old news');
  const gone = await apiPost(o.page, id, 'Posted by mistake');
  await openLive(m.page, id, name);

  const pin = await o.page.request.post(`/api/timelines/${id}/pin/${rules.id}`);
  expect(pin.ok(), await pin.text()).toBe(true);
  await expect(postCards(m.page).first()).toContainText('Pinned Post');
  await expect(postCards(m.page).first()).toContainText('House rules');

  const del = await o.page.request.delete(`/api/posts/${gone.id}`);
  expect(del.ok(), await del.text()).toBe(true);
  await expect(m.page.getByText('Post by Lena Live was deleted on')).toBeVisible();
  await expect(postCard(m.page, 'Posted by mistake')).toHaveCount(0);

  // Posting switched off for participants: the composer gives way to the notice at once.
  await expect(m.page.getByRole('textbox', { name: 'Write a post' })).toBeVisible();
  const perms = await o.page.request.patch(`/api/timelines/${id}/permissions`, {
    data: { allowParticipantPosts: false },
  });
  expect(perms.ok(), await perms.text()).toBe(true);
  await expect(m.page.getByRole('textbox', { name: 'Write a post' })).toHaveCount(0);
  await expect(
    m.page.getByText('Posting is currently disabled for participants in this threadline.', { exact: true }),
  ).toBeVisible();

  // Archived: only the owner may still open it; the member is told and sent home.
  const archive = await o.page.request.post(`/api/timelines/${id}/archive`);
  expect(archive.ok(), await archive.text()).toBe(true);
  await expectToast(m.page, 'Threadline Archived');
  await expect(m.page).toHaveURL('/');

  await o.context.close();
  await m.context.close();
});

test('a member removed and blocked while reading is told and sent home', async ({ browser }) => {
  const o = await signedInAs(browser, owner);
  const m = await signedInAs(browser, member);
  const { id, name } = await sharedThreadline(o, m, 1);
  await openLive(m.page, id, name);
  const memberId = await apiUserId(m.page);

  const res = await o.page.request.delete(`/api/timelines/${id}/members/${memberId}`, { data: {} });
  expect(res.ok(), await res.text()).toBe(true);
  await expectToast(m.page, 'You were blocked from this threadline');
  await expect(m.page).toHaveURL('/');
  // Coming back is refused, not served from the cache.
  await m.page.goto(`/timeline/${id}`);
  await expect(m.page).toHaveURL('/');

  await o.context.close();
  await m.context.close();
});
