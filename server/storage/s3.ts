// STORAGE=s3: any S3-compatible store (AWS, MinIO, Garage). The browser PUTs straight to the bucket through
// presigned URLs; the server only signs, checks and copies. Checksums are added only where S3 requires them
// (the SDK's default signs an empty-body CRC32 into presigned PUTs and frames streamed bodies).
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import type { ObjectStore, PartInfo, ReadOptions, StoredObject, UploadTarget } from './types.ts';

/** Where a presigned single PUT lands until commitUpload copies it to its key. */
export const stagingKey = (key: string) => `incoming/${key}`;

const PUT_PART_BYTES = 8 * 1024 * 1024;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NoSuchKey' ||
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchUpload' ||
    e?.Code === 'NoSuchUpload' ||
    e?.$metadata?.httpStatusCode === 404
  );
};

export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(s3: Config['s3']) {
    if (!s3.bucket || !s3.accessKeyId || !s3.secretAccessKey) {
      throw new Error('STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    this.bucket = s3.bucket;
    this.client = new S3Client({
      region: s3.region,
      ...(s3.endpoint && { endpoint: s3.endpoint }),
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store fails within seconds (503) instead of holding the request: 2 s to connect
      // (3 attempts), and a socket silent for S3_REQUEST_TIMEOUT_MS (30 s) is given up (long transfers keep
      // theirs busy). socketTimeout, not requestTimeout: the SDK's requestTimeout only logs a warning unless
      // throwOnRequestTimeout is set, so a store that accepted and never answered held the request forever.
      requestHandler: { connectionTimeout: 2000, socketTimeout: s3.requestTimeoutMs },
    });
  }

  async signUpload(
    key: string,
    options: { contentType?: string; size: number; expiresInSeconds: number },
  ): Promise<UploadTarget> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: stagingKey(key),
      ...(options.contentType && { ContentType: options.contentType }),
      ContentLength: options.size,
    });
    // Signed headers the client must send exactly: a different type or length is refused by the store, so
    // the URL takes the declared size and no more (unsigned, a presigned PUT takes up to 5 GB).
    const signed = new Set<string>(['content-length']);
    if (options.contentType) signed.add('content-type');
    const url = await getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds,
      signableHeaders: signed,
    });
    return {
      url,
      ...(options.contentType && { headers: { 'content-type': options.contentType } }),
    };
  }

  /** Commits in flight on this instance, by key. */
  private readonly commits = new Map<string, Promise<StoredObject | null>>();

  /**
   * Two finalises of one upload at once share one commit: one copy instead of two, and no second copy
   * rewriting the object while the first one's HEAD reads it (S3 copies atomically; s3rver, the tests' S3,
   * does not, and a HEAD then saw an empty file now and then).
   */
  commitUpload(key: string): Promise<StoredObject | null> {
    const running = this.commits.get(key);
    if (running) return running;
    const commit = this.commitOnce(key).finally(() => this.commits.delete(key));
    this.commits.set(key, commit);
    return commit;
  }

  private async commitOnce(key: string): Promise<StoredObject | null> {
    const from = stagingKey(key);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: key,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      await this.delete(from);
    } catch (err) {
      // Nothing staged: a multipart upload completes at its key, or a parallel commit already copied it.
      if (!isMissing(err)) throw err;
    }
    return this.head(key);
  }

  async put(key: string, body: Readable | Buffer, options: { contentType?: string }): Promise<StoredObject> {
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType }),
      );
    } else {
      await this.putStream(key, body, options.contentType);
    }
    const stored = await this.head(key);
    if (!stored) throw new Error(`object ${key} missing right after it was written`);
    return { ...stored, contentType: options.contentType ?? stored.contentType };
  }

  /** A stream of unknown length: one PUT when it is small, else a multipart upload part by part. */
  private async putStream(key: string, body: Readable, contentType?: string) {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { PartNumber: number; ETag: string }[] = [];
    const flush = async () => {
      uploadId ??= await this.createMultipart(key, { contentType });
      const PartNumber = parts.length + 1;
      const out = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: Buffer.concat(pending),
        }),
      );
      parts.push({ PartNumber, ETag: out.ETag! });
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of body) {
        pending.push(chunk as Buffer);
        pendingBytes += (chunk as Buffer).length;
        if (pendingBytes >= PUT_PART_BYTES) await flush();
      }
      if (!uploadId) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: Buffer.concat(pending),
            ContentType: contentType,
          }),
        );
        return;
      }
      if (pendingBytes > 0) await flush();
      await this.completeMultipart(key, uploadId, parts);
    } catch (err) {
      if (uploadId) await this.abortMultipart(key, uploadId).catch(() => {});
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, etag: out.ETag ?? '', contentType: out.ContentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string, options: ReadOptions = {}): Promise<Readable | null> {
    const range =
      options.start !== undefined || options.end !== undefined
        ? `bytes=${options.start ?? 0}-${options.end ?? ''}`
        : undefined;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range && { Range: range }) }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  // ---- multipart ----

  async createMultipart(key: string, options: { contentType?: string }): Promise<string> {
    const out = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType }),
    );
    return out.UploadId!;
  }

  async listParts(key: string, uploadId: string): Promise<PartInfo[]> {
    const parts: PartInfo[] = [];
    let marker: string | undefined;
    try {
      for (;;) {
        const out = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            ...(marker && { PartNumberMarker: marker }),
          }),
        );
        for (const p of out.Parts ?? []) {
          parts.push({ PartNumber: p.PartNumber!, Size: p.Size ?? 0, ETag: p.ETag ?? '' });
        }
        if (!out.IsTruncated || !out.NextPartNumberMarker) break;
        marker = String(out.NextPartNumberMarker);
      }
    } catch (err) {
      if (isMissing(err)) throw new HttpError(404, 'Upload not found');
      throw err;
    }
    return parts.sort((a, b) => a.PartNumber - b.PartNumber);
  }

  async signPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { size: number; expiresInSeconds: number },
  ): Promise<UploadTarget> {
    // The part's length is signed: the store refuses a part of any other length.
    const url = await getSignedUrl(
      this.client,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: options.size,
      }),
      { expiresIn: options.expiresInSeconds, signableHeaders: new Set(['content-length']) },
    );
    return { url };
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: { PartNumber: number; ETag: string }[],
  ): Promise<StoredObject> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })) },
        }),
      );
    } catch (err) {
      if (isMissing(err)) throw new HttpError(404, 'Upload not found');
      const name = (err as { name?: string }).name;
      if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall') {
        throw new HttpError(400, `The parts could not be joined (${name})`);
      }
      throw err;
    }
    const stored = await this.head(key);
    if (!stored) throw new Error(`object ${key} missing after completing its multipart upload`);
    return stored;
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }
}
