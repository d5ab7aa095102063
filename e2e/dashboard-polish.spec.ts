// A new user's rough edges (issue 25 items 5, 8 and 10), at 1280 and 360 px: creating opens the new
// threadline with its code to share, dialogs are tabbed in the order they are seen, a direct load's heading
// has no focus ring (keyboard navigation keeps it), new people are welcomed rather than welcomed back, an
// empty name errs once, people with threadlines get the compact Create/Join bar, and one person has the same
// avatar initials everywhere.
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { NAME_REQUIRED } from '../client/features/home/components/create-timeline-dialog.tsx';
import {
  createAccount,
  expectAccessible,
  expectNoSideScroll,
  recordToasts,
  tabTo,
  uniqueEmail,
} from './helpers.ts';
import {
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiRequireApproval,
  openThreadline,
  sharedAccount,
  signedInAs,
  toastWith,
  uniqueName,
} from './timeline-helpers.ts';

interface Stop {
  label: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where the focused element is, and what it is called (for messages). */
const focusedStop = (page: Page): Promise<Stop> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const r = el.getBoundingClientRect();
    const label = el.getAttribute('aria-label') || el.textContent?.trim() || el.id || el.tagName;
    return { label, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });

/** `b` comes after `a` in reading order: on a lower line, or on the same line further right. */
function readsAfter(a: Stop, b: Stop): boolean {
  const below = b.top >= a.bottom - 2;
  const sameLine = b.top < a.bottom && a.top < b.bottom;
  return below || (sameLine && b.left >= a.right - 2);
}

function expectReadingOrder(stops: Stop[], where: string) {
  for (let i = 1; i < stops.length; i++) {
    const [a, b] = [stops[i - 1]!, stops[i]!];
    expect(readsAfter(a, b), `${where}: "${b.label}" is reached after "${a.label}" but shown before it`).toBe(
      true,
    );
  }
}

/**
 * Tabs once round the open dialog from where focus is and checks that every stop is shown after the one before.
 * The Close button is left out: pinned to the top corner, it is last on purpose (focus opens on the first field).
 */
