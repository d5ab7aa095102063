// Media rules shared by the server's checks and the client's dialogs (spec 001 §5, §9; DECISIONS §7).
const MB = 1024 * 1024;

export const UPLOAD_CATEGORIES = ['image', 'video', 'audio', 'document', 'avatar'] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];

/** Per-category size limits, enforced before (declared size) and after (stored size) the bytes arrive. */
export const UPLOAD_LIMITS: Record<UploadCategory, number> = {
  image: 10 * MB,
  video: 200 * MB,
  audio: 50 * MB,
  document: 25 * MB,
  avatar: 5 * MB,
};

/** The text the spec shows for the limits ("Upload limits shown as text"). */
export const UPLOAD_LIMITS_TEXT = 'videos 200MB, audio 50MB, documents 25MB, images 10MB';

/** Allowed extensions per category (spec 001 §5: "icon" is .ico). Avatars take the image list. */
export const ALLOWED_EXTENSIONS: Record<Exclude<UploadCategory, 'avatar'>, readonly string[]> = {
  image: ['jpeg', 'jpg', 'png', 'gif', 'webp', 'svg', 'bmp', 'tiff', 'tif', 'ico'],
  video: ['mp4', 'mov', 'avi', 'mkv', 'webm', 'flv', 'wmv', 'm4v'],
  audio: ['mp3', 'wav', 'flac', 'aac', 'ogg', 'oga', 'm4a', 'wma', 'webm'],
  document: [
    'pdf',
    'doc',
    'docx',
    'ppt',
    'pptx',
    'xls',
    'xlsx',
    'txt',
    'rtf',
    'csv',
    'zip',
    'rar',
    '7z',
    'json',
    'xml',
  ],
};

/** The MIME types the client's file inputs accept and the server stores, by extension. */
export const MIME_BY_EXTENSION: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  flv: 'video/x-flv',
  wmv: 'video/x-ms-wmv',
  m4v: 'video/x-m4v',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  wma: 'audio/x-ms-wma',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  rtf: 'application/rtf',
  csv: 'text/csv',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  json: 'application/json',
  xml: 'application/xml',
};

/** The dialog's category names in "Please select {category}." (spec 001 §5). */
export const CATEGORY_LABELS: Record<Exclude<UploadCategory, 'avatar'>, string> = {
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  document: 'Documents',
};

export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** The category a file name belongs to (webm counts as video), or null when no category allows it. */
export function categoryOf(fileName: string): Exclude<UploadCategory, 'avatar'> | null {
  const ext = extensionOf(fileName);
  for (const category of ['image', 'video', 'audio', 'document'] as const) {
    if (ALLOWED_EXTENSIONS[category].includes(ext)) return category;
  }
  return null;
}

/** The post type a single upload of this category makes (spec 001 §5). */
export const POST_TYPE_BY_CATEGORY = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'file',
} as const;

