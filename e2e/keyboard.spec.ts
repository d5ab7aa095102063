// Keyboard-only journeys (Tab, Enter, Space, Escape; arrow keys inside menus): create, join, approve and
// block, with where focus is after each step, and toasts that stay reachable above dialogs.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ALREADY_MEMBER } from '../client/features/home/api/join-timeline.ts';
import { PLAN_LIMITS } from '../common/plans.ts';
import { expectAccessible, expectNoSideScroll, pauseClock, pressUntilFocused, tabTo } from './helpers.ts';
import {
  type Account,
  apiCreateTimeline,
  apiJoin,
  apiRequireApproval,
  expectToast,
  openThreadline,
  sharedAccount,
  signedInAs,
  toastWith,
  uniqueName,
} from './timeline-helpers.ts';

let owner: Account;
let joiner: Account;
let bob: Account;
let mia: Account;
test.beforeAll(async ({ browser }) => {
  owner = await sharedAccount(browser, 'Kay');
  joiner = await sharedAccount(browser, 'Jo');
  bob = await sharedAccount(browser, 'Bob', 'Member');
  mia = await sharedAccount(browser, 'Mia');
});

/** Opens a dialog or menu from `opener` by keyboard, checks it with axe, and Escape gives focus back. */
async function openCheckAndEscape(page: Page, opener: Locator, popup: Locator) {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await expect(popup).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();
}

