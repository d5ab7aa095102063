// One file's way to an object path (spec 001 §7, DECISIONS §7): POST /api/objects/upload → uploadURL, PUT
// the bytes there with their content type (XHR, for progress), then PUT /api/media {mediaURL} →
// objectPathResponse. Files over 100 MB go through the multipart calls instead (./multipart.ts).
import { extensionOf, MIME_BY_EXTENSION, UPLOAD, type UploadCategory } from '../../../common/media.ts';
import {
  type ObjectPathResponse,
  objectPathResponse,
  type UploadRequestBody,
  uploadResponse,
} from '../../../common/schemas/media.ts';
import { jsonCall, xhrPut } from './http.ts';
import { type MultipartSession, uploadMultipart } from './multipart.ts';

/** The content type sent and declared: the browser's, else the one its extension stands for. */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  return file.type || MIME_BY_EXTENSION[extensionOf(file.name)] || 'application/octet-stream';
}

export async function requestUploadUrl(body: UploadRequestBody, signal?: AbortSignal): Promise<string> {
  return uploadResponse.parse(await jsonCall('POST', '/api/objects/upload', body, signal)).uploadURL;
}

export type Finalize = (uploadURL: string, signal?: AbortSignal) => Promise<ObjectPathResponse>;

/** PUT /api/media {mediaURL}: the server checks the bytes and answers the object path. */
export const finalizeMedia: Finalize = async (mediaURL, signal) =>
  objectPathResponse.parse(await jsonCall('PUT', '/api/media', { mediaURL }, signal));

/** PUT /api/profile-image {profileImageURL}: the same checks, and the picture becomes the user's. */
export const finalizeProfileImage: Finalize = async (profileImageURL, signal) =>
  objectPathResponse.parse(await jsonCall('PUT', '/api/profile-image', { profileImageURL }, signal));

/** Marks a failure of the finalise step ("Failed to process uploaded file(s)"), not of the bytes' trip. */
export class FinalizeError extends Error {
  override name = 'FinalizeError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export interface UploadFileOptions {
  category?: UploadCategory;
  signal?: AbortSignal;
  /** Bytes sent of the file's total. */
  onProgress?: (loaded: number, total: number) => void;
  /** The bytes are stored; the server is checking them now. */
  onPostprocessing?: () => void;
  finalize?: Finalize;
  /** Over this size, multipart (spec 001 §9: 100 MB). */
  multipartOverBytes?: number;
  /** A multipart session to resume, and where to keep a new one. */
  multipart?: MultipartSession | null;
  onMultipartSession?: (session: MultipartSession) => void;
  /** For tests: the retry wait. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const usesMultipart = (size: number, over: number = UPLOAD.multipartOverBytes) => size > over;

/** Uploads `file` and finalises it. Errors of the finalise step are FinalizeError. */
export async function uploadFile(file: File, options: UploadFileOptions = {}): Promise<ObjectPathResponse> {
  const { category, signal, onProgress, finalize = finalizeMedia } = options;
  const contentType = contentTypeOf(file);
  let mediaURL: string;
  if (usesMultipart(file.size, options.multipartOverBytes)) {
    mediaURL = await uploadMultipart(file, {
      category,
      contentType,
      session: options.multipart,
      onSession: options.onMultipartSession,
      onProgress,
      signal,
      wait: options.wait,
    });
  } else {
    mediaURL = await requestUploadUrl(
      { category, size: file.size, contentType, fileName: file.name },
      signal,
    );
    onProgress?.(0, file.size);
    await xhrPut(mediaURL, file, {
      headers: { 'Content-Type': contentType },
      signal,
      onProgress: (loaded) => onProgress?.(loaded, file.size),
    });
  }
  options.onPostprocessing?.();
  try {
    return await finalize(mediaURL, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new FinalizeError(error);
  }
}
