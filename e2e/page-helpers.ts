// Fast set-up for threadline journeys: accounts through the real sign-in screen, threadlines and joins
// through the API the dashboard uses.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers.ts';

export interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
  name: string;
}

/** A signed-in person in their own browser context, so two people never share cookies. */
export async function newPerson(browser: Browser, name: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase());
  await createAccount(page, email, name);
  return { context, page, email, name };
}

export async function createThreadline(page: Page, name: string, description?: string) {
  const res = await page.request.post('/api/timelines', { data: { name, description } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; joinCode: string };
}

/** The raw answer, so callers can check refusals as well as joins. */
export const joinThreadline = (page: Page, joinCode: string, message?: string) =>
  page.request.post('/api/timelines/join', { data: { joinCode, message } });

/** Opens /timeline/{id} and waits for its heading. */
export async function openThreadline(page: Page, id: string, name: string) {
  await page.goto(`/timeline/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A toast's text (Radix also copies it into a live region, hence `first`). */
export const expectToast = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible();

export const uniqueName = (base: string) => `${base} ${Math.random().toString(36).slice(2, 7)}`;
