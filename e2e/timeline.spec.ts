import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  apiJoinResponse,
  cardNamed,
  expectToast,
  openThreadline,
  signedInPerson,
  uniqueName,
} from './timeline-helpers.ts';

test('approval on, a request, approved from the panel; the requester gets in', async ({ browser }) => {
  const owner = await signedInPerson(browser, 'Olive');
  const name = uniqueName('Book Club');
  const { id, joinCode } = await apiCreateTimeline(owner.page, name, 'Monthly reads');
  const { page } = owner;
  await openThreadline(page, id, name);
  await expect(page.getByText('No posts yet')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Threadline settings' }).click();
  await page.getByRole('menuitem', { name: 'Manage Permissions' }).click();
  const permissions = page.getByRole('dialog', { name: 'Threadline Permissions' });
  await expect(permissions.getByRole('switch', { name: 'Allow participants to post' })).toBeChecked();
  await expectAccessible(page);
  const approval = permissions.getByRole('switch', { name: 'Require approval to join' });
  await expect(approval).not.toBeChecked();
  await approval.click();
  await expect(approval).toBeChecked();
  await expectToast(page, 'Success');
  // A toast is showing; Escape still closes the dialog.
  await page.keyboard.press('Escape');
  await expect(permissions).toBeHidden();

  const requester = await signedInPerson(browser, 'Rex');
  const joined = await apiJoin(requester.page, joinCode, 'Hi, let me in');
  expect(joined).toMatchObject({ requiresApproval: true, status: 'pending' });
  const other = await signedInPerson(browser, 'Sue');
  await apiJoin(other.page, joinCode);

  await page.getByRole('button', { name: 'Threadline settings' }).click();
  await page.getByRole('menuitem', { name: 'Manage Join Requests' }).click();
  const panel = page.getByRole('dialog', { name: 'Manage Join Requests' });
  await expect(panel.getByText('Hi, let me in')).toBeVisible();
  await expect(panel.getByText(requester.email)).toBeVisible();
  await expect(panel.getByText('Select All (0/2)')).toBeVisible();
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Approve Rex' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve Join Request' });
  await expect(confirm.getByLabel('Response Message')).toHaveAttribute(
    'placeholder',
    'Welcome to the threadline!',
  );
  await confirm.getByLabel('Response Message').fill('  Welcome aboard  ');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Request Approved');
  await expect(panel.getByText('Select All (0/1)')).toBeVisible();

  // Bulk: select all, reject with one message, and the selection is cleared.
  await panel.getByText('Select All (0/1)').click();
  await panel.getByLabel('Response Message').fill('Members only, sorry');
  await panel.getByRole('button', { name: 'Reject (1)' }).click();
  await expectToast(page, 'Requests Rejected');
  await expect(panel.getByText('No pending join requests')).toBeVisible();
  const theirs = await other.page.request.get('/api/my-join-requests');
  expect(await theirs.json()).toEqual([
    expect.objectContaining({ status: 'rejected', responseMessage: 'Members only, sorry' }),
  ]);
  await panel.getByRole('button', { name: 'Approved' }).click();
  await expect(panel.getByText('Welcome aboard')).toBeVisible();
  await expect(panel.getByText(/Processed/)).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: '2 members' })).toBeVisible();

  // The requester sees the approval in My Join Requests and opens the threadline from there.
  const r = requester.page;
  await r.goto('/my-requests');
  const card = cardNamed(r, name);
  await expect(card).toContainText('Approved');
  await expect(card).toContainText('Welcome aboard');
  await card.getByRole('button', { name: `View ${name}` }).click();
  await expect(r).toHaveURL(`/timeline/${id}`);
  await expect(r.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(requester.page.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(requester.page.getByRole('button', { name: 'Threadline settings' })).toHaveCount(0);

  // The page fits a 360 px screen.
  await requester.page.setViewportSize({ width: 360, height: 740 });
  const overflow = await requester.page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await owner.context.close();
  await requester.context.close();
  await other.context.close();
});

