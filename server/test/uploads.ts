// Uploads for tests: sample files of each kind, a storage backend per test file (a temporary DATA_DIR, or
// the loopback S3 server), and `uploadAs`, which uploads bytes as a signed-in user through the real flow
// (POST /api/objects/upload, PUT to the URL, PUT /api/media) and returns the objectPathResponse.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { UploadCategory } from '../../common/media.ts';
import type { ObjectPathResponse } from '../../common/schemas/media.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { startTestS3, type TestS3 } from './s3.ts';

export type StorageBackend = 'local' | 's3';
export const STORAGE_BACKENDS: StorageBackend[] = ['local', 's3'];

export interface TestStorage {
  backend: StorageBackend;
  /** Env for buildTestApp / setupTestApp (DATA_DIR, or STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  dataDir: string;
  s3?: TestS3;
  close(): Promise<void>;
}

/** A temporary DATA_DIR (objects under it), plus the loopback S3 server for `s3`. */
/**
 * One app on its own storage for the enclosing describe block (or file): `const t = setupStorageApp('s3')`,
 * then `t.app`, `t.storage` inside tests.
 */
export function setupStorageApp(
  backend: StorageBackend = 'local',
  env: Record<string, string> = {},
): TestApp & { storage: TestStorage } {
  const holder = {} as TestApp & { storage: TestStorage };
  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    Object.assign(holder, await buildTestApp({ ...storage.env, ...env }), { storage });
  });
  afterAll(async () => {
    await holder.close?.();
    await holder.storage?.close();
  });
  return holder;
}

export async function openTestStorage(backend: StorageBackend = 'local'): Promise<TestStorage> {
  const base = path.join(os.tmpdir(), 'threadline-tests');
  await mkdir(base, { recursive: true });
  const dataDir = await mkdtemp(path.join(base, 'data-'));
  const s3 = backend === 's3' ? await startTestS3() : undefined;
  return {
    backend,
    env: { DATA_DIR: dataDir, ...(s3?.env ?? {}) },
    dataDir,
    s3,
    close: async () => {
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Someone signed in: `signedInUser(app)` from factories.ts fits. */
export interface UploadAgent {
  cookie: string;
}

export interface UploadOptions {
  category?: UploadCategory;
  fileName?: string;
  contentType?: string;
  /** Which finalise call turns the upload into an object path (default 'media'). */
  finalize?: 'media' | 'profile-image';
}

export class UploadFailed extends Error {
  constructor(
    readonly step: string,
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(`${step} answered ${statusCode}: ${JSON.stringify(body)}`);
  }
}

/** Asks for an upload URL: `{uploadURL}` (throws UploadFailed on a refusal). */
export async function requestUploadUrl(
  app: FastifyInstance,
  agent: UploadAgent,
  body: Record<string, unknown>,
): Promise<{ uploadURL: string; headers?: Record<string, string> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    payload: body,
    headers: { cookie: agent.cookie },
  });
  if (res.statusCode !== 200) throw new UploadFailed('POST /api/objects/upload', res.statusCode, res.json());
  return res.json();
}

/**
 * PUTs bytes to an upload URL as the browser would: the app's own endpoint (relative URL, through
 * app.inject with the uploader's cookie) or the S3 store (absolute URL, over HTTP). Returns status and body.
 */
export async function putBytes(
  app: FastifyInstance,
  agent: UploadAgent | null,
  url: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
  extraHeaders: Record<string, string> = {},
): Promise<{ statusCode: number; body: string; headers: Record<string, string> }> {
  if (url.startsWith('/')) {
    const res = await app.inject({
      method: 'PUT',
      url,
      payload: bytes,
      headers: { 'content-type': contentType, ...(agent && { cookie: agent.cookie }), ...extraHeaders },
    });
    return { statusCode: res.statusCode, body: res.body, headers: res.headers as Record<string, string> };
  }
  const res = await fetch(url, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': contentType, ...extraHeaders },
  });
  return { statusCode: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
}

/** Uploads `bytes` as `agent` through the real flow and returns what PUT /api/media answered. */
export async function uploadAs(
  app: FastifyInstance,
  agent: UploadAgent,
  bytes: Buffer,
  options: UploadOptions = {},
): Promise<ObjectPathResponse> {
  const contentType = options.contentType ?? 'application/octet-stream';
  const { uploadURL } = await requestUploadUrl(app, agent, {
    ...(options.category && { category: options.category }),
    ...(options.fileName && { fileName: options.fileName }),
    size: bytes.length,
    ...(options.contentType && { contentType }),
  });
  const put = await putBytes(app, agent, uploadURL, bytes, contentType);
  if (put.statusCode >= 300) throw new UploadFailed('PUT upload URL', put.statusCode, put.body);
  const finalize = options.finalize ?? 'media';
  const res = await app.inject({
    method: 'PUT',
    url: finalize === 'media' ? '/api/media' : '/api/profile-image',
    payload: finalize === 'media' ? { mediaURL: uploadURL } : { profileImageURL: uploadURL },
    headers: { cookie: agent.cookie },
  });
  if (res.statusCode !== 200) throw new UploadFailed(`PUT /api/${finalize}`, res.statusCode, res.json());
  return res.json();
}

// ---- sample files (small, real enough for magic bytes, image-size and sharp) ----

export const samplePng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
export const sampleJpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 80, b: 200 } } })
    .jpeg()
    .toBuffer();
export const sampleWebp = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 200, b: 80 } } })
    .webp()
    .toBuffer();
export const sampleGif = (width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .gif()
    .toBuffer();

export const sampleSvg = (width = 120, height = 80) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="10" height="10" fill="red"/></svg>\n`,
  );

export const samplePdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );

/** An ISO BMFF header with the given major brand, padded to `size` bytes (mp4: isom, m4a: M4A). */
export function sampleMp4(size = 2048, brand = 'isom') {
  const buf = Buffer.alloc(size);
  buf.writeUInt32BE(24, 0);
  buf.write('ftyp', 4, 'latin1');
  buf.write(brand.padEnd(4, ' '), 8, 'latin1');
  buf.writeUInt32BE(0x200, 12);
  buf.write('isomiso2', 16, 'latin1');
  buf.writeUInt32BE(size - 24, 24);
  buf.write('mdat', 28, 'latin1');
  return buf;
}

/** An MP3: an ID3v2 tag, then MPEG frame headers. */
export function sampleMp3(size = 4096) {
  const buf = Buffer.alloc(size);
  buf.write('ID3', 0, 'latin1');
  buf.writeUInt8(3, 3);
  // tag size 0 (synchsafe), then frames of MPEG-1 Layer III 128 kbps 44.1 kHz (417 bytes each).
  for (let at = 10; at + 4 <= size; at += 417) {
    buf.writeUInt8(0xff, at);
    buf.writeUInt8(0xfb, at + 1);
    buf.writeUInt8(0x90, at + 2);
    buf.writeUInt8(0x64, at + 3);
  }
  return buf;
}

/** A WebM (EBML header with DocType webm), as a recorder makes. */
export function sampleWebm(size = 2048) {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85,
    0x81, 0x02,
  ]);
  const buf = Buffer.alloc(Math.max(size, header.length));
  header.copy(buf);
  return buf;
}

export const sampleText = (text = 'name,count\nada,1\ngrace,2\n') => Buffer.from(text, 'utf8');
export const sampleHtml = () =>
  Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>\n');
