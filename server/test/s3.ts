// An S3-compatible server on loopback for tests and the upload bench: @20minutes/s3rver 4.0.4, which checks
// SigV4 signatures (a tampered presigned URL is refused). It has no ListParts or AbortMultipartUpload, so
// this helper adds both in front of it (signature-checked with the server's own middleware, reading the
// parts from its own folder).
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

export const S3_TEST_BUCKET = 'threadline-test';
export const S3_TEST_KEY = 'S3RVER';

// Browsers PUT straight to the bucket: it needs CORS for the app's origin (README, "Object storage").
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  /** The env for loadConfig: STORAGE=s3 pointing at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  status: number;
  body: unknown;
  type: string;
  state: Record<string, unknown>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
type Next = () => Promise<void>;

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function multipartShim() {
  const authentication = require('@20minutes/s3rver/lib/middleware/authentication') as () => (
    ctx: KoaContext,
    next: Next,
  ) => Promise<void>;
  const S3Error = require('@20minutes/s3rver/lib/models/error') as new (
    code: string,
    message?: string,
  ) => Error;
  const authenticate = authentication();
  return async (ctx: KoaContext, next: Next) => {
    const isListOrAbort =
      (ctx.method === 'GET' || ctx.method === 'DELETE') &&
      'uploadId' in ctx.query &&
      !('partNumber' in ctx.query);
    const match = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    if (!isListOrAbort || !match) return next();
    ctx.params = { bucket: decodeURIComponent(match[1]!), key: decodeURIComponent(match[2]!) };
    await authenticate(ctx, async () => {
      const uploadId = ctx.query.uploadId ?? '';
      const dir = path.join(ctx.store.getResourcePath(ctx.params.bucket!, undefined, 'uploads'), uploadId);
      const key = /^[0-9a-f]+$/.test(uploadId)
        ? await readFile(path.join(dir, 'key'), 'utf8').catch(() => null)
        : null;
      if (key !== ctx.params.key) {
        throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
      }
      if (ctx.method === 'DELETE') {
        await rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      const parts: string[] = [];
      const numbers = (await readdir(dir))
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
        .sort((a, b) => a - b);
      for (const n of numbers) {
        const [info, md5] = await Promise.all([
          stat(path.join(dir, String(n))),
          readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => ''),
        ]);
        parts.push(
          `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
            `<ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`,
        );
      }
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${xmlEscape(ctx.params.bucket!)}</Bucket>` +
        `<Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>` +
        `${parts.join('')}</ListPartsResult>`;
    });
  };
}

/** Starts the S3 server on a free loopback port with a temporary folder and one bucket. */
export async function startTestS3(): Promise<TestS3> {
  const S3rver = require('@20minutes/s3rver') as new (
    options: Record<string, unknown>,
  ) => {
    middleware: unknown[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  };
  const directory = await mkdtemp(path.join(os.tmpdir(), 'threadline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [CORS] }],
  });
  server.middleware.unshift(multipartShim());
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket: S3_TEST_BUCKET,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ACCESS_KEY_ID: S3_TEST_KEY,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
