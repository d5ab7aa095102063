// What an upload really is (DECISIONS §7): the type from its magic bytes (file-type), text formats checked
// as text (valid UTF-8, no NUL; SVG with an <svg> root that librsvg can read), the category and its size
// limit, an image's width and height (image-size), and webp variants (sharp): a thumbnail, and a large one
// for images bigger than a thumbnail (not avatars). The file name and the
// declared type only say what the content must turn out to be.
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import {
  ALLOWED_EXTENSIONS,
  CATEGORY_LABELS,
  extensionOf,
  LARGE_IMAGE,
  MIME_BY_EXTENSION,
  THUMBNAIL,
  UPLOAD_LIMITS,
  type UploadCategory,
} from '../../common/media.ts';
import { HttpError } from '../http/errors.ts';
import type { ObjectStore } from '../storage/types.ts';

export type MediaCategory = Exclude<UploadCategory, 'avatar'>;

/** Extensions whose content is text: no magic bytes, checked as UTF-8 instead. */
const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'json', 'xml', 'svg']);

/** For each allowed extension, the file-type results its content may have. */
const DETECTED_AS: Record<string, readonly string[]> = {
  jpeg: ['jpg'],
  jpg: ['jpg'],
  png: ['png', 'apng'],
  gif: ['gif'],
  webp: ['webp'],
  bmp: ['bmp'],
  tiff: ['tif'],
  tif: ['tif'],
  ico: ['ico'],
  mp4: ['mp4', 'm4v', 'mov', 'f4v'],
  m4v: ['m4v', 'mp4'],
  mov: ['mov', 'mp4', 'qt'],
  avi: ['avi'],
  mkv: ['mkv', 'webm'],
  webm: ['webm', 'mkv'],
  flv: ['flv'],
  wmv: ['asf'],
  mp3: ['mp3'],
  wav: ['wav'],
  flac: ['flac'],
  aac: ['aac'],
  ogg: ['ogg', 'oga', 'opus', 'spx', 'ogx'],
  oga: ['ogg', 'oga', 'opus', 'spx', 'ogx'],
  m4a: ['m4a', 'mp4', 'm4b'],
  wma: ['asf'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  rtf: ['rtf'],
  zip: ['zip', 'docx', 'xlsx', 'pptx'],
  rar: ['rar'],
  '7z': ['7z'],
  xml: ['xml'],
  svg: ['xml'],
};

/** With no file name or declared type: the extension a detected type stands for. */
const EXTENSION_OF_DETECTED: Record<string, string> = {
  jpg: 'jpg',
  png: 'png',
  apng: 'png',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  tif: 'tif',
  ico: 'ico',
  mp4: 'mp4',
  m4v: 'm4v',
  mov: 'mov',
  avi: 'avi',
  mkv: 'mkv',
  webm: 'webm',
  flv: 'flv',
  asf: 'wmv',
  mp3: 'mp3',
  wav: 'wav',
  flac: 'flac',
  aac: 'aac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  m4a: 'm4a',
  pdf: 'pdf',
  cfb: 'doc',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  rtf: 'rtf',
  zip: 'zip',
  rar: 'rar',
  '7z': '7z',
  xml: 'xml',
};

/** Raster images sharp (prebuilt libvips) reads: these get a thumbnail and must decode. */
const SHARP_READS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'tif', 'tiff']);
/** Pixels sharp decodes at most (a decompression bomb is refused, not thumbnailed). */
const MAX_INPUT_PIXELS = 100_000_000;
const HEAD_BYTES = 64 * 1024;
const MB = 1024 * 1024;

const ALL_EXTENSIONS = new Set(Object.values(ALLOWED_EXTENSIONS).flat());
const EXTENSION_BY_MIME = new Map<string, string>();
for (const [ext, mime] of Object.entries(MIME_BY_EXTENSION)) {
  if (!EXTENSION_BY_MIME.has(mime)) EXTENSION_BY_MIME.set(mime, ext);
}
EXTENSION_BY_MIME.set('audio/webm', 'webm');
EXTENSION_BY_MIME.set('audio/mp3', 'mp3');
EXTENSION_BY_MIME.set('audio/x-wav', 'wav');
EXTENSION_BY_MIME.set('image/jpg', 'jpg');
EXTENSION_BY_MIME.set('text/xml', 'xml');

export const typeNotAllowed = (message: string) => new HttpError(400, message);
const LABEL: Record<UploadCategory, string> = { ...CATEGORY_LABELS, avatar: 'Profile images' };

export function tooLarge(category: UploadCategory, size: number) {
  const limit = UPLOAD_LIMITS[category];
  return new HttpError(
    413,
    `File is too large: ${LABEL[category].toLowerCase()} may be at most ${Math.round(limit / MB)} MB`,
    { limit, size },
  );
}

