// Uploads when storage fails: the local disk full (ENOSPC from the file system, simulated under node:fs) and
// the S3 store unreachable (a TCP proxy in front of the loopback S3 server, cut). Each answers a clear error,
// leaves nothing half-written, charges nothing to the quota, and works again once storage is back.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads, users } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { signedInUser } from '../test/factories.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { openTestStorage, putBytes, requestUploadUrl, samplePng, type TestStorage } from '../test/uploads.ts';

// The disk "fills up" after `fullAfter` bytes of the next file written: the write fails with ENOSPC, as a
// full disk does, after part of the file is already on it.
const disk = vi.hoisted(() => ({ fullAfter: null as number | null }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const createWriteStream = ((file: string, options?: unknown) => {
    const real = fs.createWriteStream(file, options as never);
    if (disk.fullAfter === null) return real;
    let room = disk.fullAfter;
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (chunk.length > room) {
          real.write(chunk.subarray(0, room), () => {
            real.end(() =>
              done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
            );
          });
          room = 0;
          return;
        }
        room -= chunk.length;
        real.write(chunk, done);
      },
      final(done) {
        real.end(done);
      },
    });
  }) as typeof fs.createWriteStream;
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

async function usage(app: FastifyInstance, userId: string) {
  const [user] = await app.db
    .select({ used: users.storageUsedBytes })
    .from(users)
    .where(eq(users.id, userId));
  return user!.used;
}

async function uploadRow(app: FastifyInstance, uploadURL: string) {
  const id = /([0-9a-f-]{36})/.exec(uploadURL)![1]!;
  const [row] = await app.db.select().from(uploads).where(eq(uploads.id, id));
  return row!;
}

const finalize = (app: FastifyInstance, cookie: string, mediaURL: string) =>
  app.inject({ method: 'PUT', url: '/api/media', payload: { mediaURL }, headers: { cookie } });

/** Files under `dir`, recursively (relative paths); none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('local storage: the disk fills up', () => {
  let t: TestApp;
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await openTestStorage('local');
    t = await buildTestApp(storage.env);
  });
  afterAll(async () => {
    disk.fullAfter = null;
    await t?.close();
    await storage?.close();
  });

  it('a PUT that hits ENOSPC answers 507, leaves no file, charges nothing, and the same URL works later', async () => {
    const ada = await signedInUser(t.app);
    const png = await samplePng(400, 300);
    const { uploadURL } = await requestUploadUrl(t.app, ada, { category: 'image', size: png.length });

    disk.fullAfter = 100;
    const put = await putBytes(t.app, ada, uploadURL, png, 'image/png');
    disk.fullAfter = null;
    expect(put.statusCode).toBe(507);
    expect(JSON.parse(put.body)).toEqual({
      message: 'The server is out of storage space: try again later',
    });
    // Nothing half-written: no object, no temporary file; the upload is still pending and uncharged.
    expect(await filesUnder(path.join(storage.dataDir, 'objects'))).toEqual([]);
    expect(await usage(t.app, ada.user.id)).toBe(0);
    expect((await uploadRow(t.app, uploadURL)).status).toBe('pending');
    const early = await finalize(t.app, ada.cookie, uploadURL);
    expect(early.statusCode).toBeGreaterThanOrEqual(400);
    expect(early.statusCode).toBeLessThan(500);
    expect(await usage(t.app, ada.user.id)).toBe(0);

    // Space again: the URL was given back, the upload goes through and is charged once.
    expect((await putBytes(t.app, ada, uploadURL, png, 'image/png')).statusCode).toBe(200);
    const done = await finalize(t.app, ada.cookie, uploadURL);
    expect(done.statusCode).toBe(200);
    expect(await usage(t.app, ada.user.id)).toBe(png.length);
  });

  it('a thumbnail write that hits ENOSPC while finalising answers 507 and charges nothing; a retry does', async () => {
    const bob = await signedInUser(t.app);
    const png = await samplePng(400, 300);
    const { uploadURL } = await requestUploadUrl(t.app, bob, { category: 'image', size: png.length });
    expect((await putBytes(t.app, bob, uploadURL, png, 'image/png')).statusCode).toBe(200);

    disk.fullAfter = 10;
    const failed = await finalize(t.app, bob.cookie, uploadURL);
    disk.fullAfter = null;
    expect(failed.statusCode).toBe(507);
    expect(await usage(t.app, bob.user.id)).toBe(0);
    expect((await uploadRow(t.app, uploadURL)).status).toBe('pending');
    expect(await filesUnder(path.join(storage.dataDir, 'objects', '.tmp'))).toEqual([]);

    const done = await finalize(t.app, bob.cookie, uploadURL);
    expect(done.statusCode).toBe(200);
    expect(await usage(t.app, bob.user.id)).toBe(png.length);
  });
});

/** The app on S3 through a TCP proxy the test cuts; `env` adds to the app's environment. */
function s3BehindProxy(env: Record<string, string> = {}) {
  const s3 = {} as { t: TestApp; storage: TestStorage; proxy: TcpProxy };
  beforeAll(async () => {
    s3.storage = await openTestStorage('s3');
    const endpoint = new URL(s3.storage.s3!.endpoint);
    s3.proxy = await startTcpProxy(endpoint.hostname, Number(endpoint.port));
    s3.t = await buildTestApp({
      ...s3.storage.env,
      S3_ENDPOINT: `http://127.0.0.1:${s3.proxy.port}`,
      ...env,
    });
  });
  afterAll(async () => {
    await s3.t?.close();
    await s3.proxy?.close();
    await s3.storage?.close();
  });
  return s3;
}

