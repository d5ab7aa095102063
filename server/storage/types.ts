// One interface for the object stores chosen by STORAGE (DECISIONS §1, §7): `local` (files under DATA_DIR,
// uploaded through a signed app endpoint) and `s3` (presigned requests to any S3-compatible store).
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  etag: string;
  contentType?: string;
}

export interface ReadOptions {
  /** Inclusive byte range. */
  start?: number;
  end?: number;
}

export interface UploadTarget {
  /** Where the client PUTs the bytes. */
  url: string;
  /** Headers the client must send with the PUT (signed ones). */
  headers?: Record<string, string>;
}

export interface PartInfo {
  PartNumber: number;
  Size: number;
  ETag: string;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /**
   * A single-use (local) or short-lived (s3) URL the client PUTs one object to; `size` bytes exactly (s3
   * signs it as Content-Length; the local endpoint refuses more).
   */
  signUpload(
    key: string,
    options: { contentType?: string; size: number; expiresInSeconds: number },
  ): Promise<UploadTarget>;
  /**
   * Makes what the client PUT to a `signUpload` URL the object at `key` and returns it (null when nothing was
   * uploaded). S3 presigned URLs cannot be made single-use, so the s3 backend signs a staging key and copies
   * it here: bytes PUT again later never replace an object that was already checked.
   */
  commitUpload(key: string): Promise<StoredObject | null>;
  /** Writes an object from the server (thumbnails, the local upload endpoint). Streams, never buffers. */
  put(key: string, body: Readable | Buffer, options: { contentType?: string }): Promise<StoredObject>;
  /** Size and etag, or null when there is no such object. */
  head(key: string): Promise<StoredObject | null>;
  /** The object's bytes (or a range of them); null when missing. */
  read(key: string, options?: ReadOptions): Promise<Readable | null>;
  /** Removes an object; missing objects are not an error. */
  delete(key: string): Promise<void>;

  // Multipart (spec 001 §7: create, list parts, sign part, complete, abort).
  createMultipart(key: string, options: { contentType?: string }): Promise<string>;
  listParts(key: string, uploadId: string): Promise<PartInfo[]>;
  /** `size`: the part's exact length (s3 signs it as Content-Length; the local endpoint caps at it). */
  signPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { size: number; expiresInSeconds: number },
  ): Promise<UploadTarget>;
  completeMultipart(
    key: string,
    uploadId: string,
    parts: { PartNumber: number; ETag: string }[],
  ): Promise<StoredObject>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}
