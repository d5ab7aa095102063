// Which file a feed image loads (issue 25): the thumbnail, the large variant and the original as `srcset`
// candidates with their widths, and `sizes` measured from the box the image covers, so the browser picks the
// smallest file that is sharp there (the thumbnail in a small tile, the large webp on a wide one).
import * as React from 'react';
import { fittedWidth, LARGE_IMAGE, THUMBNAIL } from '../../../common/media.ts';
import type { GalleryImage } from './reserved-box.ts';

/** `src` and `srcSet` for an image of known size with a thumbnail; else just `fallback`. */
export function imageSources(image: GalleryImage, fallback: string): { src: string; srcSet?: string } {
  const { width, height, thumbnailUrl, largeUrl } = image;
  if (!thumbnailUrl || !width || !height) return { src: fallback };
  const candidates: [string, number][] = [[thumbnailUrl, fittedWidth(width, height, THUMBNAIL.maxSide)]];
  if (largeUrl) candidates.push([largeUrl, fittedWidth(width, height, LARGE_IMAGE.maxSide)]);
  // The original only where it is wider than every variant (older uploads have no large one).
  if (width > candidates[candidates.length - 1]![1]) candidates.push([image.url, width]);
  return { src: thumbnailUrl, srcSet: candidates.map(([url, w]) => `${url} ${w}w`).join(', ') };
}

/**
 * The CSS width an image drawn with `object-fit: cover` needs in its box: the box's width, or more when the
 * box is relatively taller than the image (the sides are cut off).
 */
export function coverWidth(box: { width: number; height: number }, image: { width: number; height: number }) {
  return Math.ceil(Math.max(box.width, (box.height * image.width) / image.height));
}

/**
 * A ref for the <img> and the `sizes` to render. The measured size is written to the element itself (before
 * a lazy image starts loading, and again when its box changes): React leaves an attribute alone while its
 * prop stays the same, so `fallback` only counts until the first measure.
 */
export function useCoverSizes(image: GalleryImage, fallback: string) {
  const ref = React.useRef<HTMLImageElement>(null);
  const { width, height } = image;
  React.useLayoutEffect(() => {
    const img = ref.current;
    if (!img || !width || !height) return;
    const apply = (box: { width: number; height: number }) => {
      if (box.width > 0) img.sizes = `${coverWidth(box, { width, height })}px`;
    };
    apply(img.getBoundingClientRect());
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && apply(entry.contentRect));
    observer.observe(img);
    return () => observer.disconnect();
  }, [width, height]);
  return { ref, sizes: fallback };
}
