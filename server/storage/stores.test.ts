// Both object stores behind one interface: put/head/read (ranges)/delete, signed single PUTs, multipart with
// a part sent again, list, complete and abort. The s3 store runs against s3rver on loopback, which checks
// SigV4 signatures: with the Content-Length signed, a body of any other length (or none announced) fails.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { LocalStore } from './local.ts';
import { S3Store, stagingKey } from './s3.ts';
import { UrlSigner } from './signing.ts';
import type { ObjectStore } from './types.ts';

const id = () => crypto.randomUUID();
const MB = 1024 * 1024;

async function putTo(store: ObjectStore, url: string, body: Buffer, headers: Record<string, string> = {}) {
  if (store instanceof LocalStore) {
    // The local URL points at the app's endpoint (tested in routes/uploads.test.ts); here the store writes.
    return { status: 200, etag: '' };
  }
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers });
  await res.text();
  return { status: res.status, etag: res.headers.get('etag') ?? '' };
}

/** PUTs `body` in two chunks with no Content-Length (Transfer-Encoding: chunked). */
function putChunked(url: string, body: Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number }>((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
    });
    req.write(body.subarray(0, 4));
    req.end(body.subarray(4));
  });
}

describe.each(['local', 's3'] as const)('%s store', (backend) => {
  let store: ObjectStore;
  let s3: TestS3 | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'threadline-store-'));
    if (backend === 's3') {
      s3 = await startTestS3();
      store = new S3Store(loadConfig({ ...s3.env, DATA_DIR: dataDir }).s3);
    } else {
      store = new LocalStore(dataDir, new UrlSigner('x'.repeat(40)));
    }
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('puts, heads, reads whole and by range, deletes', async () => {
    const key = `uploads/${id()}`;
    const body = Buffer.from('0123456789abcdef');
    const put = await store.put(key, Readable.from([body.subarray(0, 5), body.subarray(5)]), {
      contentType: 'text/plain',
    });
    expect(put.size).toBe(16);
    const head = await store.head(key);
    expect(head?.size).toBe(16);
    expect(head?.etag).toBeTruthy();
    expect(await text((await store.read(key))!)).toBe('0123456789abcdef');
    expect(await text((await store.read(key, { start: 2, end: 5 }))!)).toBe('2345');
    expect(await text((await store.read(key, { start: 10 }))!)).toBe('abcdef');
    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    expect(await store.read(key)).toBeNull();
    await store.delete(key); // missing is not an error
  });

  it('streams an object larger than one part from the server', async () => {
    const key = `uploads/${id()}`;
    const chunk = Buffer.alloc(MB, 7);
    async function* chunks() {
      for (let i = 0; i < 10; i++) yield chunk;
    }
    const put = await store.put(key, Readable.from(chunks()), {});
    expect(put.size).toBe(10 * MB);
    expect((await store.head(key))?.size).toBe(10 * MB);
    await store.delete(key);
  });

  if (backend === 's3') {
    it('a presigned PUT lands on a staging key until committed', async () => {
      const key = `uploads/${id()}`;
      const body = Buffer.from('hello world');
      const target = await store.signUpload(key, {
        contentType: 'text/plain',
        size: body.length,
        expiresInSeconds: 60,
      });
      expect(target.url).toContain(encodeURIComponent(key).replace(/%2F/g, '/'));
      const res = await putTo(store, target.url, body, { 'content-type': 'text/plain' });
      expect(res.status).toBe(200);
      expect(await store.head(key)).toBeNull();
      const committed = await store.commitUpload(key);
      expect(committed?.size).toBe(11);
      expect(await store.head(stagingKey(key))).toBeNull();
      // The same URL again: the checked object stays as it was.
      expect(
        (await putTo(store, target.url, Buffer.from('HELLO WORLD'), { 'content-type': 'text/plain' })).status,
      ).toBe(200);
      expect(await text((await store.read(key))!)).toBe('hello world');
      await store.delete(key);
      await store.delete(stagingKey(key));
    });
  }

  if (backend === 's3') {
    it('refuses a tampered, an expired or a differently sized presigned PUT', async () => {
      const key = `uploads/${id()}`;
      const body = Buffer.from('signed bytes');
      const target = await store.signUpload(key, {
        contentType: 'text/plain',
        size: body.length,
        expiresInSeconds: 60,
      });
      const tampered = new URL(target.url);
      tampered.pathname = tampered.pathname.replace(
        /([0-9a-f])([0-9a-f]{7}-)/,
        (_m, c: string, rest: string) => `${c === '0' ? '1' : '0'}${rest}`,
      );
      expect((await putTo(store, tampered.toString(), body, { 'content-type': 'text/plain' })).status).toBe(
        403,
      );
      const badSig = new URL(target.url);
      badSig.searchParams.set('X-Amz-Signature', '0'.repeat(64));
      expect((await putTo(store, badSig.toString(), body, { 'content-type': 'text/plain' })).status).toBe(
        403,
      );
      // Another content type or length than the one signed.
      expect((await putTo(store, target.url, body, { 'content-type': 'text/html' })).status).toBe(403);
      expect(
        (await putTo(store, target.url, Buffer.from('signed bytes!'), { 'content-type': 'text/plain' }))
          .status,
      ).toBe(403);
      // No length announced (chunked): the signed Content-Length is missing, so the signature fails too.
      expect((await putChunked(target.url, body, { 'content-type': 'text/plain' })).status).toBe(403);
      const expired = await store.signUpload(key, { size: body.length, expiresInSeconds: 1 });
      await new Promise((r) => setTimeout(r, 2100));
      expect((await putTo(store, expired.url, body)).status).toBe(403);
      expect(await store.head(stagingKey(key))).toBeNull();
    });
  }

  it('multipart: parts, a part sent again, list, complete', async () => {
    const key = `uploads/${id()}`;
    const uploadId = await store.createMultipart(key, { contentType: 'video/mp4' });
    const part1 = Buffer.alloc(5 * MB, 1);
    const part2 = Buffer.alloc(1000, 2);
    const etags: Record<number, string> = {};
    for (const [n, bytes] of [
      [1, part1],
      [2, Buffer.alloc(1000, 9)],
      [2, part2],
    ] as const) {
      const target = await store.signPart(key, uploadId, n, { size: bytes.length, expiresInSeconds: 60 });
      if (store instanceof LocalStore) {
        expect(target.url).toMatch(
          new RegExp(`^/api/objects/put/[0-9a-f-]{36}/parts/${n}\\?expires=\\d+&sig=[0-9a-f]{64}$`),
        );
        etags[n] = (await store.putPart(key, uploadId, n, Readable.from([bytes]))).ETag;
      } else {
        const res = await putTo(store, target.url, bytes);
        expect(res.status).toBe(200);
        etags[n] = res.etag;
      }
    }
    const parts = await store.listParts(key, uploadId);
    expect(parts.map((p) => [p.PartNumber, p.Size])).toEqual([
      [1, 5 * MB],
      [2, 1000],
    ]);
    expect(parts[1]!.ETag.replace(/"/g, '')).toBe(etags[2]!.replace(/"/g, ''));
    const done = await store.completeMultipart(key, uploadId, [
      { PartNumber: 1, ETag: etags[1]! },
      { PartNumber: 2, ETag: etags[2]! },
    ]);
    expect(done.size).toBe(5 * MB + 1000);
    const tail = await text((await store.read(key, { start: 5 * MB - 1, end: 5 * MB }))!);
    expect(Buffer.from(tail, 'latin1')).toEqual(Buffer.from([1, 2]));
    await expect(store.listParts(key, uploadId)).rejects.toMatchObject({ statusCode: 404 });
    await store.delete(key);
  });

  if (backend === 's3') {
    it('a signed part takes exactly its signed length: longer, shorter or chunked is refused by the store', async () => {
      const key = `uploads/${id()}`;
      const uploadId = await store.createMultipart(key, {});
      const target = await store.signPart(key, uploadId, 1, { size: 10, expiresInSeconds: 60 });
      expect((await putTo(store, target.url, Buffer.alloc(11, 1))).status).toBe(403);
      expect((await putTo(store, target.url, Buffer.alloc(9, 1))).status).toBe(403);
      expect((await putChunked(target.url, Buffer.alloc(11, 1))).status).toBe(403);
      expect(await store.listParts(key, uploadId)).toEqual([]);
      expect((await putTo(store, target.url, Buffer.alloc(10, 1))).status).toBe(200);
      expect((await store.listParts(key, uploadId)).map((p) => p.Size)).toEqual([10]);
      await store.abortMultipart(key, uploadId);
    });
  }

  it('multipart: abort removes the parts; another key cannot use the upload id', async () => {
    const key = `uploads/${id()}`;
    const uploadId = await store.createMultipart(key, {});
    if (store instanceof LocalStore) {
      await store.putPart(key, uploadId, 1, Readable.from([Buffer.from('part')]));
      await expect(store.listParts(`uploads/${id()}`, uploadId)).rejects.toMatchObject({ statusCode: 404 });
    } else {
      const target = await store.signPart(key, uploadId, 1, { size: 4, expiresInSeconds: 60 });
      expect((await putTo(store, target.url, Buffer.from('part'))).status).toBe(200);
      await expect(store.listParts(`uploads/${id()}`, uploadId)).rejects.toMatchObject({ statusCode: 404 });
    }
    expect(await store.listParts(key, uploadId)).toHaveLength(1);
    await store.abortMultipart(key, uploadId);
    await expect(store.listParts(key, uploadId)).rejects.toMatchObject({ statusCode: 404 });
    await store.abortMultipart(key, uploadId); // twice is fine
    if (store instanceof LocalStore) {
      expect(await readdir(path.join(dataDir, 'objects', '.multipart'))).toEqual([]);
    }
  });

  if (backend === 'local') {
    it('refuses keys it did not make', async () => {
      const local = store as LocalStore;
      for (const key of [
        '../secret',
        'uploads/../../x',
        'uploads/a/b',
        '/etc/passwd',
        'other/x',
        'uploads/',
      ]) {
        await expect(local.head(key)).rejects.toThrow(/invalid object key/);
      }
    });
  }
});
