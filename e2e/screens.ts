// What the screen-by-screen journeys (long-text.spec.ts, product-name.spec.ts) share: who opens a screen,
// the screen entry, the walk over every screen at both widths, the "timeline" scan both run, and the steps
// both take to reach the same dialogs.
import { expect, type Page, test } from '@playwright/test';
import { WIDTHS } from './layout-helpers.ts';

export type Who = 'visitor' | 'owner' | 'member' | 'requester';

const HEIGHT = 800;

/** One screen to check: `open` brings `as`'s page to it in the spec's world `W`. */
export interface Screen<W> {
  name: string;
  as: Who;
  /**
   * Brings the page to the screen. `checkHere(where)` checks a state on the way (a validation error before
   * the next step) at every width, as the screen itself is checked once `open` is done.
   */
  open: (page: Page, world: W, checkHere: (where: string) => Promise<void>) => Promise<void>;
  /**
   * By default a screen is opened once at 360 px (its own layout, where long text overflows first), checked,
   * then resized in place to 1280 px and checked again: right for a screen whose state does not depend on the
   * width it opened at (CSS media queries; menus and popovers place themselves again on resize). A screen
   * that decides something by width while opening (a narrow-only menu, a focus move) is opened again at each
   * width: `reopen: true`, with the reason beside it.
   */
  reopen?: boolean;
}

/** The screen's checks at the page's current width; `where` names the screen (the width is added). */
export type Check = (page: Page, where: string, width: number) => Promise<void>;

/** Resizes the viewport and waits for what places itself on resize (floating menus: a frame or two). */
async function resize(page: Page, width: number) {
  const now = page.viewportSize();
  if (now?.width === width && now.height === HEIGHT) return;
  await page.setViewportSize({ width, height: HEIGHT });
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

/**
 * Every screen at every width: each screen is opened once and checked at both widths (resized in place and
 * back) unless it is to be reopened per width. Each check is a step named by the screen and width.
 */
export async function walkScreens<W extends { pages: Record<Who, Page> }>(
  screens: Screen<W>[],
  world: W,
  check: Check,
  /** After a screen's checks (at both widths, or at each width it was reopened at). */
  done?: (page: Page) => Promise<void>,
) {
  for (const screen of screens) {
    const page = world.pages[screen.as];
    const openings = screen.reopen ? WIDTHS.map((w) => [w]) : [WIDTHS];
    for (const widths of openings) {
      const [opened] = widths as [number];
      const checkAll = async (where: string) => {
        for (const width of widths) {
          await test.step(`${where} at ${width}px`, async () => {
            await resize(page, width);
            await check(page, where, width);
          });
        }
      };
      const started = Date.now();
      await resize(page, opened);
      await test.step(`${screen.name}: open at ${opened}px`, () =>
        screen.open(page, world, async (where) => {
          await checkAll(where);
          await resize(page, opened);
        }));
      await checkAll(screen.name);
      await done?.(page);
      if (process.env.STEP_TIMES)
        console.log(`${widths.join('+')} ${screen.name}: ${Date.now() - started} ms`);
    }
  }
}

/** The screen's words that say timeline, with some context; URLs (and /timeline/ paths) left out. */
export async function timelineWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (hidden text is not shown)
    const found = [`document.title: ${document.title}`, document.body.innerText];
    const attributes = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description', 'aria-valuetext'];
    for (const el of document.body.querySelectorAll(attributes.map((a) => `[${a}]`).join(','))) {
      if (!el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      for (const a of attributes) {
        const value = el.getAttribute(a);
        if (value) found.push(`${a}="${value}"`);
      }
    }
    return found;
  });
  return texts.flatMap(saying);
}

/** One name for the product (product-name.spec.ts): soft, so every screen is scanned even when one fails. */
export async function expectNoTimeline(page: Page, where: string) {
  expect.soft(await timelineWords(page), `${where} at ${page.viewportSize()?.width}px`).toEqual([]);
}

const URLS = /\bhttps?:\/\/\S+|\S*\/timelines?\/\S*/gi;

/** Where `text` says timeline, with some context; URLs (and /timeline/ paths) left out. */
export function saying(text: string): string[] {
  const bare = text.replace(URLS, ' ');
  return [...bare.matchAll(/timeline/gi)].map((m) =>
    bare.slice(Math.max(0, m.index - 40), m.index + 50).replace(/\s+/g, ' '),
  );
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
