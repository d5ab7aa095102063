// Threadline customization (DECISIONS §9): the accent colours an owner may choose. Each reads at
// ≥ 4.5:1 (WCAG AA) as text on white, on the card (--card) and on the page background (--background), and
// white text reads on it as a button colour (appearance.test.ts computes every one).
export const ACCENT_COLORS = {
  indigo: { label: 'Indigo', hex: '#4f46e5' },
  blue: { label: 'Blue', hex: '#1d4ed8' },
  teal: { label: 'Teal', hex: '#0f766e' },
  green: { label: 'Green', hex: '#15803d' },
  amber: { label: 'Amber', hex: '#b45309' },
  red: { label: 'Red', hex: '#b91c1c' },
  pink: { label: 'Pink', hex: '#be185d' },
  purple: { label: 'Purple', hex: '#7e22ce' },
  slate: { label: 'Slate', hex: '#475569' },
} as const;

export type AccentColor = keyof typeof ACCENT_COLORS;
export const ACCENT_COLOR_NAMES = Object.keys(ACCENT_COLORS) as [AccentColor, ...AccentColor[]];

/** The client theme's surfaces an accent must read on (client/index.css :root). */
export const ACCENT_SURFACES = { white: '#ffffff', card: '#ffffff', background: '#f8f9fc' } as const;

/** WCAG 2.x relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
