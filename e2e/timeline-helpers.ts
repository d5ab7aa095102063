// Threadline set-up through the API for browser journeys: the dashboard UI is what the specs exercise.
import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers.ts';

export interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
}

/** A fresh browser context with its own signed-in account, on the dashboard. */
export async function signedInPerson(browser: Browser, firstName: string, permissions: string[] = []) {
  const context = await browser.newContext();
  if (permissions.length > 0) await context.grantPermissions(permissions);
  const page = await context.newPage();
  const email = uniqueEmail(firstName.toLowerCase());
  await createAccount(page, email, firstName);
  return { context, page, email } satisfies Person;
}

export async function apiCreateTimeline(page: Page, name: string, description?: string) {
  const res = await page.request.post('/api/timelines', { data: { name, description } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; joinCode: string };
}

export async function apiJoin(page: Page, joinCode: string, message?: string) {
  const res = await page.request.post('/api/timelines/join', { data: { joinCode, message } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { status: string; timeline: { id: string } };
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

/** Cards of the page's main content (toasts are list items too, outside main). */
export const cards = (page: Page): Locator => page.getByRole('main').getByRole('listitem');

/** A dashboard card (or a My Join Requests card) by its exact heading. */
export const cardNamed = (page: Page, name: string): Locator =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

/**
 * The toast containing `text`. A CSS locator: while a modal dialog is open the toast region sits outside
 * it and is aria-hidden, so role queries would not find it.
 */
export const toastWith = (page: Page, text: string | RegExp): Locator =>
  page.locator('[role="region"][aria-label^="Notifications"] li').filter({ hasText: text });