test('role change, remove and block with a reason, then unblock', async ({ browser }) => {
  const owner = await signedInPerson(browser, 'Otto');
  const member = await signedInPerson(browser, 'Mia');
  const name = uniqueName('Garden');
  const { id, joinCode } = await apiCreateTimeline(owner.page, name);
  expect(await apiJoin(member.page, joinCode)).toMatchObject({ status: 'joined' });

  const { page } = owner;
  await openThreadline(page, id, name);
  await page.getByRole('button', { name: '2 members' }).click();
  const members = page.getByRole('dialog', { name: 'Threadline Members' });
  await expect(members.getByText(member.email)).toBeVisible();
  await expectAccessible(page);

  await members.getByRole('combobox', { name: 'Role for Mia' }).click();
  await page.getByRole('option', { name: 'Moderator' }).click();
  await expectToast(page, 'Success');
  const asMember = await member.page.request.get(`/api/timelines/${id}`);
  expect((await asMember.json()).member.role).toBe('moderator');
  await openThreadline(member.page, id, name);
  await expect(member.page.getByRole('button', { name: /Join Requests/ })).toBeVisible();

  await members.getByRole('button', { name: 'Remove & Block Mia' }).click();
  const block = page.getByRole('alertdialog', { name: 'Remove & Block Member' });
  await block.getByLabel('Reason (optional)').fill('  Off-topic posts  ');
  await block.getByRole('button', { name: 'Remove & Block' }).click();
  await expectToast(page, 'Member Blocked');
  await expect(members.getByText(member.email)).toBeHidden();

  await member.page.goto(`/timeline/${id}`);
  await expect(member.page).toHaveURL('/');
  await expectToast(member.page, 'Threadline Not Found');
  const refused = await apiJoinResponse(member.page, joinCode);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain('You are blocked');

  await members.getByRole('tab', { name: 'Blocked' }).click();
  await expect(members.getByText('Reason: Off-topic posts')).toBeVisible();
  await members.getByRole('button', { name: 'Unblock Mia' }).click();
  await expectToast(page, 'User Unblocked');
  await expect(members.getByText('No blocked users')).toBeVisible();
  expect((await apiJoin(member.page, joinCode)).status).toBe('joined');

  await owner.context.close();
  await member.context.close();
});

test('switch threadlines, leave one, and delete one', async ({ browser }) => {
  const owner = await signedInPerson(browser, 'Ona');
  const member = await signedInPerson(browser, 'Leo');
  const first = uniqueName('Trips');
  const second = uniqueName('Recipes');
  const a = await apiCreateTimeline(owner.page, first);
  const b = await apiCreateTimeline(owner.page, second, 'Family favourites');
  await apiJoin(member.page, a.joinCode);

  // Leave: the copy says what stays and how to come back.
  await openThreadline(member.page, a.id, first);
  await member.page.getByRole('button', { name: 'Leave' }).click();
  const leave = member.page.getByRole('alertdialog', { name: 'Leave Threadline' });
  await expect(leave).toContainText('Your posts and comments will stay');
  await expect(leave).toContainText('same join code');
  await leave.getByRole('button', { name: 'Leave Threadline' }).click();
  await expect(member.page).toHaveURL('/');
  await expectToast(member.page, 'Left Threadline');

  // Switch from the first threadline to the second.
  const { page } = owner;
  await openThreadline(page, a.id, first);
  await page.getByRole('button', { name: 'Switch Threadline' }).click();
  await expect(page.getByText('Your Other Threadlines')).toBeVisible();
  await page.getByRole('menuitem', { name: new RegExp(second) }).click();
  await expect(page).toHaveURL(`/timeline/${b.id}`);
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await expect(page.getByText('Family favourites')).toBeVisible();

  // Archived: a member is sent home, the owner reads it with write actions hidden.
  await apiJoin(member.page, b.joinCode);
  expect((await page.request.post(`/api/timelines/${b.id}/archive`)).status()).toBe(200);
  await member.page.goto(`/timeline/${b.id}`);
  await expect(member.page).toHaveURL('/');
  await expectToast(member.page, 'Threadline Archived');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Archived', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Threadline settings' }).click();
  await expect(page.getByRole('menuitem', { name: 'Manage Permissions' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Delete Threadline' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Threadline' });
  await confirm.getByRole('button', { name: 'Delete Threadline' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, 'Threadline Deleted');
  const deleted = await page.request.get('/api/user/timelines?filter=deleted');
  expect(await deleted.json()).toEqual([expect.objectContaining({ id: b.id, state: 'deleted' })]);

  await page.goto(`/timeline/${b.id}`);
  await expect(page).toHaveURL('/');
  await expectToast(page, 'Threadline Not Found');

  await owner.context.close();
  await member.context.close();
});
