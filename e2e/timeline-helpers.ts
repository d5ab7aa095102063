// Fast set-up for threadline journeys: accounts through the real sign-in screen, threadlines and joins
// through the API the dashboard uses (the UI is what the specs exercise), and shared locators.
import {
  type APIResponse,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { clientAddress, createAccount, expectSignedIn, PASSWORD, uniqueEmail } from './helpers.ts';

export interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
  name: string;
}

/**
 * A signed-in person in their own browser context (so two people never share cookies), on the
 * dashboard. `permissions` are granted to the context first, e.g. clipboard access.
 */
export async function signedInPerson(
  browser: Browser,
  name: string,
  permissions: string[] = [],
): Promise<Person> {
  const context = await browser.newContext();
  if (permissions.length > 0) await context.grantPermissions(permissions);
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase());
  await createAccount(page, email, name);
  return { context, page, email, name };
}

export interface Account {
  email: string;
  name: string;
}

/** A new account made through the API, for journeys that are not about signing up. */
export async function apiAccount(browser: Browser, firstName: string, lastName?: string): Promise<Account> {
  const context = await browser.newContext();
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await context.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName, lastName },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  await context.close();
  return { email, name: firstName };
}

const sharedAccounts = new Map<string, Promise<Account>>();

/** One account per name for the whole worker (spec files share it), made on first use. */
export function sharedAccount(browser: Browser, firstName: string, lastName?: string): Promise<Account> {
  const key = `${firstName} ${lastName ?? ''}`;
  if (!sharedAccounts.has(key)) sharedAccounts.set(key, apiAccount(browser, firstName, lastName));
  return sharedAccounts.get(key)!;
}

/** `account` signed in, in its own browser context `width` px wide, on the dashboard. */
export async function signedInAs(
  browser: Browser,
  account: Account,
  width = 1280,
  permissions: string[] = [],
): Promise<Person> {
  const person = await apiSignedIn(browser, account, width, permissions);
  await person.page.goto('/');
  await expectSignedIn(person.page);
  return person;
}

/**
 * `account` signed in, in its own browser context `width` px wide, with a blank page (nothing loaded): for
 * journeys whose first screen is one they open themselves (signedInAs also opens the dashboard and waits
 * for it, half a second or more on 2 cores).
 */
export async function apiSignedIn(
  browser: Browser,
  account: Account,
  width = 1280,
  permissions: string[] = [],
): Promise<Person> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  if (permissions.length > 0) await context.grantPermissions(permissions);
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { context, page, ...account };
}

export const uniqueName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 7)}`;

export async function apiCreateTimeline(page: Page, name: string, description?: string) {
  const res = await page.request.post('/api/timelines', { data: { name, description } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; joinCode: string };
}

/** The raw answer to a join, so callers can check refusals as well as joins. */
export const apiJoinResponse = (page: Page, joinCode: string, message?: string): Promise<APIResponse> =>
  page.request.post('/api/timelines/join', { data: { joinCode, message } });

/** A join (or a join request) that must succeed. */
export async function apiJoin(page: Page, joinCode: string, message?: string) {
  const res = await apiJoinResponse(page, joinCode, message);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { status: string; requiresApproval?: boolean; timeline: { id: string } };
}

export async function apiRequireApproval(page: Page, timelineId: string) {
  const res = await page.request.patch(`/api/timelines/${timelineId}/approval-settings`, {
    data: { joinApprovalRequired: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The owner rejects every pending request of a threadline. */
export async function apiRejectPending(page: Page, timelineId: string, responseMessage: string) {
  const list = await page.request.get(`/api/timelines/${timelineId}/join-requests?status=pending`);
  expect(list.ok(), await list.text()).toBe(true);
  const pending = (await list.json()) as { id: string }[];
  expect(pending.length).toBeGreaterThan(0);
  for (const { id } of pending) {
    const res = await page.request.post(`/api/timelines/${timelineId}/join-requests/${id}/reject`, {
      data: { responseMessage },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** Opens /timeline/{id} and waits for its heading. */
export async function openThreadline(page: Page, id: string, name: string) {
  await page.goto(`/timeline/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Cards of the page's main content (toasts are list items too, outside main). */
export const cards = (page: Page): Locator => page.getByRole('main').getByRole('listitem');

/** A dashboard card (or a My Join Requests card) by its exact heading. */
export const cardNamed = (page: Page, name: string): Locator =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The toast containing `text` (a CSS locator, so it finds toasts whether or not a dialog is open). */
export const toastWith = (page: Page, text: string | RegExp): Locator =>
  page.locator('[role="region"][aria-label^="Notifications"] li').filter({ hasText: text });

export const expectToast = (page: Page, text: string | RegExp) => expect(toastWith(page, text)).toBeVisible();

// ---- posts (issue 9) ----

export interface ApiPost {
  id: string;
  createdAt: string;
  content: string | null;
}

/** A text post made through the API (the composer is what the feed specs exercise). */
export async function apiPost(page: Page, timelineId: string, content: string): Promise<ApiPost> {
  const res = await page.request.post('/api/posts', { data: { timelineId, type: 'text', content } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiPost;
}

export async function apiComment(page: Page, postId: string, content: string) {
  const res = await page.request.post('/api/comments', { data: { postId, content } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

export async function apiSetPermissions(
  page: Page,
  timelineId: string,
  permissions: Partial<Record<'allowParticipantPosts' | 'allowParticipantComments', boolean>>,
) {
  const res = await page.request.patch(`/api/timelines/${timelineId}/permissions`, { data: permissions });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The owner gives a member another role (moderator, participant, viewer). */
export async function apiSetRole(page: Page, timelineId: string, userId: string, role: string) {
  const res = await page.request.patch(`/api/timelines/${timelineId}/members/${userId}`, { data: { role } });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function apiUserId(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/user');
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** A post card of the feed (an article named by its author) that contains `text`. */
export const postCard = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('main').getByRole('article').filter({ hasText: text });

/** Every post card of the feed, tombstones excepted. */
export const postCards = (page: Page): Locator => page.getByRole('main').getByRole('article');

/** A short random tag for names and e-mails one run makes. */
export const tag = () => Math.random().toString(36).slice(2, 7);

/** Pro, monthly, through the sandbox's payment form as a person would (e2e/billing.spec.ts tests the flow). */
export async function upgradeToPro(page: Page) {
  await page.goto('/billing');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: /^Monthly/ }).check();
  await main.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expectToast(page, 'Payment Successful');
  await expect(page.getByTestId('billing-plan-badge')).toHaveText('Plan: Pro');
}
