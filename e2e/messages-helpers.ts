// Locators and waits the direct-message journeys (messages.spec.ts, messages-polish.spec.ts) share.
import { expect, type Locator, type Page } from '@playwright/test';

/** The socket is authenticated: events on the user's own channel (messages) reach this tab. */
export async function expectLive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'authenticated', { timeout: 15_000 });
}

export const modal = (page: Page): Locator => page.getByTestId('messaging-modal');
export const thread = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('region', { name: `Conversation with ${name}` });
export const messageField = (scope: Locator): Locator => scope.getByPlaceholder('Type a message...');
/** A message in the open thread (the list's preview of the last message is left out). */
export const messageIn = (scope: Locator, text: string): Locator =>
  scope.getByTestId('message-list').getByText(text, { exact: true });
export const notificationCard = (page: Page): Locator =>
  page.getByRole('complementary', { name: 'Notification' });
