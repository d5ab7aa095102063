// Who may post and comment in the feed (spec 001 §5-§6, DECISIONS §5): participants follow the owner's
// switches, viewers read and react only.
import { expect, test } from '@playwright/test';
import { tabTo } from './helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiSetRole,
  apiUserId,
  expectToast,
  openThreadline,
  postCard,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

test('participant comments and posts switched off, then a viewer', async ({ browser }) => {
  test.setTimeout(60_000);
  const o = await signedInAs(browser, await sharedAccount(browser, 'Olive', 'Owner'));
  const m = await signedInAs(browser, await sharedAccount(browser, 'Vic', 'Member'));
  const name = uniqueName('Quiet Club');
  const { id, joinCode } = await apiCreateTimeline(o.page, name);
  await apiJoin(m.page, joinCode);
  const memberId = await apiUserId(m.page);
  await apiPost(o.page, id, 'House rules are pinned soon');

  // This member's page stays as it loaded (its socket hears nothing), so the server's refusal is what
  // tells it; e2e/realtime-feed.spec.ts has the live page following the switches.
  await m.context.routeWebSocket(/\/ws$/, () => {});
  await openThreadline(m.page, id, name);
  const post = postCard(m.page, 'House rules');
  await expect(post.getByRole('textbox', { name: 'Write a comment' })).toBeVisible();
  await expect(m.page.getByRole('textbox', { name: 'Write a post' })).toBeVisible();

  // The owner turns participants' comments off in Manage Permissions.
  await openThreadline(o.page, id, name);
  await o.page.getByRole('button', { name: 'Threadline settings' }).click();
  await o.page.getByRole('menuitem', { name: 'Manage Permissions' }).click();
  const dialog = o.page.getByRole('dialog', { name: 'Threadline Permissions' });
  await dialog.getByRole('switch', { name: 'Allow participants to comment' }).click();
  await expectToast(o.page, 'Success');
  await dialog.getByRole('switch', { name: 'Allow participants to post' }).click();
  await expect(dialog.getByRole('switch', { name: 'Allow participants to post' })).not.toBeChecked();
  await o.page.keyboard.press('Escape');
  // The owner still comments.
  await expect(
    postCard(o.page, 'House rules').getByRole('textbox', { name: 'Write a comment' }),
  ).toBeVisible();

  // The member's page is from before: the server refuses, and the toasts carry its words.
  await m.page.getByRole('textbox', { name: 'Write a post' }).fill('Too late?');
  await m.page.getByRole('button', { name: 'Post', exact: true }).click();
  await expectToast(m.page, 'Posting is currently disabled for participants in this threadline.');
  // ...and the page catches up with the new rules without a reload.
  await expect(
    m.page
      .getByRole('main')
      .getByText('Posting is currently disabled for participants in this threadline.', { exact: true }),
  ).toBeVisible();
  await m.page.reload();
  await expect(post).toBeVisible();
  await expect(post.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await expect(m.page.getByRole('textbox', { name: 'Write a post' })).toHaveCount(0);
  await expect(
    m.page.getByText('Posting is currently disabled for participants in this threadline.'),
  ).toBeVisible();

  // As a viewer: no composer, no comment box, no notice for participants; reacting still works.
  await apiSetRole(o.page, id, memberId, 'viewer');
  await m.page.reload();
  await expect(post).toBeVisible();
  await expect(m.page.getByRole('textbox', { name: 'Write a post' })).toHaveCount(0);
  await expect(post.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await expect(m.page.getByText('Posting is currently disabled for participants')).toHaveCount(0);
  const like = post.getByRole('button', { name: /^Like/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  // The picker by keyboard: Enter opens it on the first emoji, arrows move, Enter picks, focus comes back.
  const picker = post.getByRole('button', { name: 'Add reaction' });
  await tabTo(m.page, picker);
  await m.page.keyboard.press('Enter');
  await expect(m.page.getByRole('menuitem', { name: 'React with 👍' })).toBeFocused();
  // The grid moves in two dimensions (issue 25 item 8): the next emoji in its row.
  await m.page.keyboard.press('ArrowRight');
  await expect(m.page.getByRole('menuitem', { name: 'React with 😂' })).toBeFocused();
  await m.page.keyboard.press('Enter');
  await expect(post.getByRole('button', { name: /😂/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(picker).toBeFocused();
  await o.context.close();
  await m.context.close();
});
