// The notification inbox (issue 27): the header's bell and its live count (another tab, another device), the
// panel (a page on a phone), following a notification to its item, read on open, "Mark all as read", the
// panel by keyboard alone, the per-threadline level and the profile's preferences, with axe and no sideways
// scroll at 1280 and 360 px. Notifications come from what people do through the API: a comment on one's post
// (a reply), a join request to a threadline one owns, a new post on "Every post".
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, expectNoSideScroll, pressUntilFocused, tabTo } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import {
  type Account,
  apiAccount,
  apiComment,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiRequireApproval,
  apiSignedIn,
  expectToast,
  type Person,
  uniqueName,
} from './timeline-helpers.ts';

test.use({ actionTimeout: 15_000 });

/** The header's bell, whatever its count says. */
const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const panel = (page: Page): Locator => page.getByRole('dialog', { name: 'Notifications' });
const inboxItems = (scope: Locator | Page): Locator =>
  scope.getByRole('list', { name: 'Notifications' }).getByRole('listitem');

/** The bell says `n` unread ("Notifications" alone at 0). */
async function expectBell(page: Page, n: number) {
  await expect(bell(page)).toHaveAccessibleName(n > 0 ? `Notifications, ${n} unread` : 'Notifications');
}

/** Signed in on `path`, its socket following (a count sent before that would be missed: issue 27 reads it then). */
async function openSignedIn(browser: Browser, account: Account, path: string, width = 1280): Promise<Person> {
  const person = await apiSignedIn(browser, account, width);
  await person.page.goto(path);
  await expect(person.page.locator('html')).toHaveAttribute('data-realtime', 'authenticated', {
    timeout: 15_000,
  });
  return person;
}

interface World {
  owner: Account;
  member: Account;
  requester: Account;
  threadline: { id: string; name: string; joinCode: string };
  post: { id: string };
}

let contexts: BrowserContext[] = [];

/** An owner with a threadline and a post in it, a member, and someone who will ask to join. */
async function world(
  browser: Browser,
): Promise<World & { ownerPage: Page; memberPage: Page; requesterPage: Page }> {
  const [owner, member, requester] = await Promise.all([
    apiAccount(browser, 'Olive'),
    apiAccount(browser, 'Max'),
    apiAccount(browser, 'Rita'),
  ]);
  const [o, m, r] = await Promise.all([
    apiSignedIn(browser, owner),
    apiSignedIn(browser, member),
    apiSignedIn(browser, requester),
  ]);
  contexts.push(o.context, m.context, r.context);
  const name = uniqueName('Garden Club');
  const threadline = await apiCreateTimeline(o.page, name);
  await apiJoin(m.page, threadline.joinCode);
  const post = await apiPost(o.page, threadline.id, 'Seedlings are ready to share');
  return {
    owner,
    member,
    requester,
    threadline: { ...threadline, name },
    post,
    ownerPage: o.page,
    memberPage: m.page,
    requesterPage: r.page,
  };
}

test.afterEach(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
});

