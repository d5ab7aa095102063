// Advanced search (issue 24; DECISIONS §9): a Pro user (upgraded in the sandbox) searches across two
// threadlines from the header, narrows to one threadline with the keyboard, and opens a result more than a
// feed page back: the feed pages down to it, scrolls to it and highlights it. A free user sees the upgrade
// card instead of results. axe and no sideways scroll at 1280 and 360 px.
import { expect, type Page, test } from '@playwright/test';
import { FEED } from '../common/limits.ts';
import { expectAccessible, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import {
  apiComment,
  apiCreateTimeline,
  apiPost,
  sharedAccount,
  signedInAs,
  tag,
  uniqueName,
  upgradeToPro,
} from './timeline-helpers.ts';

const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem');

test('a Pro user searches two threadlines and opens a post far down its feed', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Seeker${tag()}`));
  const word = `kestrel${tag()}`;
  const nameA = uniqueName('Birds');
  const nameB = uniqueName('Walks');
  const a = await apiCreateTimeline(page, nameA);
  const b = await apiCreateTimeline(page, nameB);
  // The one to open is the oldest of A: more than a page of newer posts lie above it.
  const far = await apiPost(page, a.id, `Saw a ${word} over the <b>ridge</b>`);
  const newer = FEED.pageSize + 5;
  for (let i = 0; i < newer; i++) await apiPost(page, a.id, `Ordinary post number ${i}`);
  await apiPost(page, b.id, `A ${word} on the morning walk`);
  const commented = await apiPost(page, b.id, 'Look at this');
  await apiComment(page, commented.id, `That is a ${word} indeed`);

  await upgradeToPro(page);

  // From the header, keyboard only: the search box, the words, Enter.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search');
  await expect(page).toHaveTitle('Search · Threadline');
  await page.getByRole('searchbox', { name: 'Search for' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(results(page)).toHaveCount(3);
  await expect(page.getByRole('heading', { name: '3 results' })).toBeVisible();
  await expect(results(page).filter({ hasText: nameA })).toHaveCount(1);
  await expect(results(page).filter({ hasText: nameB })).toHaveCount(2);
  await expect(results(page).filter({ hasText: 'Comment' })).toContainText('That is a');
  // The excerpt marks the word and shows the user's "<b>" as text.
  const farResult = results(page).filter({ hasText: nameA });
  await expect(farResult.locator('mark')).toHaveText(word);
  await expect(farResult).toContainText('over the <b>ridge');
  await expect(farResult.locator('b')).toHaveCount(0);
  await expectNoHorizontalScroll(page, 'search results');
  await expectAccessible(page);

  // Narrow to one threadline with the keyboard (Space ticks it), and search again.
  const boxB = page.getByRole('checkbox', { name: nameB });
  await boxB.focus();
  await page.keyboard.press('Space');
  await expect(boxB).toBeChecked();
  // Back up to the Search button with Shift+Tab.
  const submit = page
    .getByRole('search', { name: 'Search every threadline' })
    .getByRole('button', { name: 'Search', exact: true });
  await tabTo(page, submit, { back: true });
  await page.keyboard.press('Enter');
  await expect(results(page)).toHaveCount(2);
  await expect(results(page).filter({ hasText: nameA })).toHaveCount(0);
  await page.goBack();
  await expect(results(page)).toHaveCount(3);

  // Open the far post: its threadline pages down to it, scrolls it into view, focuses and highlights it.
  await farResult.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/timeline/${a.id}?post=${far.id}`);
  const target = page.locator(`li[data-post-id="${far.id}"]`);
  await expect(target).toHaveAttribute('data-highlighted', 'true');
  await expect(target).toBeInViewport();
  await expect(target).toBeFocused();
  await expect(target).toContainText(`Saw a ${word}`);
  await expectAccessible(page);

  // 360 px: the same search, no sideways scroll.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/search?q=${word}`);
  await expect(results(page)).toHaveCount(3);
  await expectNoHorizontalScroll(page, 'search at 360 px');
  await expectAccessible(page);
  await context.close();
});

test('a free user sees the upgrade card instead of results (1280 and 360 px)', async ({ browser }) => {
  const { page, context } = await signedInAs(browser, await sharedAccount(browser, `Free${tag()}`));
  const tl = await apiCreateTimeline(page, uniqueName('Notes'));
  await apiPost(page, tl.id, 'heron by the lake');
  // The threadline's own search offers the way there.
  await page.goto(`/timeline/${tl.id}`);
  await page.getByRole('button', { name: 'Search posts' }).click();
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('heron');
  await page.getByRole('link', { name: 'Search everywhere' }).click();
  await expect(page).toHaveURL('/search?q=heron');
  const card = page.getByTestId('upgrade-card-advancedSearch');
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
  await expectNoHorizontalScroll(page, 'upgrade card');
  await expectAccessible(page);
  // The header's one more action still fits where its buttons start (md) and its labels all show (lg).
  for (const width of [768, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page, `header at ${width} px`);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(card).toBeVisible();
  await expectNoHorizontalScroll(page, 'upgrade card at 360 px');
  await expectAccessible(page);
  await context.close();
});
