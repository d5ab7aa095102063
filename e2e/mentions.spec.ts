// @mentions (issue 27, DECISIONS §10): "@" in the composer, a comment and a direct message opens a list of the
// people who can read it (a combobox: arrows, Enter or Tab, Escape that closes only the list); the pick is
// stored by id and shown highlighted under the person's current name (after a rename too). axe with the list
// open at 1280 and 360 px; the list stays in the viewport and nothing scrolls sideways, with a very long name.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, PASSWORD } from './helpers.ts';
import { expectNoHorizontalScroll, unbroken } from './layout-helpers.ts';
import { expectLive, messageField, messageIn, modal, thread } from './messages-helpers.ts';
import {
  apiAccount,
  apiCreateTimeline,
  apiJoin,
  apiUserId,
  openThreadline,
  postCard,
  signedInAs,
  tag,
  uniqueName,
} from './timeline-helpers.ts';

const listbox = (page: Page) => page.getByRole('listbox', { name: 'People to mention' });
const option = (page: Page, name: string) => listbox(page).getByRole('option', { name, exact: true });

/** The field names its active option, which is the one marked selected. */
async function expectActive(field: Locator, page: Page, name: string) {
  await expect(option(page, name)).toHaveAttribute('aria-selected', 'true');
  const id = await option(page, name).getAttribute('id');
  await expect(field).toHaveAttribute('aria-activedescendant', id!);
}

