// The API contract of uploads, multipart uploads and media (spec 001 §7, DECISIONS §7).
import { z } from 'zod';
import { UPLOAD_CATEGORIES, UPLOAD_LIMITS } from '../media.ts';

const MAX_BYTES = UPLOAD_LIMITS.video;
const fileName = z
  .string()
  .trim()
  .min(1, 'File name is required')
  .max(255, 'File name must be at most 255 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'File name must not contain control characters');

/** The file's size in bytes, required (issue 23): the upload URL is signed for exactly this many bytes. */
const declaredSize = (max: number, field: string) =>
  z
    .number({
      error: (issue) => {
        if (issue.code !== 'invalid_type') return undefined;
        return issue.input === undefined
          ? `Declare the file's size in bytes (${field})`
          : `${field} must be a number of bytes`;
      },
    })
    .int()
    .min(0)
    .max(max);

/**
 * POST /api/objects/upload → {uploadURL}. The size is required: the URL takes exactly that many bytes (an S3
 * presigned PUT signs it as Content-Length; the local endpoint refuses more). The other fields are optional;
 * without a category the server takes the widest one the content turns out to be, checked when finalised.
 */
export const uploadRequestBody = z
  .object({
    category: z.enum(UPLOAD_CATEGORIES).optional(),
    size: declaredSize(Number.MAX_SAFE_INTEGER, 'size'),
    contentType: z.string().max(255).optional(),
    fileName: fileName.optional(),
  })
  .strict();
export type UploadRequestBody = z.input<typeof uploadRequestBody>;
export const uploadResponse = z.object({ uploadURL: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;

/** PUT /api/media {mediaURL} → {objectPath}; PUT /api/profile-image {profileImageURL} → {objectPath}. */
export const finalizeMediaBody = z.object({ mediaURL: z.string().min(1).max(4096) }).strict();
export const finalizeProfileImageBody = z.object({ profileImageURL: z.string().min(1).max(4096) }).strict();
export const objectPathResponse = z.object({
  objectPath: z.string(),
  /** What the server found: the stored size and type, and an image's dimensions. */
  size: z.number().int(),
  contentType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ObjectPathResponse = z.infer<typeof objectPathResponse>;

// ---- multipart (spec 001 §7 "Upload storage calls"), mounted under /api/s3/multipart ----

export const multipartCreateBody = z
  .object({
    filename: fileName,
    type: z.string().max(255).default('application/octet-stream'),
    metadata: z
      .object(
        {
          category: z.enum(UPLOAD_CATEGORIES).optional(),
          // The parts' lengths follow from it (multipartPartBytes in common/media.ts).
          size: declaredSize(MAX_BYTES * 2, 'metadata.size'),
          relativePath: z.string().max(1024).nullish(),
        },
        {
          error: (issue) =>
            issue.input === undefined ? "Declare the file's size in bytes (metadata.size)" : undefined,
        },
      )
      .passthrough(),
  })
  .strict();
export type MultipartCreateBody = z.input<typeof multipartCreateBody>;
export const multipartCreateResponse = z.object({ key: z.string(), uploadId: z.string() });
export type MultipartCreateResponse = z.infer<typeof multipartCreateResponse>;

export const multipartKeyQuery = z.object({ key: z.string().min(1).max(1024) });
export const partNumber = z.coerce.number().int().min(1).max(10_000);
export const multipartPart = z.object({ PartNumber: partNumber, ETag: z.string().min(1).max(1024) });
export const multipartPartsResponse = z.array(
  z.object({ PartNumber: z.number().int(), Size: z.number().int(), ETag: z.string() }),
);
export const multipartSignResponse = z.object({
  url: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});
export const multipartCompleteBody = z.object({ parts: z.array(multipartPart).min(1).max(10_000) }).strict();
/** `location` is what PUT /api/media takes as `mediaURL`. */
export const multipartCompleteResponse = z.object({ location: z.string() });

/** An attachment as the feed shows it, beside the spec's mediaUrl(s) fields (same order). */
export const mediaInfo = z.object({
  url: z.string(),
  /** Small webp for gallery tiles and avatars; null where none is made (svg, video, audio, files). */
  thumbnailUrl: z.string().nullable(),
  /** Webp fitting 1600x1600 for wide tiles and single images; absent on older posts, null where none. */
  largeUrl: z.string().nullable().optional(),
  contentType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MediaInfo = z.infer<typeof mediaInfo>;
