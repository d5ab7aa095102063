// Which file a feed image loads (issue 25): the thumbnail, the large variant and the original as `srcset`
// candidates with their widths, and `sizes` measured from the box the image covers. Once measured, the
// candidates narrower than the box × devicePixelRatio are dropped, so the browser takes the smallest file that
// is sharp there (left to itself, Chromium takes a blurry one on dense screens when the next is much larger).
import * as React from 'react';
import { fittedWidth, LARGE_IMAGE, THUMBNAIL } from '../../../common/media.ts';
import type { GalleryImage } from './reserved-box.ts';

type Candidate = readonly [url: string, width: number];

/** The files an image of known size with a thumbnail comes in, narrowest first; empty otherwise. */
export function imageCandidates(image: GalleryImage): Candidate[] {
  const { width, height, thumbnailUrl, largeUrl } = image;
  if (!thumbnailUrl || !width || !height) return [];
  const candidates: Candidate[] = [[thumbnailUrl, fittedWidth(width, height, THUMBNAIL.maxSide)]];
  if (largeUrl) candidates.push([largeUrl, fittedWidth(width, height, LARGE_IMAGE.maxSide)]);
  // The original only where it is wider than every variant (older uploads have no large one).
  if (width > candidates[candidates.length - 1]![1]) candidates.push([image.url, width]);
  return candidates;
}

export const srcSetOf = (candidates: readonly Candidate[]) =>
  candidates.map(([url, w]) => `${url} ${w}w`).join(', ');

/** `src` and `srcSet` before any measuring: every candidate, or just `fallback` when there are none. */
export function imageSources(image: GalleryImage, fallback: string): { src: string; srcSet?: string } {
  const candidates = imageCandidates(image);
  if (candidates.length === 0) return { src: fallback };
  return { src: candidates[0]![0], srcSet: srcSetOf(candidates) };
}

/**
 * The CSS width an image drawn with `object-fit: cover` needs in its box: the box's width, or more when the
 * box is relatively taller than the image (the sides are cut off).
 */
export function coverWidth(box: { width: number; height: number }, image: { width: number; height: number }) {
  return Math.ceil(Math.max(box.width, (box.height * image.width) / image.height));
}

/** From which candidate on the srcset keeps: the narrowest at least `pixels` wide, else the widest. */
export function firstSharp(candidates: readonly Candidate[], pixels: number): number {
  const index = candidates.findIndex(([, width]) => width >= pixels);
  return index < 0 ? candidates.length - 1 : index;
}

/**
 * Props for a feed <img>: `src`, `srcSet`, `sizes` (`fallbackSizes` until measured) and the ref that measures.
 * The measure is written to the element itself, before a lazy image starts loading and again when its box
 * changes (React leaves an attribute alone while its prop stays the same). It never drops back to a smaller
 * file than one already chosen.
 */
export function useSharpImage(image: GalleryImage, fallbackSrc: string, fallbackSizes: string) {
  const ref = React.useRef<HTMLImageElement>(null);
  const { url, thumbnailUrl, largeUrl, width, height } = image;
  const candidates = React.useMemo(
    () => imageCandidates({ url, thumbnailUrl, largeUrl, width, height }),
    [url, thumbnailUrl, largeUrl, width, height],
  );
  React.useLayoutEffect(() => {
    const img = ref.current;
    if (!img || candidates.length === 0 || !width || !height) return;
    let from = 0;
    const apply = (box: { width: number; height: number }) => {
      if (box.width <= 0) return;
      const css = coverWidth(box, { width, height });
      from = Math.max(from, firstSharp(candidates, css * (window.devicePixelRatio || 1)));
      // Only real changes: each write makes the browser choose again.
      const sizes = `${css}px`;
      const srcset = srcSetOf(candidates.slice(from));
      if (img.sizes !== sizes) img.sizes = sizes;
      if (img.srcset !== srcset) img.srcset = srcset;
    };
    apply(img.getBoundingClientRect());
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && apply(entry.contentRect));
    observer.observe(img);
    return () => observer.disconnect();
  }, [candidates, width, height]);
  if (candidates.length === 0) return { ref, src: fallbackSrc };
  return { ref, src: candidates[0]![0], srcSet: srcSetOf(candidates), sizes: fallbackSizes };
}