/** The extensions a category accepts. Avatars: raster images only (they are shown as thumbnails). */
export function extensionsFor(category: UploadCategory): readonly string[] {
  if (category === 'avatar') return ALLOWED_EXTENSIONS.image.filter((e) => e !== 'svg');
  return ALLOWED_EXTENSIONS[category];
}

/** The category a stored extension falls in when the uploader named none (webm counts as video). */
export function categoryOfExtension(ext: string): MediaCategory | null {
  for (const category of ['image', 'video', 'audio', 'document'] as const) {
    if (ALLOWED_EXTENSIONS[category].includes(ext)) return category;
  }
  return null;
}

/**
 * The extension the uploader claims: from the file name, else from the declared type; null when neither
 * says. A claimed extension no category allows is refused at once.
 */
export function claimedExtension(fileName?: string | null, contentType?: string | null): string | null {
  if (fileName) {
    const ext = extensionOf(fileName);
    if (!ALL_EXTENSIONS.has(ext)) {
      throw typeNotAllowed(`File type not allowed: "${fileName}" is not one of the supported types`);
    }
    return ext;
  }
  const mime = contentType?.split(';')[0]?.trim().toLowerCase();
  return (mime && EXTENSION_BY_MIME.get(mime)) || null;
}

/** Early refusals from what the uploader declared (before any bytes). */
export function checkDeclared(input: {
  category?: UploadCategory | null;
  fileName?: string | null;
  contentType?: string | null;
  size?: number | null;
}): { category: UploadCategory | null; ext: string | null } {
  const ext = claimedExtension(input.fileName, input.contentType);
  const category = input.category ?? (ext ? categoryOfExtension(ext) : null);
  if (category && ext && !extensionsFor(category).includes(ext)) {
    throw typeNotAllowed(`File type not allowed: .${ext} is not one of the ${LABEL[category]} types`);
  }
  const limit = UPLOAD_LIMITS[category ?? 'video'];
  if (input.size != null && input.size > limit) throw tooLarge(category ?? 'video', input.size);
  return { category, ext };
}

async function readHead(store: ObjectStore, key: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0);
  const stream = await store.read(key, { start: 0, end: Math.min(size, HEAD_BYTES) - 1 });
  if (!stream) throw new HttpError(404, 'Upload not found');
  return collect(stream, HEAD_BYTES);
}

async function collect(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      total += (chunk as Buffer).length;
      if (total > max) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, max);
}

async function readAll(store: ObjectStore, key: string, size: number): Promise<Buffer> {
  const stream = await store.read(key);
  if (!stream) throw new HttpError(404, 'Upload not found');
  return collect(stream, size);
}

/** Valid UTF-8 without NUL characters, read as a stream (documents may be 25 MB). */
async function checkText(store: ObjectStore, key: string, label: string): Promise<void> {
  const stream = await store.read(key);
  if (!stream) throw new HttpError(404, 'Upload not found');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream) {
      if ((chunk as Buffer).includes(0))
        throw typeNotAllowed(`File type not allowed: ${label} is not a text file`);
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof TypeError)
      throw typeNotAllowed(`File type not allowed: ${label} is not valid UTF-8 text`);
    throw err;
  } finally {
    stream.destroy();
  }
}

/**
 * The root element's name of an XML document, after the prolog (declaration, comments, processing
 * instructions, a DOCTYPE without an internal subset). Null when there is none or the prolog is odd.
 */
export function xmlRootName(text: string): string | null {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith('<?')) {
      const end = rest.indexOf('?>');
      if (end < 0) return null;
      rest = rest.slice(end + 2);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return null;
      rest = rest.slice(end + 3);
    } else if (/^<!DOCTYPE/i.test(rest)) {
      const end = rest.indexOf('>');
      // An internal subset can declare entities (billion laughs, external files): refused.
      if (end < 0 || rest.slice(0, end).includes('[')) return null;
      rest = rest.slice(end + 1);
    } else {
      const match = /^<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)[\s/>]/.exec(rest);
      return match ? match[1]! : null;
    }
  }
}

export interface Inspection {
  ext: string;
  contentType: string;
  category: UploadCategory;
  size: number;
  width: number | null;
  height: number | null;
  /** The webp thumbnail's bytes (jpeg, png, gif, webp, tiff); null for everything else. */
  thumbnail: Buffer | null;
  /** The webp fitting LARGE_IMAGE (post images larger than a thumbnail); null for everything else. */
  large: Buffer | null;
}

/**
 * Checks an object that has arrived: its type by content, its category and size limit, and for images the
 * dimensions and thumbnail. Throws 400 (type) or 413 (size); the caller removes the object.
 */