/** Spec 001 §5: previewable types (documents and archives are not). */
const PREVIEWABLE = ['pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'mp4', 'webm', 'avi', 'mov'];
const PREVIEWABLE_AUDIO = ['mp3', 'wav', 'ogg', 'm4a', 'flac'];
export const isPreviewable = (fileName: string) =>
  [...PREVIEWABLE, ...PREVIEWABLE_AUDIO].includes(extensionOf(fileName));

/** The file row's badge (spec 001 §2). */
export function fileBadge(fileName: string): 'PDF' | 'IMG' | 'DOC' | 'ZIP' | 'FILE' {
  const ext = extensionOf(fileName);
  if (ext === 'pdf') return 'PDF';
  if (ALLOWED_EXTENSIONS.image.includes(ext)) return 'IMG';
  if (['doc', 'docx', 'txt', 'rtf', 'ppt', 'pptx', 'xls', 'xlsx', 'csv'].includes(ext)) return 'DOC';
  if (['zip', 'rar', '7z'].includes(ext)) return 'ZIP';
  return 'FILE';
}

/** Upload rules of spec 001 §5 and §9 the client follows. */
export const UPLOAD = {
  maxFilesPerPost: 10,
  galleryMax: 10,
  dialogDefaultMaxFiles: 1,
  dialogDefaultMaxBytes: 10_485_760,
  compressOverBytes: 100 * 1024,
  compressTypes: ['image/jpeg', 'image/png', 'image/webp'],
  compressMaxWidth: 1920,
  compressMaxHeight: 1080,
  compressQuality: 0.8,
  multipartOverBytes: 100 * MB,
  multipartChunkBytes: 5 * MB,
  multipartMaxParts: 10_000,
  multipartConcurrency: 6,
  retryDelaysMs: [0, 1000, 3000, 5000],
  /** Statuses the storage client retries (spec 001 §8). */
  retryStatuses: [408, 409, 429, 418, 423],
  /** How long an upload URL stays valid. */
  urlTtlSeconds: 15 * 60,
  /** Uploads never attached to anything are removed after this long. */
  orphanAfterMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * A multipart upload's parts follow from its declared size: every part is `multipartPartSize(size)` bytes
 * (5 MB, or more when 10,000 would not hold the file) except the last, which holds the rest. The server signs
 * each part's length from this (DECISIONS §7 in the README), so parts sent at once never add up to more than
 * was declared.
 */
export const multipartPartSize = (fileSize: number, minimum: number = UPLOAD.multipartChunkBytes): number =>
  Math.max(minimum, Math.ceil(fileSize / UPLOAD.multipartMaxParts));

/** The length part `partNumber` (from 1) of a `fileSize`-byte multipart upload has; 0 past the last part. */
export function multipartPartBytes(fileSize: number, partNumber: number): number {
  const chunk = multipartPartSize(fileSize);
  const count = Math.max(1, Math.ceil(fileSize / chunk));
  if (partNumber < 1 || partNumber > count) return 0;
  return Math.min(chunk, fileSize - (partNumber - 1) * chunk);
}

/** Spec 001 §5 and §9: the recorder. */
export const RECORDING = {
  maxSeconds: 300,
  warnFromSeconds: 240,
  maxVideoBytes: 100 * MB,
  maxAudioBytes: 50 * MB,
  maxFileBytes: 50 * MB,
  compressVideoOverBytes: 10 * MB,
  compressMaxWidth: 1280,
  compressMaxHeight: 720,
  compressQuality: 0.7,
  compressBitrate: 1_000_000,
} as const;

/** Thumbnails (gallery tiles, avatars): fit inside this box, webp. */
export const THUMBNAIL = { maxSide: 480, variant: 'thumb' } as const;

/** `/objects/{key}` → the thumbnail's URL (served only where the full object is). */
export const thumbnailUrl = (objectPath: string) => `${objectPath}?variant=${THUMBNAIL.variant}`;

/**
 * The larger webp made at finalise for wide tiles and single images (a 480 px thumbnail is blurry on an
 * 810 px tile): fits inside this box, never enlarged; only for images wider or taller than a thumbnail.
 */
export const LARGE_IMAGE = { maxSide: 1600, variant: 'large' } as const;

/** `/objects/{key}` → the large variant's URL (served only where the full object is). */
export const largeImageUrl = (objectPath: string) => `${objectPath}?variant=${LARGE_IMAGE.variant}`;

/** The width of an image fitted inside a `maxSide` square, never enlarged (as sharp's `fit: 'inside'`). */
export function fittedWidth(width: number, height: number, maxSide: number): number {
  if (Math.max(width, height) <= maxSide) return width;
  return width >= height ? maxSide : Math.max(1, Math.round((width * maxSide) / height));
}

/** Spec 000 §2: an image path lacking the /objects/ prefix gets it prepended. */
export const objectSrc = (path: string) =>
  /^(https?:|data:|blob:|\/objects\/)/.test(path) ? path : `/objects/${path.replace(/^\/+/, '')}`;

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
