// Image compression before upload (spec 001 §5): jpeg, jpg, png or webp over 100 KB become jpeg of at most
// 1920x1080 at quality 0.8. browser-image-compression runs in a worker that loads the library from `libURL`:
// a copy bundled with the app (a CDN by default, which offline froze the page for seconds).
import type { Options as CompressionOptions } from 'browser-image-compression';
import libraryUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { humanSize, UPLOAD } from '../../../common/media.ts';
import { abortError } from './http.ts';

/** True for the images the spec compresses. */
export function shouldCompress(file: Pick<File, 'type' | 'size'>): boolean {
  return (
    (UPLOAD.compressTypes as readonly string[]).includes(file.type) && file.size > UPLOAD.compressOverBytes
  );
}

/**
 * The longest side the image may keep so it fits inside maxWidth x maxHeight (never enlarged); undefined when
 * it already fits. browser-image-compression bounds the longest side only, so the box is applied here.
 */
export function longestSideWithin(
  width: number,
  height: number,
  maxWidth: number = UPLOAD.compressMaxWidth,
  maxHeight: number = UPLOAD.compressMaxHeight,
): number | undefined {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  if (scale >= 1) return undefined;
  return Math.max(1, Math.floor(Math.max(width, height) * scale));
}

/** "photo.png" → "photo.jpg" (the bytes are jpeg now; the server checks names against content). */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/** The bundled library's absolute address: the worker runs from a blob: URL, where relative ones fail. */
export const compressionLibUrl = () => new URL(libraryUrl, document.baseURI).href;

export interface CompressDeps {
  compress: (file: File, options: CompressionOptions) => Promise<Blob>;
  dimensions: (file: File) => Promise<{ width: number; height: number }>;
}

async function imageDimensions(file: File) {
  const bitmap = await createImageBitmap(file);
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

// The library loads with the first image to compress, not with the page.
const defaultDeps: CompressDeps = {
  compress: async (file, options) => (await import('browser-image-compression')).default(file, options),
  dimensions: imageDimensions,
};

/**
 * The compressed image, or the original when compressing would not make it smaller. Throws when the image
 * cannot be decoded or encoded (the caller then uploads the original: "Compression Failed").
 */
export async function compressImage(
  file: File,
  {
    signal,
    onProgress,
    deps = defaultDeps,
  }: { signal?: AbortSignal; onProgress?: (pct: number) => void; deps?: CompressDeps } = {},
): Promise<File> {
  if (signal?.aborted) throw abortError();
  const { width, height } = await deps.dimensions(file);
  const blob = await deps.compress(file, {
    fileType: 'image/jpeg',
    initialQuality: UPLOAD.compressQuality,
    maxWidthOrHeight: longestSideWithin(width, height),
    // One pass at quality 0.8; no size target, so no further quality steps.
    maxSizeMB: Number.POSITIVE_INFINITY,
    useWebWorker: true,
    libURL: compressionLibUrl(),
    preserveExif: false,
    signal,
    onProgress,
  });
  if (signal?.aborted) throw abortError();
  if (blob.size >= file.size) return file;
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}

export interface CompressionSummary {
  before: number;
  after: number;
}

/** 'Reduced size by X% (a → b)' (spec 001 §5). */
export function compressionMessage({ before, after }: CompressionSummary): string {
  const pct = before > 0 ? Math.round(((before - after) / before) * 100) : 0;
  return `Reduced size by ${pct}% (${humanSize(before)} → ${humanSize(after)})`;
}

export interface CompressionOutcome extends CompressionSummary {
  /** An image could not be compressed and went as it was. */
  failed: boolean;
}

/**
 * The compression result as a sentence for the upload's own toast ("Files Uploaded"): a separate toast would be
 * replaced by it at once, one toast showing at a time (spec 000 §4). Null when nothing was compressed.
 */
export function compressionNote({ before, after, failed }: CompressionOutcome): string | null {
  if (failed) return 'Images were uploaded without compression.';
  if (after < before) return `Images compressed. ${compressionMessage({ before, after })}.`;
  return null;
}
