// Sizes of media boxes, kept apart from the lightbox so the feed's first load does not carry the dialog.
import type * as React from 'react';

/** One image of a post, its paths ready to use (objectSrc applied). */
export interface GalleryImage {
  url: string;
  /** The small webp for tiles; the full image where there is none (svg). */
  thumbnailUrl: string | null;
  /** The webp fitting 1600×1600 for wide tiles; absent on small images and older uploads. */
  largeUrl?: string | null;
  width: number | null;
  height: number | null;
  fileName?: string | null;
}

/**
 * The box an image of known size takes before it loads: its aspect ratio, as wide as fits both the column
 * and `maxHeight`. Undefined when the size is unknown (the caller reserves a fixed shape instead).
 */
export function reservedBox(
  { width, height }: { width: number | null; height: number | null },
  maxHeight: string,
): React.CSSProperties | undefined {
  if (!width || !height) return undefined;
  const ratio = Number((width / height).toFixed(4));
  return { aspectRatio: `${width} / ${height}`, width: `min(100%, calc(${maxHeight} * ${ratio}))` };
}
