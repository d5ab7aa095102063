// Signed out, an app route goes to sign-in and back (DECISIONS §2); the landing buttons open the right tab;
// every route names itself in the title.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectNoSideScroll, PASSWORD } from './helpers.ts';
import {
  type Account,
  apiCreateTimeline,
  sharedAccount,
  signedInAs,
  uniqueName,
} from './timeline-helpers.ts';

let owner: Account;
test.beforeAll(async ({ browser }) => {
  owner = await sharedAccount(browser, 'Kay');
});

async function signInOnScreen(page: Page, account: Account) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

for (const width of [1280, 360]) {
  test(`a signed-out link to a threadline signs in, then opens it (${width} px)`, async ({ browser }) => {
    const setup = await signedInAs(browser, owner);
    const name = uniqueName('Garden Club');
    const { id } = await apiCreateTimeline(setup.page, name);
    await setup.context.close();

    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/timeline/${id}?from=mail#top`);
    await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(`/timeline/${id}?from=mail#top`)}`);
    await expect(page).toHaveTitle('Sign in · Threadline');
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page);
    await expectNoSideScroll(page);

    await signInOnScreen(page, owner);
    await expect(page).toHaveURL(`/timeline/${id}?from=mail#top`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`${name} · Threadline`);
    await expectNoSideScroll(page);
    await context.close();
  });
}

test('every app route signs in first and comes back; unknown paths and foreign returnTo do not', async ({
  page,
}) => {
  const titles: Record<string, string> = {
    '/profile': 'Edit Profile · Threadline',
    '/my-requests': 'My Join Requests · Threadline',
    '/messages': 'Messages · Threadline',
    '/billing': 'Billing & Subscription · Threadline',
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?returnTo=${encodeURIComponent(path)}`);
    await signInOnScreen(page, owner);
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(title);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible();
  }

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found · Threadline');
  await expectAccessible(page);

  // Only same-origin paths: an absolute address is dropped by the server and by the screen.
  await page.goto('/api/login?returnTo=https%3A%2F%2Fevil.example%2F');
  await expect(page).toHaveURL('/login');
  await page.goto('/login?returnTo=%2F%2Fevil.example');
  await signInOnScreen(page, owner);
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Your Threadlines · Threadline');
});

test('the landing buttons open Create account and Sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Threadline');
  await page.getByRole('button', { name: 'Get Started Free' }).click();
  await expect(page).toHaveURL('/login?tab=register');
  await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page).toHaveTitle('Create account · Threadline');

  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In to Continue' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('First name')).toHaveCount(0);
  await expect(page).toHaveTitle('Sign in · Threadline');
});