test('the bell counts live in another tab and on another device; the panel opens the item, reads it, and marks all read', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const w = await world(browser);
  // Two tabs of one browser, and another device (its own context), all on the dashboard.
  const tab = await openSignedIn(browser, w.owner, '/');
  contexts.push(tab.context);
  const otherTab = await tab.context.newPage();
  await otherTab.goto('/my-requests');
  await expect(otherTab.locator('html')).toHaveAttribute('data-realtime', 'authenticated');
  const device = await openSignedIn(browser, w.owner, '/');
  contexts.push(device.context);
  for (const page of [tab.page, otherTab, device.page]) await expectBell(page, 0);

  // A member comments on the owner's post; someone asks to join: the count rises everywhere, no reload.
  const comment = await apiComment(w.memberPage, w.post.id, 'I would love two tomato plants');
  for (const page of [tab.page, otherTab, device.page]) await expectBell(page, 1);
  await apiRequireApproval(w.ownerPage, w.threadline.id);
  await apiJoin(w.requesterPage, w.threadline.joinCode, 'Hello, I garden too');
  for (const page of [tab.page, otherTab, device.page]) await expectBell(page, 2);

  // The panel: newest first, each saying it is unread.
  await bell(tab.page).click();
  await expect(panel(tab.page)).toBeVisible();
  const items = inboxItems(panel(tab.page));
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`Rita asked to join ${w.threadline.name}`);
  await expect(items.nth(1)).toContainText(`Max commented on your post in ${w.threadline.name}`);
  await expect(items.nth(1)).toContainText('I would love two tomato plants');
  await expect(items.nth(0).getByRole('link')).toHaveAccessibleName(/^Unread: /);
  await expect(items.nth(1).getByRole('link')).toHaveAccessibleName(/^Unread: /);
  await expectNoHorizontalScroll(tab.page, 'notification panel');
  await expectAccessible(tab.page);

  // Following the reply opens the exact comment and marks that one read, here and on the other device.
  await items.nth(1).getByRole('link').click();
  await expect(panel(tab.page)).toBeHidden();
  await expect(tab.page).toHaveURL(`/timeline/${w.threadline.id}?post=${w.post.id}&comment=${comment.id}`);
  await expect(tab.page.getByText('I would love two tomato plants')).toBeVisible();
  await expectBell(tab.page, 1);
  await expectBell(device.page, 1);
  await expectBell(otherTab, 1);

  // The join request's leads to the panel to act on it (the address drops its query).
  await bell(tab.page).click();
  await expect(inboxItems(panel(tab.page)).nth(1).getByRole('link')).not.toHaveAccessibleName(/^Unread: /);
  await inboxItems(panel(tab.page)).nth(0).getByRole('link').click();
  await expect(tab.page.getByRole('dialog', { name: 'Manage Join Requests' })).toBeVisible();
  await expect(tab.page.getByRole('dialog', { name: 'Manage Join Requests' })).toContainText('Rita');
  await expect(tab.page).toHaveURL(`/timeline/${w.threadline.id}`);
  await tab.page.keyboard.press('Escape');
  for (const page of [tab.page, otherTab, device.page]) await expectBell(page, 0);

  // Another one comes; Mark all as read, from the threadline page's bell: 0 everywhere.
  await apiComment(w.memberPage, w.post.id, 'And a courgette');
  for (const page of [tab.page, otherTab, device.page]) await expectBell(page, 1);
  await bell(tab.page).click();
  await expect(inboxItems(panel(tab.page))).toHaveCount(3);
  await panel(tab.page).getByRole('button', { name: 'Mark all as read' }).click();
  await expect(inboxItems(panel(tab.page)).nth(0).getByRole('link')).not.toHaveAccessibleName(/^Unread: /);
  await expect(panel(tab.page).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  // Escape closes it; the bell has the focus back.
  await tab.page.keyboard.press('Escape');
  await expect(panel(tab.page)).toBeHidden();
  await expect(bell(tab.page)).toBeFocused();
  for (const page of [tab.page, otherTab, device.page]) await expectBell(page, 0);
});