for (const width of [1280, 360]) {
  test(`keyboard: create a threadline, join it, and join it again (${width} px)`, async ({ browser }) => {
    const o = await signedInAs(browser, owner, width);
    const create = o.page.getByRole('button', { name: 'Create Threadline' });
    await tabTo(o.page, create);
    await o.page.keyboard.press('Enter');
    const dialog = o.page.getByRole('dialog', { name: 'Create Threadline' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expectAccessible(o.page);
    const name = uniqueName('Keys Club');
    await o.page.keyboard.type(name);
    await o.page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // The new threadline opens (issue 25): focus starts at its heading, as after any keyboard navigation.
    await expect(o.page).toHaveURL(/\/timeline\/[0-9a-f-]{36}$/);
    await expect(o.page.getByRole('heading', { level: 1, name })).toBeFocused();
    const created = toastWith(o.page, 'Threadline Created');
    await expect(created).toBeVisible();
    const code = /Join code: (\w+)/.exec((await created.textContent()) ?? '')![1]!;

    const j = await signedInAs(browser, joiner, width);
    const join = j.page.getByRole('button', { name: 'Join Threadline' });
    for (const toast of ['Joined threadline successfully!', ALREADY_MEMBER]) {
      await j.page.goto('/');
      await tabTo(j.page, join);
      await j.page.keyboard.press('Space');
      await expect(j.page.getByLabel('Join Code')).toBeFocused();
      await j.page.keyboard.type(code.toLowerCase());
      await j.page.keyboard.press('Enter');
      await expect(j.page).toHaveURL(/\/timeline\/[0-9a-f-]{36}$/);
      // The dialog's button is gone with the dashboard: focus starts at the threadline's heading.
      await expect(j.page.getByRole('heading', { level: 1, name })).toBeFocused();
      await expectToast(j.page, toast);
    }
    await expect(toastWith(j.page, 'Joined threadline successfully!')).toHaveCount(0);
    await expectNoSideScroll(j.page);

    // Leave, then think better of it; then the messaging modal from the header.
    await openCheckAndEscape(
      j.page,
      j.page.getByRole('button', { name: 'Leave' }),
      j.page.getByRole('alertdialog', { name: 'Leave Threadline' }),
    );
    await j.page.goto('/');
    const messages = j.page.getByRole('dialog', { name: 'Messages' });
    if (width >= 768) {
      await openCheckAndEscape(j.page, j.page.getByRole('button', { name: 'Messages' }), messages);
    } else {
      // Narrow screens keep the header's actions in a Menu: the modal gives focus back to that button.
      const menu = j.page.getByRole('button', { name: 'Menu' });
      await tabTo(j.page, menu);
      await j.page.keyboard.press('Enter');
      await pressUntilFocused(j.page, 'ArrowDown', j.page.getByRole('menuitem', { name: 'Messages' }));
      await j.page.keyboard.press('Enter');
      await expect(messages).toBeVisible();
      await expectAccessible(j.page);
      await j.page.keyboard.press('Escape');
      await expect(messages).toBeHidden();
      await expect(menu).toBeFocused();
    }
    await o.context.close();
    await j.context.close();
  });

  test(`keyboard: approve a request and block a member, focus back where it was (${width} px)`, async ({
    browser,
  }) => {
    const o = await signedInAs(browser, owner, width, ['clipboard-read', 'clipboard-write']);
    const { page } = o;
    const name = uniqueName('Keys Garden');
    const { id, joinCode } = await apiCreateTimeline(page, name);
    await apiCreateTimeline(page, uniqueName('Keys Other'));
    const m = await signedInAs(browser, mia, width);
    await apiJoin(m.page, joinCode);
    await apiRequireApproval(page, id);
    const b = await signedInAs(browser, bob, width);
    await apiJoin(b.page, joinCode, 'Hello from Bob');

    await openThreadline(page, id, name);
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    await expectNoSideScroll(page);

    // The switcher menu keeps the page accessible while open, and Escape gives focus back to it.
    await openCheckAndEscape(
      page,
      page.getByRole('button', { name: 'Switch Threadline' }),
      page.getByRole('menu'),
    );

    // Approve from the settings menu's Manage Join Requests.
    const settings = page.getByRole('button', { name: 'Threadline settings' });
    await tabTo(page, settings);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Manage Permissions' })).toBeFocused();
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Manage Join Requests' }));
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Manage Join Requests' });
    await expect(panel.getByText('Hello from Bob')).toBeVisible();
    // One name and one pair of initials for a person, here and in the members list.
    await expect(panel.getByText('Bob Member', { exact: true })).toBeVisible();
    await expect(panel.getByText('BM', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await tabTo(page, panel.getByRole('button', { name: 'Approve Bob Member' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Approve Join Request' });
    await expect(confirm.getByLabel('Response Message')).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.type('Welcome, Bob');
    await tabTo(page, confirm.getByRole('button', { name: 'Approve' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Request Approved');
    await expect(confirm).toBeHidden();
    // Bob's row left the pending list, so focus goes to the dialog it was in.
    await expect(panel).toBeFocused();
    // A toast is showing, yet Escape closes the dialog, and focus goes back to the menu's button.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toastWith(page, 'Request Approved')).toBeVisible();
    await expect(settings).toBeFocused();

    // Members: the owner copies the join code here, then removes and blocks Mia.
    const membersButton = page.getByRole('button', { name: '3 members' });
    await tabTo(page, membersButton);
    await page.keyboard.press('Enter');
    const members = page.getByRole('dialog', { name: 'Threadline Members' });
    await expect(members.getByText('Bob Member', { exact: true })).toBeVisible();
    await expect(members.getByText('BM', { exact: true })).toBeVisible();
    await expect(members.getByTestId('join-code')).toHaveText(joinCode);
    await tabTo(page, members.getByRole('button', { name: 'Copy join code' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Join code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(joinCode);
    await expectAccessible(page);

    const remove = members.getByRole('button', { name: 'Remove & Block Mia' });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const block = page.getByRole('alertdialog', { name: 'Remove & Block Member' });
    await expect(block.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(block).toBeHidden();
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await tabTo(page, block.getByLabel('Reason (optional)'), { back: true });
    await page.keyboard.type('Off-topic');
    await tabTo(page, block.getByRole('button', { name: 'Remove & Block' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Member Blocked');
    await expect(block).toBeHidden();
    await expect(members).toBeFocused();
    await expect(members.getByText('Mia', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(members).toBeHidden();
    await expect(page.getByRole('button', { name: '2 members' })).toBeFocused();

    for (const person of [o, m, b]) await person.context.close();
  });
}

test('keyboard: the plan-limit toast over the Create dialog is announced and reachable', async ({
  browser,
}) => {
  const person = await signedInAs(browser, await sharedAccount(browser, 'Lim'));
  const { page } = person;
  const limit = PLAN_LIMITS.free.maxTimelines;
  for (let i = 1; i <= limit; i++) await apiCreateTimeline(page, `Limit ${i}`);
  // The toast lives 5 s on the page's clock, which flows as usual except while it is paused below.
  await page.clock.install();
  await page.reload();

  const create = page.getByRole('button', { name: 'Create Threadline' });
  const dialog = page.getByRole('dialog', { name: 'Create Threadline' });
  const tryCreate = async () => {
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('One too many');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Threadline Limit Reached');
  };

  // Escape closes the dialog, not the toast: checked on a paused clock, so the toast cannot simply expire.
  await tryCreate();
  await pauseClock(page);
  await page.keyboard.press('Escape');
  // Radix hands focus back in a timer: 100 ms of the toast's 5 s pass.
  await page.clock.runFor(100);
  await expect(dialog).toBeHidden();
  await expect(toastWith(page, 'Threadline Limit Reached')).toBeVisible();
  await expect(create).toBeFocused();
  await page.clock.resume();

  // F8 reaches the toast over the open dialog; focus inside the toast region holds it open (axe needs a real
  // clock and may take longer than its 5 s on a slow machine).
  await tryCreate();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('list')).toBeFocused();
  await expect(dialog).toBeVisible();
  // Not hidden from assistive technology: role queries (which skip aria-hidden) find it.
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Upgrade Plan' }),
  ).toBeVisible();
  await expectAccessible(page);
  await tabTo(page, page.getByRole('button', { name: 'Upgrade Plan' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/billing');
  await person.context.close();
});