export async function inspectObject(
  store: ObjectStore,
  key: string,
  input: {
    size: number;
    category: UploadCategory | null;
    fileName?: string | null;
    contentType?: string | null;
  },
): Promise<Inspection> {
  const label = input.fileName ? `"${input.fileName}"` : 'the file';
  const claimed = claimedExtension(input.fileName, input.contentType);
  // The size alone can already be too much for any category this could be.
  const widest = input.category ?? (claimed ? categoryOfExtension(claimed) : null) ?? 'video';
  if (input.size > UPLOAD_LIMITS[widest]) throw tooLarge(widest, input.size);
  if (input.size === 0) throw typeNotAllowed('The file is empty');

  const head = await readHead(store, key, input.size);
  const detected = (await fileTypeFromBuffer(head))?.ext as string | undefined;

  let ext: string;
  if (claimed) {
    const isText = TEXT_EXTENSIONS.has(claimed);
    const fits = detected ? (DETECTED_AS[claimed] ?? []).includes(detected) : isText;
    if (!fits) throw typeNotAllowed(`File type not allowed: ${label} is not a valid .${claimed} file`);
    ext = claimed;
  } else {
    const found = detected && EXTENSION_OF_DETECTED[detected];
    if (!found) {
      throw typeNotAllowed(
        `File type not allowed: the type of ${label} could not be recognised from its content`,
      );
    }
    ext = found;
  }

  const category = input.category ?? categoryOfExtension(ext);
  if (!category || !extensionsFor(category).includes(ext)) {
    throw typeNotAllowed(
      `File type not allowed: .${ext} is not one of the ${category ? LABEL[category] : 'supported'} types`,
    );
  }
  if (input.size > UPLOAD_LIMITS[category]) throw tooLarge(category, input.size);

  if (TEXT_EXTENSIONS.has(ext)) await checkText(store, key, label);

  let contentType = MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
  if (category === 'audio' && ext === 'webm') contentType = 'audio/webm';

  let width: number | null = null;
  let height: number | null = null;
  let thumbnail: Buffer | null = null;
  let large: Buffer | null = null;
  if (category === 'image' || category === 'avatar') {
    const bytes = await readAll(store, key, input.size);
    if (ext === 'svg') {
      const root = xmlRootName(bytes.toString('utf8'));
      if (root !== 'svg' && root !== 'svg:svg') {
        throw typeNotAllowed(`File type not allowed: ${label} is not an SVG image (no <svg> root element)`);
      }
      try {
        await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      } catch {
        throw typeNotAllowed(`File type not allowed: ${label} is not a readable SVG image`);
      }
    }
    try {
      const dims = imageSize(bytes);
      const turned = (dims.orientation ?? 1) >= 5;
      width = (turned ? dims.height : dims.width) ?? null;
      height = (turned ? dims.width : dims.height) ?? null;
    } catch {
      if (ext !== 'svg') throw typeNotAllowed(`File type not allowed: ${label} is not a readable image`);
    }
    if (SHARP_READS.has(ext)) {
      // Avatars show only as thumbnails; an image that fits a thumbnail has nothing larger to offer; an
      // animation keeps its original in the feed (a still frame would stop it).
      const wantsLarge =
        category === 'image' &&
        Math.max(width ?? 0, height ?? 0) > THUMBNAIL.maxSide &&
        !(await isAnimated(bytes, ext));
      [thumbnail, large] = await Promise.all([
        makeThumbnail(bytes, label),
        wantsLarge ? makeLargeImage(bytes, label) : null,
      ]);
    }
  }
  return { ext, contentType, category, size: input.size, width, height, thumbnail, large };
}

async function isAnimated(bytes: Buffer, ext: string): Promise<boolean> {
  if (ext !== 'gif' && ext !== 'webp') return false;
  try {
    return ((await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).pages ?? 1) > 1;
  } catch {
    return false; // makeThumbnail refuses what cannot be read
  }
}

/** Fit inside 480×480 (never enlarged), EXIF orientation applied, first frame of an animation, webp. */
export function makeThumbnail(bytes: Buffer, label = 'the image'): Promise<Buffer> {
  return webpFitting(bytes, THUMBNAIL.maxSide, 4, label);
}

/**
 * The same inside 1600×1600. Encoding effort 1 of 6: on a 4000×3000 photo about half the encoder's time at the
 * default (4), and no larger a file (bench/upload.ts times the finalise).
 */
export function makeLargeImage(bytes: Buffer, label = 'the image'): Promise<Buffer> {
  return webpFitting(bytes, LARGE_IMAGE.maxSide, 1, label);
}

async function webpFitting(bytes: Buffer, maxSide: number, effort: number, label: string): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort })
      .toBuffer();
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) {
      throw typeNotAllowed(
        `Image is too large: ${label} has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
      );
    }
    throw typeNotAllowed(`File type not allowed: ${label} is not a readable image`);
  }
}
