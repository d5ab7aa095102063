// Density on a phone (issue 8 item 7), checked at 360 and 1280 px: labelled header actions, a compact
// create/join area once there are threadlines, and a join-requests panel whose filters stay on one row
// and whose bulk bar stays in reach while the list scrolls.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers.ts';
import { expectNoHorizontalScroll, WIDTHS } from './layout-helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  apiRequireApproval,
  type Person,
  signedInPerson,
  uniqueName,
} from './timeline-helpers.ts';

const HEADER_ACTIONS = ['Messages', 'My Requests', 'Billing', 'Sign Out'];
const MESSAGE =
  'Hello! I run the allotment next to yours and would love to follow the seed swaps, the watering rota ' +
  'and the autumn planting plans. I can bring tools on Saturdays and help with the compost heap too.';

let owner: Person;
let requester: Person;
let threadline: { id: string; name: string };

test.beforeAll(async ({ browser }) => {
  owner = await signedInPerson(browser, 'Olive');
  requester = await signedInPerson(browser, 'Rowan');
  const second = await signedInPerson(browser, 'Sage');
  const name = uniqueName('Allotment');
  threadline = { ...(await apiCreateTimeline(owner.page, name, 'Plots, seeds and rotas')), name };
  await apiCreateTimeline(owner.page, uniqueName('Choir'));
  await apiRequireApproval(owner.page, threadline.id);
  const { joinCode } = await apiJoinCode(owner.page, threadline.id);
  await apiJoin(requester.page, joinCode, MESSAGE);
  await apiJoin(second.page, joinCode, `${MESSAGE} ${MESSAGE}`);
  await second.context.close();
});

test.afterAll(async () => {
  await owner.context.close();
  await requester.context.close();
});

/** The join code, from the owner's list. */
async function apiJoinCode(page: Page, id: string) {
  const list = (await (await page.request.get('/api/user/timelines')).json()) as {
    id: string;
    joinCode: string;
  }[];
  return list.find((t) => t.id === id)!;
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.beforeEach(async () => {
      for (const p of [owner.page, requester.page]) await p.setViewportSize({ width, height: 740 });
    });

    test('header actions carry visible labels', async () => {
      const { page } = owner;
      await page.goto('/');
      const menu = page.getByRole('button', { name: 'Menu' });
      if (width < 768) {
        for (const label of HEADER_ACTIONS)
          await expect(page.getByRole('button', { name: label })).toHaveCount(0);
        await expect(menu).toHaveText('Menu');
        await menu.click();
        for (const label of HEADER_ACTIONS) {
          await expect(page.getByRole('menuitem', { name: label })).toHaveText(label);
        }
        await expectNoHorizontalScroll(page, 'header menu');
        await expectAccessible(page);
        await page.getByRole('menuitem', { name: 'Messages' }).click();
        await expect(page.getByRole('dialog', { name: 'Messages' })).toBeVisible();
        await page.keyboard.press('Escape');
        await menu.click();
        await page.getByRole('menuitem', { name: 'My Requests' }).click();
        await expect(page).toHaveURL('/my-requests');
      } else {
        await expect(menu).toHaveCount(0);
        for (const label of HEADER_ACTIONS)
          await expect(page.getByRole('button', { name: label })).toHaveText(label);
        await expectAccessible(page);
      }
    });

    test('create and join stay compact once there are threadlines', async () => {
      const list = (p: Page) => p.getByRole('heading', { name: 'Your Threadlines' });
      const cardTitle = (p: Page) => p.getByRole('heading', { name: 'Create Threadline' });

      // Someone with no threadline yet gets the explanatory cards at every width.
      await requester.page.goto('/');
      await expect(cardTitle(requester.page)).toBeVisible();

      const { page } = owner;
      await page.goto('/');
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
      // Compact at every width once there are threadlines (issue 25: desktop kept the large cards).
      await expect(cardTitle(page)).toBeHidden();
      const top = (await list(page).boundingBox())!.y;
      expect(top, 'the list starts within the first screen').toBeLessThan(400);
      await page.getByRole('button', { name: 'Join Threadline' }).click();
      await expect(page.getByRole('dialog', { name: 'Join Threadline' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expectNoHorizontalScroll(page, 'dashboard');
      await expectAccessible(page);
    });

    test('join requests: one row of filters, a bulk bar that stays in reach', async () => {
      const { page } = owner;
      await page.goto(`/timeline/${threadline.id}`);
      await page.getByRole('button', { name: 'Threadline settings' }).click();
      await page.getByRole('menuitem', { name: 'Manage Join Requests' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage Join Requests' });
      await expect(dialog.getByRole('listitem')).toHaveCount(2);

      const filters = dialog.getByRole('group', { name: 'Filter join requests by status' });
      const tops = await filters
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size, 'filters on one row').toBe(1);
      const scrolls = await filters.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(scrolls, 'the filter row scrolls inside itself only when it must').toBe(width < 400);

      await dialog.getByLabel(/^Select All/).check();
      const approve = dialog.getByRole('button', { name: 'Approve (2)' });
      await expect(dialog.getByRole('button', { name: 'Clear' })).toBeVisible();
      const bulkTops = await Promise.all(
        ['Approve (2)', 'Reject (2)'].map(async (name) =>
          Math.round((await dialog.getByRole('button', { name }).boundingBox())!.y),
        ),
      );
      expect(new Set(bulkTops).size, 'Approve and Reject side by side').toBe(1);
      await expectNoHorizontalScroll(page, 'join requests');
      await expectAccessible(page);

      // Scrolled to the end of the list, the bulk bar is still at the top of the dialog.
      const scrollable = await dialog.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        return el.scrollHeight > el.clientHeight;
      });
      if (width < 768) expect(scrollable, 'the list is longer than a phone screen').toBe(true);
      await expect(approve).toBeInViewport();
      const [bar, box] = [(await approve.boundingBox())!, (await dialog.boundingBox())!];
      expect(bar.y).toBeGreaterThanOrEqual(box.y);
      await page.keyboard.press('Escape');
    });
  });
}
