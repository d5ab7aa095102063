// Which category a picked, dropped or pasted file belongs to, and the dialog's words when none fits
// (spec 001 §5: 'Please select {category}. "{file}" is not supported.').
import {
  ALLOWED_EXTENSIONS,
  CATEGORY_LABELS,
  categoryOf,
  extensionOf,
  MIME_BY_EXTENSION,
} from '../../../common/media.ts';

export type FileCategory = keyof typeof ALLOWED_EXTENSIONS;
export const ALL_CATEGORIES: readonly FileCategory[] = ['image', 'video', 'audio', 'document'];

/** The extension a MIME type stands for (a pasted screenshot may be called "image.png" or nothing). */
function extensionForType(type: string): string | undefined {
  const base = type.split(';')[0]!.trim().toLowerCase();
  return Object.entries(MIME_BY_EXTENSION).find(([, mime]) => mime === base)?.[0];
}

/**
 * The file's category by extension (spec 001 §5: "File type is detected by extension"); a recording's
 * `audio/webm` counts as audio, and a name without an extension falls back to the MIME type.
 */
export function fileCategory(file: Pick<File, 'name' | 'type'>): FileCategory | null {
  const ext = extensionOf(file.name) || extensionForType(file.type) || '';
  const major = file.type.split('/')[0];
  if ((major === 'audio' || major === 'video') && ALLOWED_EXTENSIONS[major].includes(ext)) return major;
  return categoryOf(`f.${ext}`);
}

/** "Images", "Images or Videos", "Images, Videos, Audio or Documents". */
export function categoryList(categories: readonly FileCategory[]): string {
  const labels = categories.map((c) => CATEGORY_LABELS[c]);
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

export const notAllowedMessage = (categories: readonly FileCategory[], fileName: string) =>
  `Please select ${categoryList(categories)}. "${fileName}" is not supported.`;

/** The file input's `accept`: every allowed extension and its MIME type. */
export function acceptAttribute(categories: readonly FileCategory[]): string {
  const exts = categories.flatMap((c) => ALLOWED_EXTENSIONS[c]);
  const mimes = exts.map((e) => MIME_BY_EXTENSION[e]).filter((m): m is string => Boolean(m));
  return [...new Set([...exts.map((e) => `.${e}`), ...mimes])].join(',');
}

/** A name for a pasted file that has none useful ("image.png" for every screenshot is fine, but not ""). */
export function namedFile(file: File, index = 0): File {
  if (file.name && extensionOf(file.name)) return file;
  const ext = extensionForType(file.type) ?? 'bin';
  return new File([file], `pasted-${Date.now()}${index ? `-${index}` : ''}.${ext}`, {
    type: file.type,
    lastModified: file.lastModified,
  });
}
