// What the screen-by-screen journeys (long-text.spec.ts, product-name.spec.ts) share: who opens a screen,
// the screen entry, and the steps both take to reach the same dialogs.
import { expect, type Page } from '@playwright/test';

export type Who = 'visitor' | 'owner' | 'member' | 'requester';

/** One screen to check: `open` brings `as`'s page to it in the spec's world `W`. */
export interface Screen<W> {
  name: string;
  as: Who;
  open: (page: Page, world: W) => Promise<void>;
}

export const dialog = (page: Page, name: string | RegExp) =>
  page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));

/** The dashboard's Active, Archived and Deleted tabs as the owner, each with a card showing. */
export const dashboardTabScreens = <W>(): Screen<W>[] =>
  (['Active', 'Archived', 'Deleted'] as const).map((tab) => ({
    name: `dashboard, ${tab} tab`,
    as: 'owner',
    open: async (p) => {
      await p.goto('/');
      await p.getByRole('tab', { name: tab }).click();
      await expect(p.getByRole('main').getByRole('listitem').first()).toBeVisible();
    },
  }));

/** From the open Threadline Members dialog: the first member's Remove & Block button. */
export const clickRemoveAndBlock = (page: Page) =>
  dialog(page, 'Threadline Members')
    .getByRole('button', { name: /^Remove & Block / })
    .first()
    .click();

/** From the open Threadline Members dialog: the Blocked tab, with a blocked user's reason showing. */
export async function showBlockedTab(page: Page) {
  await dialog(page, 'Threadline Members').getByRole('tab', { name: 'Blocked' }).click();
  await expect(dialog(page, 'Threadline Members').getByText('Reason:', { exact: true })).toBeVisible();
}
