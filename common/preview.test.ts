import { describe, expect, it } from 'vitest';
import { ELLIPSIS, previewText } from './preview.ts';

const points = (s: string) => [...s].length;
/** No lone surrogate anywhere: every UTF-16 unit pairs up. */
const wellFormed = (s: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('previewText', () => {
  it('keeps a text of at most `max` code points whole, an emoji at the end included', () => {
    expect(previewText('Hello', 140)).toBe('Hello');
    const full = `${'a'.repeat(139)}😀`;
    expect(full.length).toBe(141);
    expect(previewText(full, 140)).toBe(full);
  });

  it('cuts a longer one to at most `max` code points, "…" included', () => {
    const cut = previewText('x'.repeat(500), 140);
    expect(cut).toBe(`${'x'.repeat(139)}${ELLIPSIS}`);
    expect(points(cut)).toBe(140);
  });

  it('never splits a surrogate pair or an emoji sequence at the boundary', () => {
    // The emoji is the 139th code point: it fits whole before the "…".
    expect(previewText(`${'a'.repeat(138)}😀${'b'.repeat(10)}`, 140)).toBe(`${'a'.repeat(138)}😀${ELLIPSIS}`);
    // It would be the 140th: the cut falls before it, not between its two UTF-16 units.
    const before = previewText(`${'a'.repeat(139)}😀😀`, 140);
    expect(before).toBe(`${'a'.repeat(139)}${ELLIPSIS}`);
    // A family (5 code points joined by ZWJ), a flag (2 regional indicators), a skin tone: whole or gone.
    for (const sequence of ['👨‍👩‍👧', '🇫🇷', '👍🏽']) {
      for (let lead = 134; lead <= 140; lead++) {
        const cut = previewText(`${'a'.repeat(lead)}${sequence}${'z'.repeat(5)}`, 140);
        expect(points(cut)).toBeLessThanOrEqual(140);
        expect(wellFormed(cut)).toBe(true);
        const body = cut.slice(0, -ELLIPSIS.length);
        expect([`${'a'.repeat(lead)}${sequence}`, 'a'.repeat(Math.min(lead, 139))], sequence).toContain(
          body.replace(/z+$/, ''),
        );
      }
    }
  });

  it('drops trailing spaces before the "…"', () => {
    expect(previewText(`${'a'.repeat(130)}${' '.repeat(20)}tail`, 140)).toBe(`${'a'.repeat(130)}${ELLIPSIS}`);
  });
});