/** Finalising an uploaded image while the proxy is cut `how`: 503 within `withinMs`, nothing charged, the
 * upload still pending; once the store is back, the same call succeeds and charges it. */
async function finaliseDuringOutage(
  { t, proxy }: { t: TestApp; proxy: TcpProxy },
  how: 'refuse' | 'hang',
  withinMs: number,
) {
  const ada = await signedInUser(t.app);
  const png = await samplePng(400, 300);
  const { uploadURL } = await requestUploadUrl(t.app, ada, { category: 'image', size: png.length });
  expect((await putBytes(t.app, ada, uploadURL, png, 'image/png')).statusCode).toBe(200);

  await proxy.cut(how);
  const started = Date.now();
  const failed = await finalize(t.app, ada.cookie, uploadURL);
  const took = Date.now() - started;
  await proxy.restore();
  expect(failed.statusCode).toBe(503);
  expect(failed.json()).toEqual({ message: 'Service temporarily unavailable' });
  expect(took).toBeLessThan(withinMs);
  expect(await usage(t.app, ada.user.id)).toBe(0);
  expect((await uploadRow(t.app, uploadURL)).status).toBe('pending');

  const done = await finalize(t.app, ada.cookie, uploadURL);
  expect(done.statusCode).toBe(200);
  expect(await usage(t.app, ada.user.id)).toBe(png.length);
}

describe('S3 storage: the store goes away', () => {
  const s3 = s3BehindProxy();

  it('finalising while the store refuses connections answers 503 soon, charges nothing; a retry later does', () =>
    finaliseDuringOutage(s3, 'refuse', 3000));

  it('asking for a multipart upload while the store is unreachable answers 503 and leaves no row', async () => {
    const { t, proxy } = s3;
    const ada = await signedInUser(t.app);
    await proxy.cut('refuse');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/s3/multipart',
      payload: { filename: 'clip.mp4', type: 'video/mp4', metadata: { size: 20_000_000 } },
      headers: { cookie: ada.cookie },
    });
    await proxy.restore();
    expect(res.statusCode).toBe(503);
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.ownerId, ada.user.id));
    expect(rows).toEqual([]);
  });
});

describe('S3 storage: the store accepts connections and never answers', () => {
  // 30 s by default; 1 s here, so the client's three attempts give up within a few seconds.
  const s3 = s3BehindProxy({ S3_REQUEST_TIMEOUT_MS: '1000' });

  it(
    'finalising answers 503 once the socket timeout passes, charges nothing; a retry later does',
    () => finaliseDuringOutage(s3, 'hang', 10_000),
    30_000,
  );
});
