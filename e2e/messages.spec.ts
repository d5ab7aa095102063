// Direct messages (issue 12; spec 000 §2, §4; 001 §6): starting a conversation from the members list, two
// people writing live in the modal, the header's unread badge and the notification card, who may message
// whom, Full Screen and Modal View, one pane at 360 px, and axe on the modal and the Messages page.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers.ts';
import { expectNoHorizontalScroll } from './layout-helpers.ts';
import { expectLive, messageField, messageIn, modal, notificationCard, thread } from './messages-helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  openThreadline,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

/**
 * The header's Messages button (wide screens), with or without its unread count in the name; found while a
 * modal hides the rest of the page from assistive technology too.
 */
const messagesButton = (page: Page): Locator =>
  page.locator('header').getByRole('button', { name: /^Messages(, \d+ unread)?$/, includeHidden: true });

async function send(scope: Locator, text: string) {
  await messageField(scope).fill(text);
  await messageField(scope).press('Enter');
  await expect(messageIn(scope, text)).toBeVisible();
}

async function openMembers(page: Page, count: number) {
  await page.getByRole('button', { name: `${count} members` }).click();
  const dialog = page.getByRole('dialog', { name: 'Threadline Members' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the owner starts a conversation from the members list; both write live; badge, card, Full Screen and back', async ({
  browser,
}) => {
  const owner = await signedInAs(browser, await sharedAccount(browser, 'Mara', 'Msg'));
  const member = await signedInAs(browser, await sharedAccount(browser, 'Nico', 'Msg'));
  const name = uniqueName('Letters');
  const { id, joinCode } = await apiCreateTimeline(owner.page, name);
  await apiJoin(member.page, joinCode);
  const o = owner.page;
  const m = member.page;
  await expectLive(m);
  let memberLoads = 0;
  m.on('load', () => memberLoads++);

  // The owner: Threadline Members -> Message Nico -> the modal opens on the new conversation.
  await openThreadline(o, id, name);
  const members = await openMembers(o, 2);
  await expect(members.getByRole('button', { name: 'Message Mara Msg' })).toHaveCount(0);
  // Message, the role select and Remove & Block on one row leave the name its width (one line).
  const nicoName = members.getByText('Nico Msg', { exact: true });
  const lineHeight = await nicoName.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
  expect((await nicoName.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  await members.getByRole('button', { name: 'Message Nico Msg' }).click();
  await expect(members).toBeHidden();
  const oModal = modal(o);
  await expect(oModal).toBeVisible();
  const oThread = thread(oModal, 'Nico Msg');
  await expect(oThread).toBeVisible();
  await expect(oThread.getByTestId('message-list').getByText('No messages yet')).toBeVisible();
  // The focus went into the modal (the members dialog did not take it back to its opener).
  await expect(messageField(oThread)).toBeFocused();
  await send(oModal, 'Hello Nico, welcome aboard');

  // Nico, on the dashboard: the header's badge and a card, without a reload.
  await expect(m.getByRole('button', { name: 'Messages, 1 unread' })).toBeVisible();
  const note = notificationCard(m);
  await expect(note).toContainText('New message from Mara');
  await note.getByRole('button', { name: 'View' }).click();
  const mModal = modal(m);
  await expect(thread(mModal, 'Mara Msg')).toBeVisible();
  await expect(messageIn(mModal, 'Hello Nico, welcome aboard')).toBeVisible();
  // Opened, so read: the badge clears.
  // (The open modal hides the header from the accessibility tree, so its parts are checked instead.)
  await expect(messagesButton(m)).toHaveText('Messages');
  await expect(messagesButton(m)).not.toHaveAttribute('aria-label');
  await expectAccessible(m);

  // Nico answers; Mara's open modal shows it (the socket, else the 5 s poll), with no card for her.
  await send(mModal, 'Thanks Mara!');
  await expect(messageIn(oModal, 'Thanks Mara!')).toBeVisible();
  await expect(notificationCard(o)).toHaveCount(0);
  // And back again, while Nico's modal is open: no card for him either.
  await send(oModal, 'See you Saturday');
  await expect(messageIn(mModal, 'See you Saturday')).toBeVisible();
  await expect(notificationCard(m)).toHaveCount(0);
  expect(memberLoads).toBe(0);

  // Full Screen: /messages on the same conversation, the parameter removed from the address.
  await oModal.getByRole('button', { name: 'Full Screen' }).click();
  await expect(oModal).toBeHidden();
  await expect(o).toHaveURL(/\/messages$/);
  const page = o.getByTestId('messages-page');
  await expect(thread(page, 'Nico Msg')).toBeVisible();
  await expect(messageIn(page, 'Thanks Mara!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Threadline' })).toBeVisible();
  await expectAccessible(o);
  // Modal View: home, with the modal open on it again.
  await page.getByRole('button', { name: 'Modal View' }).click();
  await expect(o).toHaveURL(/\/$/);
  await expect(thread(modal(o), 'Nico Msg')).toBeVisible();

  await owner.context.close();
  await member.context.close();
});

test('a participant may message only the owner, and not once the owner turns participant messaging off', async ({
  browser,
}) => {
  const owner = await signedInAs(browser, await sharedAccount(browser, 'Olga', 'Msg'));
  const part = await signedInAs(browser, await sharedAccount(browser, 'Pia', 'Msg'));
  const other = await signedInAs(browser, await sharedAccount(browser, 'Quin', 'Msg'));
  const name = uniqueName('Rules');
  const { id, joinCode } = await apiCreateTimeline(owner.page, name);
  await apiJoin(part.page, joinCode);
  await apiJoin(other.page, joinCode);
  await other.context.close();

  const p = part.page;
  await openThreadline(p, id, name);
  let members = await openMembers(p, 3);
  await expect(members.getByRole('button', { name: /^Message / })).toHaveCount(1);
  await members.getByRole('button', { name: 'Message Olga Msg' }).click();
  await expect(thread(modal(p), 'Olga Msg')).toBeVisible();
  await p.keyboard.press('Escape');
  await expect(modal(p)).toBeHidden();

  const res = await owner.page.request.patch(`/api/timelines/${id}/permissions`, {
    data: { allowParticipantMessaging: false },
  });
  expect(res.ok(), await res.text()).toBe(true);
  // The page follows the permission change (socket); the members list no longer offers it.
  members = await openMembers(p, 3);
  await expect(members.getByRole('button', { name: /^Message / })).toHaveCount(0);

  await owner.context.close();
  await part.context.close();
});

test('at 360 px one pane shows at a time, with a way back to the list and no sideways scroll', async ({
  browser,
}) => {
  const owner = await signedInAs(browser, await sharedAccount(browser, 'Rhea', 'Msg'));
  const member = await signedInAs(browser, await sharedAccount(browser, 'Sami', 'Msg'), 360);
  const name = uniqueName('Narrow');
  const { id, joinCode } = await apiCreateTimeline(owner.page, name);
  await apiJoin(member.page, joinCode);
  const memberId = ((await (await member.page.request.get('/api/auth/user')).json()) as { id: string }).id;
  const started = await owner.page.request.post('/api/conversations', {
    data: { timelineId: id, recipientId: memberId },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id: conversationId } = (await started.json()) as { id: string };
  const sent = await owner.page.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content: 'A long way to scroll on a small screen' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await owner.context.close();

  const m = member.page;
  await m.goto('/messages');
  const page = m.getByTestId('messages-page');
  const list = page.getByTestId('conversation-list');
  const item = list.getByRole('button', { name: new RegExp(`^Rhea Msg \\(${name}\\), 1 unread`) });
  await expect(item).toBeVisible();
  await expect(page.getByText('Select a conversation', { exact: true })).toBeHidden();
  await expectNoHorizontalScroll(m, 'Messages list');
  await item.click();
  await expect(messageIn(page, 'A long way to scroll on a small screen')).toBeVisible();
  await expect(list).toBeHidden();
  await expectNoHorizontalScroll(m, 'Messages thread');
  await expectAccessible(m);
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(list).toBeVisible();
  await expect(list.getByRole('button', { name: `Rhea Msg (${name})` })).toBeFocused();

  // The modal at 360 px: the same single pane.
  await m.getByRole('button', { name: /^Menu/ }).click();
  await m.getByRole('menuitem', { name: 'Messages' }).click();
  const dialog = modal(m);
  await expect(dialog.getByTestId('conversation-list')).toBeVisible();
  await dialog.getByRole('button', { name: `Rhea Msg (${name})` }).click();
  await expect(messageIn(dialog, 'A long way to scroll on a small screen')).toBeVisible();
  await expect(dialog.getByTestId('conversation-list')).toBeHidden();
  await expectNoHorizontalScroll(m, 'messaging modal');
  await dialog.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(dialog.getByTestId('conversation-list')).toBeVisible();

  await member.context.close();
});
