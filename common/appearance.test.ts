import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCENT_COLORS, ACCENT_SURFACES, contrastRatio } from './appearance.ts';

describe('accent palette', () => {
  it('computes WCAG contrast as the spec defines it', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('matches the client theme surfaces', () => {
    const css = readFileSync(new URL('../client/index.css', import.meta.url), 'utf8');
    expect(css).toMatch(new RegExp(`--card: ${ACCENT_SURFACES.card};`));
    expect(css).toMatch(new RegExp(`--background: ${ACCENT_SURFACES.background};`));
  });

  for (const [name, { hex }] of Object.entries(ACCENT_COLORS)) {
    it(`${name} (${hex}) reads at 4.5:1 or more on every surface`, () => {
      for (const surface of Object.values(ACCENT_SURFACES)) {
        expect(contrastRatio(hex, surface)).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
