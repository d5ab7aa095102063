import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/**
 * A client address of its own: the e2e server trusts loopback as its proxy (TRUST_PROXY=127.0.0.1), so each
 * account can come from a different visitor instead of one visitor making dozens against the sign-up limit.
 */
export const clientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Creates an account through the real sign-in screen and lands on the signed-in home. */
export async function createAccount(page: Page, email: string, firstName = 'Ada') {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expectSignedIn(page);
}

/** The signed-in header is there: its actions are buttons on wide screens and a menu on narrow ones. */
export const expectSignedIn = (page: Page) =>
  expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Legacy mode runs axe in the page itself; the default opens a blank page per check to merge the frames'
  // results, which costs more than the check on 2 cores. Once every frame has axe, its 550 KB is not evaluated
  // again (the builder evaluates it twice per check: 230 of a check's 490 ms on 2 cores). Only violations
  // come back.
  // A page still fading or changing colour (a dialog opening, a button's colour transition) has failing
  // colours half-way: judge it once its finite animations and transitions are done (spinners never end). One
  // that starts while axe runs (a notification card's fade-in begins a moment after it mounts) moved the page
  // under the check: a finding then is judged again on the settled page, and only a second one counts.
  let bad: string[] = [];
  for (let round = 0; round < 3; round++) {
    await page.waitForFunction(settledSinceNow);
    const present = await Promise.all(
      page.frames().map((f) => f.evaluate(() => 'axe' in window).catch(() => false)),
    );
    const builder = new AxeBuilder({ page, ...(present.every(Boolean) && { axeSource: ';' }) })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] });
    if (belowSerious) builder.disableRules(belowSerious);
    const results = await builder.analyze();
    belowSerious ??= await page.evaluate(rulesBelowSerious);
    bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    if (bad.length === 0 || !(await page.evaluate(movedSince))) break;
  }
  expect(bad).toEqual([]);
}

type Watched = Window & { __axeMoved?: { since: boolean } };

/**
 * True once no finite animation or transition runs; from then on, one that starts is noted for movedSince
 * (the listeners stay with the document, installed at its first check).
 */
function settledSinceNow() {
  const w = window as Watched;
  if (!w.__axeMoved) {
    const moved = { since: false };
    const note = () => {
      moved.since = true;
    };
    for (const type of ['transitionstart', 'transitionrun', 'animationstart']) {
      document.addEventListener(type, note, true);
    }
    w.__axeMoved = moved;
  }
  w.__axeMoved.since = false;
  return document
    .getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY);
}

/** Whether an animation or transition started since settledSinceNow last held, or one runs now. */
function movedSince() {
  if ((window as Watched).__axeMoved?.since) return true;
  return document
    .getAnimations()
    .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
}

/**
 * The rules whose every check is minor or moderate: they can never report a serious or critical violation, so
 * skipping them leaves the verdict as it was (region and the landmark rules walk the whole page: 8 % of a
 * check on a feed of 30 posts, 438 -> 404 ms). Read from axe itself after the worker's first check, so a new
 * axe with other impacts is followed.
 */
let belowSerious: string[] | undefined;
function rulesBelowSerious() {
  const audit = (window as unknown as { axe: { _audit: AxeAudit } }).axe._audit;
  const low = (id: string) => ['minor', 'moderate'].includes(audit.data.checks[id]?.impact ?? '');
  const ids = (checks: (string | { id: string })[]) => checks.map((c) => (typeof c === 'string' ? c : c.id));
  return (
    audit.rules
      .map((r) => ({ id: r.id, checks: [...ids(r.any), ...ids(r.all), ...ids(r.none)] }))
      // A rule with no checks of its own says nothing about its impact: it stays.
      .filter((r) => r.checks.length > 0 && r.checks.every(low))
      .map((r) => r.id)
  );
}
interface AxeAudit {
  data: { checks: Record<string, { impact?: string }> };
  rules: {
    id: string;
    any: (string | { id: string })[];
    all: (string | { id: string })[];
    none: (string | { id: string })[];
  }[];
}

/** The page as it stands, resized in place to 1280 then 360 px: no sideways scroll and axe clean at each. */
export async function expectGoodAtBothWidths(page: Page) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSideScroll(page);
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page never scrolls sideways (the 360 px promise). */
export async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, page.url()).toBeLessThanOrEqual(0);
}

/** Presses `key` until `target` has focus: a keyboard user's way there (Tab, or arrows in a menu). */
export async function pressUntilFocused(page: Page, key: string, target: Locator, max = 40) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
    // Radix moves focus between menu items in a setTimeout after the keydown; a check before it runs would
    // press again and overshoot a menu's last item. A later timer runs after it.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  }
  await expect(target).toBeFocused();
}

export const tabTo = (page: Page, target: Locator, { back = false } = {}) =>
  pressUntilFocused(page, back ? 'Shift+Tab' : 'Tab', target);

export interface Shown {
  text: string;
  /** The page's clock when it appeared. */
  at: number;
}

let recorders = 0;

/**
 * From now on, every element matching `selector` that the page shows, in order: one that came and went
 * between two checks still counts (a toast lives 500 ms before a redirect), and so does one shown just
 * before a full page load. The list fills as the page reports, so read it with `expect.poll`.
 */
export async function recordShown(page: Page, selector: string): Promise<Shown[]> {
  const shown: Shown[] = [];
  const name = `__shown${++recorders}`;
  await page.exposeFunction(name, (text: string, at: number) => {
    shown.push({ text, at });
  });
  const watch = ({ name, selector }: { name: string; selector: string }) => {
    const report = (window as unknown as Record<string, (text: string, at: number) => void>)[name]!;
    const seen = new WeakSet<Element>();
    const scan = () => {
      for (const el of document.querySelectorAll(selector)) {
        if (seen.has(el)) continue;
        seen.add(el);
        report(el.textContent ?? '', Date.now());
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true });
    scan();
  };
  await page.addInitScript(watch, { name, selector });
  await page.evaluate(watch, { name, selector });
  return shown;
}

/** Every toast the page shows from now on (see recordShown). */
export const recordToasts = (page: Page) =>
  recordShown(page, '[role="region"][aria-label^="Notifications"] li');

/**
 * Pauses the page's clock (installed with `page.clock.install()`) about now. The page's time moves on while
 * the call travels, so it pauses a little ahead, and further ahead again when a loaded machine was slower
 * than that ("Cannot fast-forward to the past").
 */
export async function pauseClock(page: Page) {
  for (let ahead = 100; ; ahead *= 4) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead >= 1_600 || !String(error).includes('to the past')) throw error;
    }
  }
}
