// Multipart uploads for files over 100 MB (spec 001 §7, §9): 5 MB parts (more when 10,000 would not hold
// the file), 6 at once, each part retried after 0, 1, 3 and 5 s; a session (key + uploadId) survives a
// failure or a pause, and resuming lists the parts already stored and sends only the rest.

import { multipartPartSize, UPLOAD, type UploadCategory } from '../../../common/media.ts';
import {
  type MultipartCreateBody,
  multipartCompleteResponse,
  multipartCreateResponse,
  multipartPartsResponse,
  multipartSignResponse,
} from '../../../common/schemas/media.ts';
import { abortError, jsonCall, type RetryOptions, withRetries, xhrPut } from './http.ts';

const BASE = '/api/s3/multipart';

export interface MultipartSession {
  key: string;
  uploadId: string;
}

export interface MultipartOptions extends Pick<RetryOptions, 'wait' | 'delays'> {
  category?: UploadCategory;
  contentType: string;
  /** A session to resume (after an error or a pause); a new one is created without it. */
  session?: MultipartSession | null;
  /** Called once the session exists, so the caller can resume or abort it later. */
  onSession?: (session: MultipartSession) => void;
  /** Bytes of the file stored so far (parts already there included). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  chunkBytes?: number;
  concurrency?: number;
}

/**
 * The part size: at least 5 MB, and big enough that the file fits in 10,000 parts. The server signs each
 * part's length from the same rule (common/media.ts), so the default must not change here alone.
 */
export const partSize = multipartPartSize;

const q = (session: MultipartSession) => `key=${encodeURIComponent(session.key)}`;
const path = (session: MultipartSession, suffix = '') =>
  `${BASE}/${encodeURIComponent(session.uploadId)}${suffix}?${q(session)}`;

/** The parts already stored for a session. */
export async function listParts(session: MultipartSession, signal?: AbortSignal) {
  return multipartPartsResponse.parse(await jsonCall('GET', path(session), undefined, signal));
}

/** DELETE the session (cancel): its stored parts are dropped. Failures are ignored (the sweep removes it). */
export async function abortMultipart(session: MultipartSession): Promise<void> {
  try {
    await jsonCall('DELETE', path(session));
  } catch {
    // Nothing the user can do about it; the server's orphan sweep cleans up.
  }
}

/** Uploads `file` in parts and completes it; answers the `location` PUT /api/media takes. */
export async function uploadMultipart(file: File, options: MultipartOptions): Promise<string> {
  const { signal, onProgress } = options;
  const retry = { signal, wait: options.wait, delays: options.delays };
  const chunk = partSize(file.size, options.chunkBytes);
  const count = Math.max(1, Math.ceil(file.size / chunk));
  const expectedSize = (n: number) => Math.min(chunk, file.size - (n - 1) * chunk);

  let session = options.session ?? null;
  const etags = new Map<number, string | null>();
  if (session) {
    const stored = await withRetries(() => listParts(session!, signal), retry);
    for (const part of stored) {
      if (part.PartNumber <= count && part.Size === expectedSize(part.PartNumber)) {
        etags.set(part.PartNumber, part.ETag);
      }
    }
  } else {
    const body: MultipartCreateBody = {
      filename: file.name,
      type: options.contentType,
      metadata: { category: options.category, size: file.size },
    };
    session = multipartCreateResponse.parse(
      await withRetries(() => jsonCall('POST', BASE, body, signal), retry),
    );
  }
  const current = session;
  options.onSession?.(current);

  const loaded = new Map<number, number>();
  for (const n of etags.keys()) loaded.set(n, expectedSize(n));
  const report = () => {
    let sum = 0;
    for (const value of loaded.values()) sum += value;
    onProgress?.(Math.min(sum, file.size), file.size);
  };
  report();

  const missing: number[] = [];
  for (let n = 1; n <= count; n++) if (!etags.has(n)) missing.push(n);

  const sendPart = async (n: number) => {
    const start = (n - 1) * chunk;
    const blob = file.slice(start, start + expectedSize(n));
    const etag = await withRetries(async () => {
      loaded.set(n, 0);
      report();
      const signed = multipartSignResponse.parse(
        await jsonCall('GET', path(current, `/${n}`), undefined, signal),
      );
      const result = await xhrPut(signed.url, blob, {
        headers: signed.headers,
        signal,
        onProgress: (bytes) => {
          loaded.set(n, bytes);
          report();
        },
      });
      return result.etag;
    }, retry);
    etags.set(n, etag);
  };

  // A small pool: each worker takes the next missing part until none is left; the first failure stops all.
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < missing.length) {
      const n = missing[next++]!;
      try {
        await sendPart(n);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  const workers = Math.min(options.concurrency ?? UPLOAD.multipartConcurrency, missing.length);
  await Promise.all(Array.from({ length: workers }, worker));
  if (signal?.aborted) throw abortError();
  if (failure !== undefined) throw failure;

  // Where CORS hides the ETag header, the stored parts' list has them.
  if ([...etags.values()].some((etag) => !etag)) {
    const stored = await withRetries(() => listParts(current, signal), retry);
    for (const part of stored) if (part.PartNumber <= count) etags.set(part.PartNumber, part.ETag);
  }
  const parts = Array.from({ length: count }, (_, i) => {
    const etag = etags.get(i + 1);
    if (!etag) throw new Error(`Part ${i + 1} of "${file.name}" is missing`);
    return { PartNumber: i + 1, ETag: etag };
  });
  const done = multipartCompleteResponse.parse(
    await withRetries(() => jsonCall('POST', path(current, '/complete'), { parts }, signal), retry),
  );
  return done.location;
}
