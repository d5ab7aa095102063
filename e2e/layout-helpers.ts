// Layout checks shared by the responsive journeys: long unbroken text and no sideways scrolling.
import { expect, type Page } from '@playwright/test';

export const WIDTHS = [360, 1280] as const;

/**
 * `length` characters with no space or hyphen to break at (wide letters, so it overflows fastest), with a
 * tag at the start so several fields stay tellable apart.
 */
export function unbroken(length: number, tag = 'Long'): string {
  return (tag + 'WMwm0'.repeat(Math.ceil(length / 5))).slice(0, length);
}

/** An e-mail address near the longest a form takes: a 64-character local part and a long domain. */
export function longEmail(tag: string): string {
  const local = `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${local.padEnd(64, 'x')}@${'subdomain'.repeat(6)}.example.test`;
}

/**
 * No sideways scroll: the page is no wider than the viewport, and every open dialog or menu (fixed layers
 * never widen the page) fits in it without scrolling sideways itself. Names the elements that overflow.
 */
export async function expectNoHorizontalScroll(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const vw = window.innerWidth;
    const label = (el: Element) =>
      `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class') ?? '').slice(0, 60)}"> "${(
        el.textContent ?? ''
      ).slice(0, 24)}"`;
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > vw) found.push(`page is ${pageWidth}px wide`);
    for (const layer of document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')) {
      const r = layer.getBoundingClientRect();
      if (r.left < -1 || r.right > vw + 1) found.push(`${label(layer)} spans ${r.left}..${r.right}px`);
      if (layer.scrollWidth > layer.clientWidth + 1) found.push(`${label(layer)} scrolls sideways`);
    }
    if (found.length > 0) {
      // The innermost elements reaching past the viewport: where the overflow comes from.
      for (const el of document.body.querySelectorAll('*')) {
        if (el.parentElement?.closest('svg')) continue;
        const r = el.getBoundingClientRect();
        const childOverflows = [...el.children].some((c) => c.getBoundingClientRect().right > vw + 1);
        if (r.right > vw + 1 && !childOverflows) found.push(`overflowing ${label(el)} to ${r.right}px`);
        if (found.length > 8) break;
      }
    }
    return found;
  });
  expect.soft(problems, `${where} at ${page.viewportSize()?.width}px`).toEqual([]);
}
