// A threadline's customization on screen (DECISIONS §9), for the threadline page and its dashboard card.
import type * as React from 'react';
import { ACCENT_COLORS } from '../../common/appearance.ts';
import type { TimelineAppearance } from '../../common/schemas/timeline.ts';

/** The accent's `#rrggbb`, or null for the theme's own colours. */
export const accentHex = (appearance: TimelineAppearance | null | undefined): string | null =>
  appearance?.accentColor ? ACCENT_COLORS[appearance.accentColor].hex : null;

/**
 * CSS variables that repaint a subtree in the accent: the theme's primary (buttons, links, focus rings) and
 * --tl-accent for anything else. Every palette colour reads at 4.5:1 on white, so white button text stays
 * readable; the hover shade is darker, so it reads better still.
 */
export function accentStyle(
  appearance: TimelineAppearance | null | undefined,
): React.CSSProperties | undefined {
  const hex = accentHex(appearance);
  if (!hex) return undefined;
  return {
    '--primary': hex,
    '--primary-hover': `color-mix(in srgb, ${hex} 85%, black)`,
    '--ring': hex,
    '--tl-accent': hex,
  } as React.CSSProperties;
}