/** The list is open and fits the viewport; axe passes and nothing scrolls sideways, at 1280 and 360 px. */
async function checkOpenList(page: Page, field: Locator, where: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(listbox(page)).toBeVisible();
    await expect(field).toBeFocused();
    const box = (await listbox(page).boundingBox())!;
    expect(box.x, `${where} at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${where} at ${width} px`).toBeLessThanOrEqual(width);
    expect(box.y, `${where} at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${where} at ${width} px`).toBeLessThanOrEqual(800);
    expect(await listbox(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoHorizontalScroll(page, where);
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a post and a comment mention members picked by keyboard; the highlight follows a rename', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const t = tag();
  const owner = await signedInAs(browser, await apiAccount(browser, `Olga${t}`, 'Owner'));
  const nina = await signedInAs(browser, await apiAccount(browser, `Nina${t}`, 'Member'));
  // A very long name must wrap in the list, not widen it.
  const long = await signedInAs(browser, await apiAccount(browser, `Nils${t}`, unbroken(60, 'Long')));
  const name = uniqueName('Mentions');
  const { id, joinCode } = await apiCreateTimeline(owner.page, name);
  await apiJoin(nina.page, joinCode);
  await apiJoin(long.page, joinCode);
  const ninaId = await apiUserId(nina.page);
  const ninaName = `Nina${t} Member`;
  const page = owner.page;
  await openThreadline(page, id, name);

  // The composer: "@" offers the members, oneself left out; typing filters.
  // By label: once in use, the field is a combobox, no longer a textbox.
  const composer = page.getByLabel('Write a post');
  await composer.click();
  await composer.pressSequentially('Welcome @');
  await expect(listbox(page)).toBeVisible();
  await expect(composer).toHaveAttribute('role', 'combobox');
  await expect(composer).toHaveAttribute('aria-expanded', 'true');
  await expect(composer).toHaveAttribute('aria-controls', (await listbox(page).getAttribute('id'))!);
  await expect(option(page, `Olga${t} Owner`)).toHaveCount(0);
  await expect(listbox(page).getByRole('option')).toHaveCount(2);
  await checkOpenList(page, composer, 'the list with a long name');

  await composer.pressSequentially(`n`);
  await expect(listbox(page).getByRole('option')).toHaveCount(2);
  await composer.pressSequentially(`i${'n'}`);
  await expect(listbox(page).getByRole('option')).toHaveCount(1);
  await composer.press('Backspace');
  await composer.press('Backspace');
  // Alphabetical: Nils, then Nina. Arrows move (round); Enter picks.
  const nils = `Nils${t} ${unbroken(60, 'Long')}`;
  await expectActive(composer, page, nils);
  await composer.press('ArrowDown');
  await expectActive(composer, page, ninaName);
  await composer.press('ArrowDown');
  await expectActive(composer, page, nils);
  await composer.press('ArrowUp');
  await expectActive(composer, page, ninaName);
  await composer.press('Enter');
  await expect(listbox(page)).toHaveCount(0);
  await expect(composer).toHaveAttribute('aria-expanded', 'false');
  await expect(composer).toHaveValue(`Welcome @${ninaName} `);
  await composer.pressSequentially('to the group!');
  await composer.press('Control+Enter');

  const card = postCard(page, 'to the group!');
  await expect(card.locator('[data-mention]')).toHaveText(`@${ninaName}`);
  // Stored by id on the server, with the name as typed.
  const feed = await page.request.get(`/api/timelines/${id}/posts`);
  const [post] = (await feed.json()) as {
    id: string;
    mentions: { id: string; name: string; as: string }[];
  }[];
  expect(post!.mentions).toEqual([{ id: ninaId, name: ninaName, as: `@${ninaName}` }]);

  // A comment: Tab picks.
  const box = card.getByLabel('Write a comment');
  await box.click();
  await box.pressSequentially(`Agreed @nils`);
  await expect(listbox(page).getByRole('option')).toHaveCount(1);
  await box.press('Tab');
  await expect(box).toBeFocused();
  await box.pressSequentially('and you?');
  await box.press('Enter');
  const comment = card.getByRole('list', { name: 'Comments' }).getByRole('listitem').last();
  await expect(comment.locator('[data-mention]')).toHaveText(`@${nils}`);
  await expectNoHorizontalScroll(page, 'a comment with a long mention');

  // Nina renames herself: the post shows her name now, where the text said the old one.
  const renamed = await nina.page.request.put('/api/profile', { data: { displayName: `Nina${t} Renamed` } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await page.reload();
  await expect(postCard(page, 'to the group!').locator(`[data-mention="${ninaId}"]`)).toHaveText(
    `@Nina${t} Renamed`,
  );

  for (const person of [owner, nina, long]) await person.context.close();
});

test('a direct message mentions the other person only; Escape closes the list, not the modal', async ({
  browser,
}) => {
  const t = tag();
  const owner = await signedInAs(browser, await apiAccount(browser, `Ines${t}`, 'Owner'));
  const member = await signedInAs(browser, await apiAccount(browser, `Jon${t}`, 'Member'));
  const other = await apiAccount(browser, `Kai${t}`, 'Member');
  const name = uniqueName('Letters');
  const { id, joinCode } = await apiCreateTimeline(owner.page, name);
  await apiJoin(member.page, joinCode);
  const kai = await signedInAs(browser, other);
  await apiJoin(kai.page, joinCode);
  const page = owner.page;
  await expectLive(page);
  await openThreadline(page, id, name);
  await page.getByRole('button', { name: '3 members' }).click();
  await page.getByRole('button', { name: `Message Jon${t} Member` }).click();
  const dialog = modal(page);
  const conversation = thread(dialog, `Jon${t} Member`);
  const field = messageField(conversation);
  await expect(field).toBeFocused();

  await field.pressSequentially('Hi @');
  await expect(listbox(page)).toBeVisible();
  // Only Jon can read it: Kai is not offered.
  await expect(listbox(page).getByRole('option')).toHaveCount(1);
  await expect(option(page, `Jon${t} Member`)).toBeVisible();
  await checkOpenList(page, field, 'the list in the messaging modal');

  await field.press('Escape');
  await expect(listbox(page)).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(field).toBeFocused();
  // A new "@" opens it again; Enter picks, and Enter then sends.
  await field.pressSequentially(' @j');
  await expect(listbox(page)).toBeVisible();
  await field.press('Enter');
  await expect(field).toHaveValue(`Hi @ @Jon${t} Member `);
  await field.press('Enter');
  const sent = conversation.getByTestId('message-list').locator('[data-mention]');
  await expect(sent).toHaveText(`@Jon${t} Member`);
  await expect(messageIn(dialog, `Hi @ @Jon${t} Member`)).toBeVisible();

  for (const person of [owner, member, kai]) await person.context.close();
});

test('on a touch screen a tap picks, and the keyboard stays up (the field keeps the focus)', async ({
  browser,
}) => {
  const t = tag();
  const owner = await apiAccount(browser, `Tess${t}`, 'Owner');
  const member = await signedInAs(browser, await apiAccount(browser, `Uma${t}`, 'Member'));
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, hasTouch: true });
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', {
    data: { email: owner.email, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const name = uniqueName('Taps');
  const { id, joinCode } = await apiCreateTimeline(page, name);
  await apiJoin(member.page, joinCode);
  await openThreadline(page, id, name);

  const composer = page.getByLabel('Write a post');
  await composer.tap();
  await composer.pressSequentially('Hey @u');
  await option(page, `Uma${t} Member`).tap();
  await expect(composer).toHaveValue(`Hey @Uma${t} Member `);
  await expect(composer).toBeFocused();
  await expect(listbox(page)).toHaveCount(0);

  await context.close();
  await member.context.close();
});