test('the panel by keyboard alone: to the bell, in, along, out with Escape, and Enter follows a notification', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const w = await world(browser);
  const owner = await openSignedIn(browser, w.owner, '/');
  contexts.push(owner.context);
  await apiComment(w.memberPage, w.post.id, 'Keyboard people garden too');
  await expectBell(owner.page, 1);

  await tabTo(owner.page, bell(owner.page));
  await owner.page.keyboard.press('Enter');
  await expect(panel(owner.page)).toBeVisible();
  // Focus moved into the panel.
  await expect.poll(() => panel(owner.page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await owner.page.keyboard.press('Escape');
  await expect(panel(owner.page)).toBeHidden();
  await expect(bell(owner.page)).toBeFocused();

  await owner.page.keyboard.press('Enter');
  const link = inboxItems(panel(owner.page)).first().getByRole('link');
  await pressUntilFocused(owner.page, 'Tab', link);
  await owner.page.keyboard.press('Enter');
  await expect(owner.page).toHaveURL(new RegExp(`/timeline/${w.threadline.id}\\?post=${w.post.id}&comment=`));
  await expectBell(owner.page, 0);
});

test('on a phone the bell opens the /notifications page, which marks all read; axe and no sideways scroll', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const w = await world(browser);
  await apiComment(w.memberPage, w.post.id, 'Small screens too');
  const phone = await openSignedIn(browser, w.owner, '/', 360);
  contexts.push(phone.context);
  await expectBell(phone.page, 1);
  await bell(phone.page).click();
  await expect(phone.page).toHaveURL('/notifications');
  await expect(phone.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(inboxItems(phone.page)).toHaveCount(1);
  await expectNoSideScroll(phone.page);
  await expectAccessible(phone.page);
  await phone.page.getByRole('button', { name: 'Mark all as read' }).click();
  await expectBell(phone.page, 0);
  await expect(inboxItems(phone.page).first().getByRole('link')).not.toHaveAccessibleName(/^Unread: /);
  // The page at 1280 px too (a reload, or a link opened on a wide screen).
  await phone.page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSideScroll(phone.page);
  await expectAccessible(phone.page);
});

test('a member chooses what a threadline notifies them of: Every post brings its posts; Nothing keeps only the unread badge', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const w = await world(browser);
  const member = await openSignedIn(browser, w.member, `/timeline/${w.threadline.id}`);
  contexts.push(member.context);
  const page = member.page;
  await expectBell(page, 0);

  const settings = page.getByRole('button', { name: 'Notification settings' });
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await settings.click();
  await expect(dialog.getByRole('radio', { name: 'Mentions and replies' })).toBeChecked();
  await expectNoHorizontalScroll(page, 'notification settings');
  await expectAccessible(page);
  await dialog.getByRole('radio', { name: 'Every post' }).check();
  await expectToast(page, 'Notifications updated');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(settings).toBeFocused();

  // Kept: read again after a reload.
  await page.reload();
  await settings.click();
  await expect(dialog.getByRole('radio', { name: 'Every post' })).toBeChecked();
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page, 'notification settings at 360 px');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');

  // Every post: the owner's new post is a notification.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'authenticated');
  await apiPost(w.ownerPage, w.threadline.id, 'Watering rota for May');
  await expectBell(page, 1);

  // Nothing: the next post is no notification, while the dashboard's unread badge still counts it.
  const none = await page.request.put(`/api/timelines/${w.threadline.id}/notify-level`, {
    data: { level: 'none' },
  });
  expect(none.ok(), await none.text()).toBe(true);
  await apiPost(w.ownerPage, w.threadline.id, 'Compost delivery on Friday');
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: w.threadline.name });
  await expect(card).toContainText('2 unread posts');
  await expectBell(page, 1);
});

test('the profile keeps the e-mail preferences and the digest, and leads an unverified address to its Verify notice', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const account = await apiAccount(browser, 'Prue');
  const person = await apiSignedIn(browser, account);
  contexts.push(person.context);
  const page = person.page;
  await page.goto('/profile');
  const messages = page.getByLabel('Direct messages');
  await expect(messages).toHaveValue('immediately');
  await expect(page.getByLabel('Digest')).toHaveValue('weekly');
  await messages.selectOption({ label: 'Never' });
  await page.getByLabel('Mentions and replies').selectOption({ label: 'In the digest' });
  await page.getByLabel('Digest').selectOption({ label: 'Daily' });
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expectToast(page, 'Preferences saved');

  await page.reload();
  await expect(page.getByLabel('Direct messages')).toHaveValue('never');
  await expect(page.getByLabel('Mentions and replies')).toHaveValue('digest');
  await expect(page.getByLabel('Digest')).toHaveValue('daily');
  await expect(page.getByLabel('Join requests to manage')).toHaveValue('immediately');

  // A new account's address is not verified yet: no mail goes out, and the way to verify is one press away.
  await expect(
    page.getByText(/is not verified yet: until it is, Threadline sends you no e-mail/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Verify your e-mail' }).click();
  await expect(
    page.getByRole('region', { name: 'Verify your e-mail' }).getByRole('button', { name: 'Resend' }),
  ).toBeFocused();

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('heading', { name: 'Notifications', exact: true }).scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, `profile preferences at ${width}px`);
    await expectAccessible(page);
  }
});
