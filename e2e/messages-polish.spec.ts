// Calmer direct messages (issue 25 item 7), two people and more in their own browsers at 1280 and 360 px:
// no "New message" card over the conversation being read on /messages (another conversation's message still
// raises one), opening the modal puts the focus in the message box, links in messages are clickable like
// in posts, and pressing Message shows the other person nothing until the first message. axe on each.
// One reader's page goes through both widths, resized in place. What a width changes is done at each width:
// the header's Messages (a button, or an item of the menu), the list and thread panes (one at a time below
// md, where a conversation picked takes the focus to the thread: conversation-list-panes.tsx reads
// matchMedia then), and where the focus lands as the modal opens. What it does not (the links' markup, the
// card rule once the conversation is on screen) runs once and is looked at, axe included, at both widths.
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { expectAccessible, expectNoSideScroll, PASSWORD, recordShown } from './helpers.ts';
import { expectLive, messageField, messageIn, modal, notificationCard, thread } from './messages-helpers.ts';
import {
  type Account,
  apiCreateTimeline,
  apiUserId,
  openThreadline,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

const WIDTHS = [1280, 360] as const;
const HEIGHT = 800;
const CARD = 'aside[aria-label="Notification"]';
/** A conversation in a list, by the other person and the threadline (an unread count may follow). */
const item = (scope: Locator, who: string, threadline: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`^${who} \\(${threadline}\\)`) });

/** The header's Messages: a button on wide screens, an item of the menu on narrow ones. */
async function openMessages(page: Page, width: number) {
  if (width < 768) {
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page.getByRole('menuitem', { name: /^Messages/ }).click();
  } else {
    await page
      .locator('header')
      .getByRole('button', { name: /^Messages/ })
      .click();
  }
  await expect(modal(page)).toBeVisible();
}

/** Starts (or opens) the conversation through the API and sends `content` in it; returns its id. */
async function apiMessage(as: APIRequestContext, timelineId: string, recipientId: string, content: string) {
  const started = await as.post('/api/conversations', { data: { timelineId, recipientId } });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { id } = (await started.json()) as { id: string };
  const sent = await as.post(`/api/conversations/${id}/messages`, { data: { content } });
  expect(sent.status(), await sent.text()).toBe(201);
  return id;
}

