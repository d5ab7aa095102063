// Dashboard and My Join Requests journeys (spec 000 §2, §8), two people in two browser contexts.
import { expect, test } from '@playwright/test';
import { PLAN_LIMITS } from '../common/plans.ts';
import { expectAccessible } from './helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  apiRejectPending,
  apiRequireApproval,
  cardNamed,
  cards,
  expectToast,
  signedInPerson,
  toastWith,
} from './timeline-helpers.ts';

test('create a threadline, copy its code, and another person joins with it', async ({ browser }) => {
  const owner = await signedInPerson(browser, 'Ada', ['clipboard-read', 'clipboard-write']);
  const member = await signedInPerson(browser, 'Grace');
  const { page } = owner;
  const name = `Garden Club ${Date.now()}`;

  // Registered a moment ago: welcomed, not welcomed back (issue 25).
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  await expect(page.getByText('No active threadlines')).toBeVisible();

  // An empty name is refused before any call.
  await page.getByRole('button', { name: 'Create Threadline' }).click();
  const create = page.getByRole('dialog', { name: 'Create Threadline' });
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Create Threadline' }).click();
  await expect(create.getByLabel('Name')).toHaveAccessibleDescription('Please enter a threadline name');

  await create.getByLabel('Name').fill(`  ${name}  `);
  await create.getByLabel('Description').fill('Tomatoes and tulips');
  await create.getByRole('button', { name: 'Create Threadline' }).click();
  await expect(create).toBeHidden();
  const created = toastWith(page, 'Threadline Created');
  await expect(created).toContainText('Threadline created successfully! Join code:');
  const toldCode = /Join code: (\w+)/.exec((await created.textContent()) ?? '')![1];
  // The new threadline opens (issue 25); back on the dashboard its card is there.
  await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();

  const card = cardNamed(page, name);
  await expect(card).toContainText('Tomatoes and tulips');
  await expect(card).toContainText('1 member');
  await expect(card.getByText('owner', { exact: true })).toBeVisible();
  const code = (await card.getByTestId('join-code').textContent())!.trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  expect(toldCode).toBe(code);

  await card.getByRole('button', { name: 'Copy join code' }).click();
  await expect(card.getByRole('button', { name: 'Copied join code' })).toBeVisible();
  await expectToast(page, 'Join code copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(card.getByRole('button', { name: 'Copy join code' })).toBeVisible({ timeout: 4000 });
  await expectAccessible(page);

  // The other person: an unknown code first, then the real one typed in lower case.
  const m = member.page;
  await m.getByRole('button', { name: 'Join Threadline' }).click();
  const join = m.getByRole('dialog', { name: 'Join Threadline' });
  await expectAccessible(m);
  await join.getByLabel('Join Code').fill('ZZZZ9999');
  await join.getByRole('button', { name: 'Join Threadline' }).click();
  // The server says "Invalid join code" (DECISIONS §5), so the spec's "check the code" error shows.
  await expect(toastWith(m, 'Error')).toContainText(
    'Failed to join threadline. Please check the code and try again.',
  );
  await join.getByLabel('Join Code').fill(code.toLowerCase());
  await expect(join.getByLabel('Join Code')).toHaveValue(code);
  await join.getByRole('button', { name: 'Join Threadline' }).click();
  await expect(m).toHaveURL(/\/timeline\/[0-9a-f-]{36}$/);
  await expectToast(m, 'Joined threadline successfully!');

  await m.goto('/');
  const seen = cardNamed(m, name);
  await expect(seen.getByText('participant', { exact: true })).toBeVisible();
  await expect(seen.getByTestId('join-code')).toHaveCount(0);
  await page.reload();
  await expect(cardNamed(page, name)).toContainText('2 members');

  await owner.context.close();
  await member.context.close();
});

test('approval, a rejected request, and retracting a pending one', async ({ browser }) => {
  const owner = await signedInPerson(browser, 'Olive');
  const requester = await signedInPerson(browser, 'Rex');
  const stamp = Date.now();
  const first = await apiCreateTimeline(owner.page, `Members Only ${stamp}`, 'Approval needed');
  const second = await apiCreateTimeline(owner.page, `Second Club ${stamp}`);
  await apiRequireApproval(owner.page, first.id);
  await apiRequireApproval(owner.page, second.id);

  // The request goes in; the dialog stays open, cleared, with the Request Pending panel.
  const r = requester.page;
  await r.getByRole('button', { name: 'Join Threadline' }).click();
  const join = r.getByRole('dialog', { name: 'Join Threadline' });
  await join.getByLabel('Join Code').fill(first.joinCode);
  await join.getByLabel('Message').fill('Hello, I am Rex');
  await join.getByRole('button', { name: 'Join Threadline' }).click();
  await expectToast(r, 'Join Request Submitted');
  await expect(join.getByText('Request Pending')).toBeVisible();
  await expect(join.getByLabel('Join Code')).toHaveValue('');
  await expect(r).toHaveURL('/');

  // The owner sees the purple badge, which opens the threadline.
  await owner.page.reload();
  const badge = cardNamed(owner.page, `Members Only ${stamp}`).getByRole('button', {
    name: '1 pending join request',
  });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(owner.page).toHaveURL(`/timeline/${first.id}`);

  // Rejected: My Join Requests says so, and joining again is refused with the rejection copy.
  await apiRejectPending(owner.page, first.id, 'Sorry, members only');
  await apiJoin(r, second.joinCode, 'Please let me in');
  await join.getByLabel('Join Code').fill(first.joinCode);
  await join.getByRole('button', { name: 'Join Threadline' }).click();
  await expect(toastWith(r, 'Join Request Rejected')).toContainText(
    'Your request to join this threadline was rejected.',
  );

  await r.goto('/my-requests');
  await expect(r.getByRole('heading', { name: 'My Join Requests' })).toBeVisible();
  const rejected = cardNamed(r, `Members Only ${stamp}`);
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText('Your message:');
  await expect(rejected).toContainText('Hello, I am Rex');
  await expect(rejected).toContainText('Response from threadline owner:');
  await expect(rejected).toContainText('Sorry, members only');
  await expect(rejected).toContainText(/Rejected (just now|1 minute ago)/);
  await expect(rejected.getByRole('button', { name: /Cancel Request/ })).toHaveCount(0);
  await expectAccessible(r);

  // Retract the pending one, keeping it once first.
  const pending = cardNamed(r, `Second Club ${stamp}`);
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText(/Requested (just now|1 minute ago)/);
  await pending.getByRole('button', { name: /Cancel Request/ }).click();
  const confirm = r.getByRole('alertdialog', { name: 'Cancel Join Request' });
  await expect(confirm).toContainText(
    "Are you sure you want to retract this join request? This action cannot be undone and you'll need to submit a new request if you want to join this threadline later.",
  );
  await expectAccessible(r);
  await confirm.getByRole('button', { name: 'Keep Request' }).click();
  await expect(confirm).toBeHidden();
  await pending.getByRole('button', { name: /Cancel Request/ }).click();
  await confirm.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(toastWith(r, 'Request Retracted')).toContainText(
    'Your join request has been successfully retracted.',
  );
  await expect(pending).toHaveCount(0);
  await expect(rejected).toBeVisible();

  await owner.context.close();
  await requester.context.close();
});

test('My Join Requests is empty for a newcomer and leads back home', async ({ browser }) => {
  const person = await signedInPerson(browser, 'Nia');
  const { page } = person;
  await page.getByRole('button', { name: 'My Requests' }).click();
  await expect(page.getByText('No join requests found')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Explore Threadlines' }).click();
  await expect(page).toHaveURL('/');
  await person.context.close();
});

test('archive and restore from the dashboard; a member sees who archived it', async ({ browser }) => {
  const owner = await signedInPerson(browser, 'Ada');
  const member = await signedInPerson(browser, 'Bob');
  const name = `Book Club ${Date.now()}`;
  const { joinCode } = await apiCreateTimeline(owner.page, name, 'Monthly reads');
  await apiJoin(member.page, joinCode);

  const page = owner.page;
  await page.reload();
  await cardNamed(page, name)
    .getByRole('button', { name: `Archive ${name}` })
    .click();
  await expectToast(page, 'Threadline Archived');
  await expect(cardNamed(page, name)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived' }).click();
  const archived = cardNamed(page, name);
  await expect(archived.getByText('Archived', { exact: true })).toBeVisible();
  await expect(archived.getByRole('button', { name: `Open ${name}` })).toBeEnabled();

  // The member: Archived tab, who archived it, and no way in.
  const m = member.page;
  await m.reload();
  await m.getByRole('tab', { name: 'Archived' }).click();
  const seen = cardNamed(m, name);
  await expect(seen).toContainText('Archived by Ada');
  await expect(seen.getByRole('button', { name: `Open ${name}` })).toBeDisabled();
  await expect(seen.getByRole('button', { name: /Restore/ })).toHaveCount(0);
  await expectAccessible(m);

  await archived.getByRole('button', { name: `Restore ${name}` }).click();
  await expectToast(page, 'Threadline Restored');
  await expect(archived).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(cardNamed(page, name).getByRole('button', { name: `Archive ${name}` })).toBeVisible();

  await owner.context.close();
  await member.context.close();
});

test('the 11th threadline shows the plan-limit toast; search, sort and collapse are remembered', async ({
  browser,
}) => {
  const person = await signedInPerson(browser, 'Lim');
  const { page } = person;
  const limit = PLAN_LIMITS.free.maxTimelines;
  for (let i = 1; i <= limit; i++) await apiCreateTimeline(page, `Limit ${String(i).padStart(2, '0')}`);
  await page.reload();
  await expect(cards(page)).toHaveCount(limit);

  await page.getByRole('button', { name: 'Create Threadline' }).click();
  const create = page.getByRole('dialog', { name: 'Create Threadline' });
  await create.getByLabel('Name').fill('One too many');
  await create.getByRole('button', { name: 'Create Threadline' }).click();
  const toast = toastWith(page, 'Threadline Limit Reached');
  await expect(toast).toContainText(
    `You've reached your plan limit of ${limit} threadlines. Upgrade to Pro for up to ${PLAN_LIMITS.pro.maxTimelines} threadlines.`,
  );
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL('/billing');

  // Search with its result count, sort, and the collapsed area survive a reload.
  await page.goto('/');
  await page.getByLabel('Search threadlines').fill('  LIMIT 0');
  await expect(page.getByText('9 results')).toBeVisible();
  await expect(cards(page)).toHaveCount(9);
  await page.getByLabel('Sort by').selectOption({ label: 'Name (Z-A)' });
  await expect(cards(page).first()).toContainText('Limit 09');
  await page.getByRole('button', { name: 'Collapse' }).click();
  await expect(page.getByRole('button', { name: 'Expand' })).toBeFocused();
  await page.reload();
  await expect(page.getByLabel('Search threadlines')).toHaveValue('  LIMIT 0');
  await expect(cards(page)).toHaveCount(9);
  await expect(cards(page).first()).toContainText('Limit 09');
  await expect(page.getByRole('button', { name: 'Expand' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Search threadlines').fill('nothing matches this');
  await expect(page.getByText('No results found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(cards(page)).toHaveCount(limit);

  // Fits a 360 px wide screen with content.
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await person.context.close();
});