async function expectTabOrderIsReadingOrder(page: Page, dialog: Locator, where: string) {
  const start = await focusedStop(page);
  const stops: Stop[] = [start];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    if (stop.label === start.label && stop.top === start.top && stop.left === start.left) break;
    stops.push(stop);
  }
  expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${where}: focus stays in`).toBe(
    true,
  );
  const walked = stops.filter((s) => s.label !== 'Close');
  expect(walked.length, `${where}: more than one stop`).toBeGreaterThan(1);
  expectReadingOrder(walked, where);
}

/** The footer's buttons (Cancel's row), disabled ones too, are in the DOM in the order they are shown. */
async function expectFooterInReadingOrder(dialog: Locator, where: string) {
  const footer = dialog.getByRole('button', { name: 'Cancel', exact: true }).locator('xpath=..');
  const stops = await footer.evaluate((f) =>
    [...f.querySelectorAll('button')].map((b) => {
      const r = b.getBoundingClientRect();
      return {
        label: b.textContent?.trim() ?? '',
        top: r.top,
        bottom: r.bottom,
        left: r.left,
        right: r.right,
      };
    }),
  );
  expect(stops.length, `${where}: Cancel and an action`).toBeGreaterThan(1);
  expectReadingOrder(stops, where);
}

/** Whether the focused element shows a focus ring: :focus-visible, or an outline drawn anyway. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    return { visible: el.matches(':focus-visible'), outline: getComputedStyle(el).outlineStyle };
  });

async function signedUp(browser: Browser, width: number, firstName: string) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await createAccount(page, uniqueEmail(firstName.toLowerCase()), firstName);
  return { context, page };
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test('a new person is welcomed, an empty name errs once, and Create opens the threadline with its code', async ({
      browser,
    }) => {
      const { context, page } = await signedUp(browser, width, 'Nia');
      const toasts = await recordToasts(page);
      // Registered a moment ago: not "Welcome back".
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nia' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Create Threadline' })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Create Threadline' }).click();
      const create = page.getByRole('dialog', { name: 'Create Threadline' });
      await create.getByRole('button', { name: 'Create Threadline' }).click();
      await expect(create.getByLabel('Name')).toHaveAccessibleDescription(NAME_REQUIRED);
      await expect(create.getByLabel('Name')).toBeFocused();
      await expect(page.getByText(NAME_REQUIRED)).toHaveCount(1);
      await expectAccessible(page);

      const name = uniqueName('Pottery Circle');
      await create.getByLabel('Name').fill(name);
      await create.getByRole('button', { name: 'Create Threadline' }).click();

      // The new threadline opens; its empty feed invites the first post and offers the code to share.
      await expect(page).toHaveURL(/\/timeline\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const created = toastWith(page, 'Threadline Created');
      await expect(created).toBeVisible();
      const code = /Join code: (\w+)/.exec((await created.textContent()) ?? '')![1]!;
      const main = page.getByRole('main');
      await expect(main.getByText('No posts yet')).toBeVisible();
      await expect(main.getByText('Be the first to share something on this threadline!')).toBeVisible();
      await expect(main.getByTestId('join-code')).toHaveText(code);
      await main.getByRole('button', { name: 'Copy join code' }).click();
      await expect(toastWith(page, 'Join code copied to clipboard')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await expectNoSideScroll(page);
      await expectAccessible(page);
      // The empty name's error never came as a toast too: toasts shown since then are the later ones only.
      await expect.poll(() => toasts.map((t) => t.text).join(' | ')).toContain('Join code copied');
      expect(toasts.filter((t) => t.text.includes(NAME_REQUIRED))).toEqual([]);

      // Back on the dashboard: welcomed back, and with a threadline the cards give way to two buttons.
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Nia' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('heading', { name: 'Create Threadline' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Create Threadline' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Join Threadline' })).toBeVisible();
      const listTop = (await page.getByRole('heading', { name: 'Your Threadlines' }).boundingBox())!.y;
      expect(listTop, 'the list starts within the first screen').toBeLessThan(400);
      await expectNoSideScroll(page);
      await expectAccessible(page);
      await context.close();
    });

    test('dialog footers: Tab meets the buttons in the order they are shown', async ({ browser }) => {
      const owner = await signedInAs(browser, await sharedAccount(browser, 'Dora', 'Dialogs'), width);
      const joiner = await signedInAs(browser, await sharedAccount(browser, 'Jem'), width);
      const name = uniqueName('Footers');
      const { id, joinCode } = await apiCreateTimeline(owner.page, name);
      await apiRequireApproval(owner.page, id);
      await apiJoin(joiner.page, joinCode);
      const { page } = owner;
      await page.reload();

      // Create and Join (the dialogs the issue names), by keyboard.
      for (const title of ['Create Threadline', 'Join Threadline']) {
        await tabTo(page, page.getByRole('button', { name: title }));
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog.getByRole('textbox').first()).toBeFocused();
        await expectTabOrderIsReadingOrder(page, dialog, title);
        await expectFooterInReadingOrder(dialog, title);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      // On the threadline: a confirmation (alert dialog), Approve a join request, Upload Files, Record Audio.
      await openThreadline(page, id, name);
      await page.getByRole('button', { name: 'Threadline settings' }).click();
      await page.getByRole('menuitem', { name: 'Delete Threadline' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Threadline' });
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expectTabOrderIsReadingOrder(page, confirm, 'Delete Threadline');
      await expectFooterInReadingOrder(confirm, 'Delete Threadline');
      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();

      await page.getByRole('button', { name: 'Threadline settings' }).click();
      await page.getByRole('menuitem', { name: 'Manage Join Requests' }).click();
      const panel = page.getByRole('dialog', { name: 'Manage Join Requests' });
      await panel.getByRole('button', { name: 'Approve Jem' }).click();
      const approve = page.getByRole('dialog', { name: 'Approve Join Request' });
      await expect(approve).toBeVisible();
      await approve.getByLabel('Response Message').focus();
      await expectTabOrderIsReadingOrder(page, approve, 'Approve Join Request');
      await expectFooterInReadingOrder(approve, 'Approve Join Request');
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(approve).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      await page.getByRole('button', { name: 'Upload Files' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Files' });
      await expect(upload).toBeVisible();
      await expectFooterInReadingOrder(upload, 'Upload Files');
      await page.keyboard.press('Escape');
      await expect(upload).toBeHidden();

      await page.getByRole('button', { name: 'Record Audio' }).click();
      const recorder = page.getByRole('dialog', { name: 'Record Audio' });
      await expect(recorder).toBeVisible();
      await expectFooterInReadingOrder(recorder, 'Record Audio');
      await page.keyboard.press('Escape');
      await expect(recorder).toBeHidden();

      await owner.context.close();
      await joiner.context.close();
    });

    test('a direct load focuses the heading without a ring; keyboard navigation shows one', async ({
      browser,
    }) => {
      const person = await signedInAs(browser, await sharedAccount(browser, 'Rin', 'Rings'), width);
      const { page } = person;
      const name = uniqueName('Rings');
      const { id } = await apiCreateTimeline(page, name);
      const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text });

      for (const [path, title] of [
        ['/profile', 'Edit Profile'],
        [`/timeline/${id}`, name],
        ['/', /^Welcome/],
      ] as const) {
        await page.goto(path);
        await expect(heading(title)).toBeFocused();
        expect(await focusRing(page), `${path}: no ring after a direct load`).toEqual({
          visible: false,
          outline: 'none',
        });
      }

      // A click on Open: focus moves to the new heading, still without a ring.
      const open = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByRole('button', {
          name: /^Open/,
        });
      await open.click();
      await expect(heading(name)).toBeFocused();
      expect(await focusRing(page)).toEqual({ visible: false, outline: 'none' });

      // By keyboard: Tab to Open and press Enter; the heading that takes focus shows where it is.
      await page.goBack();
      await expect(heading(/^Welcome/)).toBeFocused();
      await tabTo(page, open);
      await page.keyboard.press('Enter');
      await expect(heading(name)).toBeFocused();
      const ring = await focusRing(page);
      expect(ring.visible).toBe(true);
      expect(ring.outline).not.toBe('none');
      await expectAccessible(page);
      await person.context.close();
    });

    test('one person has the same avatar initials in headers, the composer and their posts', async ({
      browser,
    }) => {
      // First and last name, no display name: the header used to say OL (first name) beside posts saying OO.
      const olivia = await sharedAccount(browser, 'Olivia', 'Owens');
      const person = await signedInAs(browser, olivia, width);
      const other = await signedInAs(browser, await sharedAccount(browser, 'Pat', 'Peers'), width);
      const { page } = person;
      const name = uniqueName('Initials');
      const { id, joinCode } = await apiCreateTimeline(page, name);
      await apiJoin(other.page, joinCode);
      const text = `Kiln day ${uniqueName('')}`;
      await apiPost(page, id, text);

      const avatar = (scope: Locator) => scope.locator('span.rounded-full').first();
      await page.goto('/');
      await expect(avatar(page.locator('header a[href="/profile"]'))).toHaveText('OO');
      await openThreadline(page, id, name);
      await expect(avatar(page.getByRole('link', { name: 'Edit profile' }))).toHaveText('OO');
      const post = page.getByRole('main').getByRole('article').filter({ hasText: text });
      await expect(avatar(post)).toHaveText('OO');
      // The composer shows its avatar from 640 px.
      const composer = page
        .getByRole('main')
        .locator('form')
        .filter({ has: page.getByLabel('Write a post') });
      if (width >= 640) await expect(avatar(composer)).toHaveText('OO');
      await expectAccessible(page);

      // Someone else sees the same letters beside her post.
      await openThreadline(other.page, id, name);
      await expect(
        avatar(other.page.getByRole('main').getByRole('article').filter({ hasText: text })),
      ).toHaveText('OO');
      await person.context.close();
      await other.context.close();
    });
  });
}
