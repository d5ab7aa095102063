// Calmer direct messages (issue 25 item 7), two people and more in their own browsers at 1280 and 360 px:
// no "New message" card over the conversation being read on /messages (another conversation's message still
// raises one), opening the modal puts the focus in the message box, links in messages are clickable like
// in posts, and pressing Message shows the other person nothing until the first message. axe on each.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, recordShown } from './helpers.ts';
import { expectLive, messageField, messageIn, modal, notificationCard, thread } from './messages-helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  apiUserId,
  openThreadline,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

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
async function apiMessage(page: Page, timelineId: string, recipientId: string, content: string) {
  const started = await page.request.post('/api/conversations', { data: { timelineId, recipientId } });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { id } = (await started.json()) as { id: string };
  const sent = await page.request.post(`/api/conversations/${id}/messages`, { data: { content } });
  expect(sent.status(), await sent.text()).toBe(201);
  return id;
}

/** Three people: the reader (owner of a new threadline, `width` px wide) and two members. */
async function cast(browser: Parameters<typeof signedInAs>[0], width: number) {
  const reader = await signedInAs(browser, await sharedAccount(browser, 'Ines', 'Polish'), width);
  const jonas = await signedInAs(browser, await sharedAccount(browser, 'Jonas', 'Polish'));
  const kira = await signedInAs(browser, await sharedAccount(browser, 'Kira', 'Polish'));
  const name = uniqueName('Calm');
  const { id, joinCode } = await apiCreateTimeline(reader.page, name);
  await apiJoin(jonas.page, joinCode);
  await apiJoin(kira.page, joinCode);
  const readerId = await apiUserId(reader.page);
  const close = async () => {
    for (const p of [reader, jonas, kira]) await p.context.close();
  };
  return { reader, jonas, kira, name, id, readerId, close };
}

for (const width of [1280, 360]) {
  test(`${width} px: on /messages no card over the open conversation, one for another; links clickable`, async ({
    browser,
  }) => {
    const { reader, jonas, kira, name, id, readerId, close } = await cast(browser, width);
    await apiMessage(jonas.page, id, readerId, 'Hello from Jonas');
    await apiMessage(kira.page, id, readerId, 'Hello from Kira');
    const r = reader.page;
    await expectLive(r);

    // The way a person gets there: the modal, a conversation, Full Screen.
    await openMessages(r, width);
    await item(modal(r), 'Jonas Polish', name).click();
    await expect(messageIn(thread(modal(r), 'Jonas Polish'), 'Hello from Jonas')).toBeVisible();
    await modal(r).getByRole('button', { name: 'Full Screen' }).click();
    await expect(modal(r)).toBeHidden();
    const page = r.getByTestId('messages-page');
    const open = thread(page, 'Jonas Polish');
    await expect(messageIn(open, 'Hello from Jonas')).toBeVisible();

    const cards = await recordShown(r, CARD);
    // A message in the open conversation shows in it, and raises no card.
    await apiMessage(jonas.page, id, readerId, 'The guide: https://example.org/guide.');
    const link = open.getByRole('link', { name: 'https://example.org/guide' });
    await expect(link).toBeVisible();
    // The barrier: a message in another conversation, sent after it, raises its card (the socket is one
    // ordered path, so a card for the first would have come before this one).
    await apiMessage(kira.page, id, readerId, 'Over here');
    await expect(notificationCard(r)).toContainText('New message from Kira');
    expect(cards.map((c) => c.text).filter((text) => text.includes('Jonas'))).toEqual([]);
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
    await expectAccessible(r);
    // Not a sentence's full stop, nor javascript: or bare words.
    await apiMessage(jonas.page, id, readerId, 'javascript:alert(1) and www.example.org stay text');
    await expect(messageIn(open, 'javascript:alert(1) and www.example.org stay text')).toBeVisible();
    await expect(open.getByRole('link')).toHaveCount(2);

    await close();
  });

  test(`${width} px: opening the modal puts the focus in the message box, not on Full Screen`, async ({
    browser,
  }) => {
    const { reader, jonas, name, id, readerId, close } = await cast(browser, width);
    const r = reader.page;
    await expectLive(r);

    // From a notification's View.
    await apiMessage(jonas.page, id, readerId, 'Knock knock');
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

    await close();
  });
}

test('pressing Message shows the other person nothing until the first message', async ({ browser }) => {
  const { reader, jonas, name, id, close } = await cast(browser, 1280);
  const j = jonas.page;
  await expectLive(j);
  await j.goto('/messages');
  const list = j.getByTestId('messages-page');
  const loaded = list.getByTestId('conversation-list').or(list.getByText('No conversations yet'));
  await expect(loaded).toBeVisible();
  const cards = await recordShown(j, CARD);

  const r = reader.page;
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