/** A browser context signed in as `account`, no page loaded: for a member who only acts through the API. */
async function apiSignedIn(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const res = await context.request.post('/api/auth/login', {
    data: { email: account.email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return context;
}

/** Three people: the reader (a page `width` px wide, on the dashboard) and Jonas and Kira, signed in. */
async function cast(browser: Browser, width: number) {
  const reader = await signedInAs(browser, await sharedAccount(browser, 'Ines', 'Polish'), width);
  const jonas = await apiSignedIn(browser, await sharedAccount(browser, 'Jonas', 'Polish'));
  const kira = await apiSignedIn(browser, await sharedAccount(browser, 'Kira', 'Polish'));
  const readerId = await apiUserId(reader.page);
  /** A new threadline of the reader's, Jonas and Kira its members. */
  const threadline = async () => {
    const name = uniqueName('Calm');
    const { id, joinCode } = await apiCreateTimeline(reader.page, name);
    for (const member of [jonas, kira]) {
      const res = await member.request.post('/api/timelines/join', { data: { joinCode } });
      expect(res.ok(), await res.text()).toBe(true);
    }
    return { id, name };
  };
  const close = async () => {
    for (const context of [reader.context, jonas, kira]) await context.close();
  };
  return {
    r: reader.page,
    jonas: jonas.request,
    kira: kira.request,
    jonasContext: jonas,
    readerId,
    threadline,
    close,
  };
}

test('at 1280 and 360 px: on /messages no card over the open conversation, one for another; links clickable', async ({
  browser,
}) => {
  const { r, jonas, kira, readerId, threadline, close } = await cast(browser, 1280);
  const { id, name } = await threadline();
  await apiMessage(jonas, id, readerId, 'Hello from Jonas');
  await apiMessage(kira, id, readerId, 'Hello from Kira');
  await expectLive(r);
  const cards = await recordShown(r, CARD);
  const page = r.getByTestId('messages-page');
  const list = page.getByTestId('conversation-list');

  /** The way a person gets there at `width`: the modal, a conversation, Full Screen. */
  const openOnPage = async (width: number, who: string, hello: string) => {
    await openMessages(r, width);
    const picked = item(modal(r), who, name);
    await picked.click();
    await expect(messageIn(thread(modal(r), who), hello)).toBeVisible();
    // Below md the thread takes the list's place.
    if (width < 768) await expect(picked).toBeHidden();
    else await expect(picked).toBeVisible();
    await modal(r).getByRole('button', { name: 'Full Screen' }).click();
    await expect(modal(r)).toBeHidden();
    const open = thread(page, who);
    await expect(messageIn(open, hello)).toBeVisible();
    return open;
  };

  // At 1280 px, Jonas's conversation.
  const open = await openOnPage(1280, 'Jonas Polish', 'Hello from Jonas');
  // A message in the open conversation shows in it, and raises no card.
  await apiMessage(jonas, id, readerId, 'The guide: https://example.org/guide.');
  const link = open.getByRole('link', { name: 'https://example.org/guide' });
  await expect(link).toBeVisible();
  // The barrier: a message in another conversation, sent after it, raises its card (the socket is one
  // ordered path, so a card for the first would have come before this one).
  await apiMessage(kira, id, readerId, 'Over here');
  await expect(notificationCard(r)).toContainText('New message from Kira');
  // By the message's own words: the card for "Hello from Jonas", sent while the reader was on the dashboard
  // with the socket maybe already up, may still be on screen when the recording starts.
  expect(cards.map((c) => c.text).filter((text) => text.includes('The guide'))).toEqual([]);
  expect(cards.length).toBeGreaterThan(0);

  // Links as in posts: an <a> built from the text, opening elsewhere, safe.
  await expect(link).toHaveAttribute('href', 'https://example.org/guide');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(messageIn(open, 'The guide: https://example.org/guide.')).toBeVisible();
  // One of one's own, typed in the composer, is a link too (readable on the coloured bubble: axe).
  await messageField(open).fill('Mine: https://example.com/a?b=1');
  await messageField(open).press('Enter');
  const own = open.getByRole('link', { name: 'https://example.com/a?b=1' });
  await expect(own).toHaveAttribute('href', 'https://example.com/a?b=1');
  await expect(own).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await notificationCard(r).getByRole('button', { name: 'Close notification' }).click();
  await expect(notificationCard(r)).toHaveCount(0);
  // The page as it stands, at each width: below md the thread alone, the list hidden.
  for (const width of WIDTHS) {
    await r.setViewportSize({ width, height: HEIGHT });
    await expect(link).toBeVisible();
    await expect(own).toBeVisible();
    if (width < 768) await expect(list).toBeHidden();
    else await expect(list).toBeVisible();
    await expectNoSideScroll(r);
    await expectAccessible(r);
  }
  // Not a sentence's full stop, nor javascript: or bare words.
  await apiMessage(jonas, id, readerId, 'javascript:alert(1) and www.example.org stay text');
  await expect(messageIn(open, 'javascript:alert(1) and www.example.org stay text')).toBeVisible();
  await expect(open.getByRole('link')).toHaveCount(2);

  // At 360 px, on this page as it stands (the modal's Full Screen over /messages), Kira's conversation:
  // hers raise no card now, Jonas's does.
  const before = cards.length;
  const hers = await openOnPage(360, 'Kira Polish', 'Over here');
  await apiMessage(kira, id, readerId, 'Read at 360 px');
  await expect(messageIn(hers, 'Read at 360 px')).toBeVisible();
  await apiMessage(jonas, id, readerId, 'And here');
  await expect(notificationCard(r)).toContainText('New message from Jonas');
  expect(
    cards
      .slice(before)
      .map((c) => c.text)
      .filter((text) => text.includes('Read at 360 px')),
  ).toEqual([]);

  await close();
});

test('at 1280 and 360 px: opening the modal puts the focus in the message box, not on Full Screen', async ({
  browser,
}) => {
  const { r, jonas, readerId, threadline, close } = await cast(browser, 1280);
  await expectLive(r);
  // Where the focus goes depends on the width: each step at each width, on a threadline of its own, the
  // second width from where the first left off.
  for (const width of WIDTHS) {
    const { id, name } = await threadline();
    await r.setViewportSize({ width, height: HEIGHT });
    // Back to the dashboard (its header has Messages) the way a person goes, the socket still connected.
    if (width !== WIDTHS[0]) await r.getByRole('button', { name: 'Back to home' }).click();

    // From a notification's View.
    await apiMessage(jonas, id, readerId, 'Knock knock');
    const note = notificationCard(r);
    await expect(note).toContainText('New message from Jonas');
    await note.getByRole('button', { name: 'View' }).click();
    const open = thread(modal(r), 'Jonas Polish');
    await expect(messageIn(open, 'Knock knock')).toBeVisible();
    await expect(messageField(open)).toBeFocused();
    await expectAccessible(r);
    await r.keyboard.press('Escape');
    await expect(modal(r)).toBeHidden();

    // From the header, on no conversation yet: the list (its first conversation), then the message box.
    await openMessages(r, width);
    const first = item(modal(r), 'Jonas Polish', name);
    await expect(first).toBeFocused();
    await r.keyboard.press('Enter');
    await expect(messageField(thread(modal(r), 'Jonas Polish'))).toBeFocused();
    await r.keyboard.press('Escape');
    await expect(modal(r)).toBeHidden();

    // From the members list's Message: the new conversation, and the focus in its message box.
    await openThreadline(r, id, name);
    await r.getByRole('button', { name: '3 members' }).click();
    const members = r.getByRole('dialog', { name: /Members/ });
    await members.getByRole('button', { name: 'Message Kira Polish' }).click();
    const fresh = thread(modal(r), 'Kira Polish');
    await expect(fresh.getByText('No messages yet')).toBeVisible();
    await expect(messageField(fresh)).toBeFocused();
    await expectAccessible(r);
    await r.keyboard.press('Escape');
    await expect(modal(r)).toBeHidden();
  }

  await close();
});

test('pressing Message shows the other person nothing until the first message', async ({ browser }) => {
  const { r, jonasContext, threadline, close } = await cast(browser, 1280);
  const { id, name } = await threadline();
  const j = await jonasContext.newPage();
  await j.goto('/messages');
  await expectLive(j);
  const list = j.getByTestId('messages-page');
  const loaded = list.getByTestId('conversation-list').or(list.getByText('No conversations yet'));
  await expect(loaded).toBeVisible();
  const cards = await recordShown(j, CARD);

  await openThreadline(r, id, name);
  await r.getByRole('button', { name: '3 members' }).click();
  await r
    .getByRole('dialog', { name: /Members/ })
    .getByRole('button', { name: 'Message Jonas Polish' })
    .click();
  const open = thread(modal(r), 'Jonas Polish');
  await expect(messageField(open)).toBeFocused();
  // Jonas reloads his list: nothing there yet.
  await j.reload();
  await expect(loaded).toBeVisible();
  await expect(item(list, 'Ines Polish', name)).toHaveCount(0);

  await messageField(open).fill('Welcome, Jonas');
  await messageField(open).press('Enter');
  // The first message brings it, live, with its unread count and card.
  await expect(item(list, 'Ines Polish', name)).toContainText('Welcome, Jonas');
  await expect(notificationCard(j)).toContainText('New message from Ines');
  expect(cards.map((c) => c.text).filter((t) => !t.includes('Ines'))).toEqual([]);

  await close();
});
