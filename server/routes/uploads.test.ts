// The upload API on both storage backends (local files, S3 on loopback s3rver): the whole flow, every size
// and type refusal, the quota up and down, avatars, multipart with a resumed part and an abort, and the
// path tricks. Runs on PGlite and on PostgreSQL; the parallel finalises run in full on PostgreSQL only
// (uploads.pg.test.ts), with a smoke of two at once here.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../common/media.ts';
import { storageBytesFor } from '../../common/plans.ts';
import { discardUploads } from '../commands/uploads.ts';
import { uploads, users } from '../db/schema/index.ts';
import type { LocalStore } from '../storage/local.ts';
import { stagingKey } from '../storage/s3.ts';
import { signedInUser } from '../test/factories.ts';
import { smokeProbe } from '../test/races.ts';
import {
  putBytes,
  requestUploadUrl,
  sampleGif,
  sampleHtml,
  sampleJpeg,
  sampleMp3,
  sampleMp4,
  samplePdf,
  samplePng,
  sampleSvg,
  sampleText,
  sampleWebm,
  sampleWebp,
  setupStorageApp,
  UploadFailed,
  uploadAs,
} from '../test/uploads.ts';
import { createRaces, finaliseRaces } from './uploads.cases.ts';

const MB = 1024 * 1024;
const idOf = (objectPath: string) => objectPath.split('/').pop()!;

describe.each(['local', 's3'] as const)('uploads on %s storage', (backend) => {
  const t = setupStorageApp(backend);

  const app = () => t.app;
  const rowOf = async (id: string) => (await app().db.select().from(uploads).where(eq(uploads.id, id)))[0];
  const usedBy = async (userId: string) =>
    (await app().db.select({ used: users.storageUsedBytes }).from(users).where(eq(users.id, userId)))[0]!
      .used;
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => app().inject({ method, url, ...(payload && { payload }), headers: cookie ? { cookie } : {} });
  /** Upload URL asked for and bytes PUT, not finalised. */
  async function sent(
    agent: { cookie: string },
    bytes: Buffer,
    body: Record<string, unknown>,
    type?: string,
  ) {
    const { uploadURL } = await requestUploadUrl(app(), agent, { size: bytes.length, ...body });
    const put = await putBytes(
      app(),
      agent,
      uploadURL,
      bytes,
      type ?? (body.contentType as string | undefined),
    );
    expect(put.statusCode, put.body).toBe(200);
    return uploadURL;
  }
  const finalize = (cookie: string, mediaURL: string) => inject('PUT', '/api/media', cookie, { mediaURL });

  /** PUTs the first `sendBytes` of `bytes` over a real connection (announcing them all), then drops it. */
  async function dropMidway(url: string, cookie: string, bytes: Buffer, sendBytes: number) {
    const target = url.startsWith('/') ? new URL(url, await listening()) : new URL(url);
    await new Promise<void>((resolve) => {
      const req = http.request(target, {
        method: 'PUT',
        headers: {
          cookie,
          'content-type': 'application/octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.on('response', (res) => {
        res.resume();
        resolve();
      });
      req.write(bytes.subarray(0, sendBytes), () => setTimeout(() => req.destroy(), 100));
    });
    // Let the server notice and clean up.
    await new Promise((r) => setTimeout(r, 300));
  }
  /** PUTs `bytes` over a real connection in chunks, announcing no length (Transfer-Encoding: chunked). */
  async function putChunked(url: string, cookie: string, bytes: Buffer) {
    const target = url.startsWith('/') ? new URL(url, await listening()) : new URL(url);
    return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = http.request(target, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ statusCode: res.statusCode!, body }));
      });
      const half = Math.floor(bytes.length / 2);
      req.write(bytes.subarray(0, half));
      req.end(bytes.subarray(half));
    });
  }
  let address: string | undefined;
  async function listening() {
    address ??= await app().listen({ port: 0, host: '127.0.0.1' });
    return address;
  }

  describe('the whole flow', () => {
    it('stores an image: object path, size, type, dimensions, a webp thumbnail, the quota', async () => {
      const ada = await signedInUser(app());
      const png = await samplePng(1200, 900);
      const res = await uploadAs(app(), ada, png, {
        fileName: 'photo.png',
        contentType: 'image/png',
        category: 'image',
      });
      expect(res).toEqual({
        objectPath: expect.stringMatching(/^\/objects\/uploads\/[0-9a-f-]{36}$/),
        size: png.length,
        contentType: 'image/png',
        width: 1200,
        height: 900,
      });
      const row = (await rowOf(idOf(res.objectPath)))!;
      expect(row).toMatchObject({
        status: 'stored',
        category: 'image',
        size: png.length,
        ownerId: ada.user.id,
      });
      expect(row.thumbnailKey).toBe(`thumbs/${row.id}.webp`);
      const thumb = await app().store.read(row.thumbnailKey!);
      const meta = await sharp(Buffer.concat(await thumb!.toArray())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 480, height: 360 });
      expect(await usedBy(ada.user.id)).toBe(png.length);
    });

    it('finalising again answers the same and charges once; the object path and the key work too', async () => {
      const ada = await signedInUser(app());
      const jpeg = await sampleJpeg();
      const url = await sent(ada, jpeg, { fileName: 'x.jpg', size: jpeg.length });
      const first = await finalize(ada.cookie, url);
      expect(first.statusCode).toBe(200);
      const path = first.json().objectPath as string;
      for (const ref of [url, path, path.replace('/objects/', ''), `${path}?variant=thumb`]) {
        const again = await finalize(ada.cookie, ref);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
      }
      expect(await usedBy(ada.user.id)).toBe(jpeg.length);
    });

    it.each([
      ['a.jpeg', sampleJpeg, 'image/jpeg', 'image'],
      ['a.webp', sampleWebp, 'image/webp', 'image'],
      ['a.gif', sampleGif, 'image/gif', 'image'],
      ['clip.mp4', async () => sampleMp4(4096), 'video/mp4', 'video'],
      ['clip.webm', async () => sampleWebm(), 'video/webm', 'video'],
      ['song.mp3', async () => sampleMp3(), 'audio/mpeg', 'audio'],
      ['voice.m4a', async () => sampleMp4(4096, 'M4A '), 'audio/mp4', 'audio'],
      ['report.pdf', async () => samplePdf(), 'application/pdf', 'document'],
      ['table.csv', async () => sampleText(), 'text/csv', 'document'],
      ['notes.txt', async () => sampleText('héllo wörld\n'), 'text/plain', 'document'],
      ['data.json', async () => sampleText('{"a": [1, 2]}'), 'application/json', 'document'],
      ['data.xml', async () => sampleText('<?xml version="1.0"?><a/>'), 'application/xml', 'document'],
    ] as const)('accepts %s as %s', async (fileName, make, contentType, category) => {
      const ada = await signedInUser(app());
      const res = await uploadAs(app(), ada, await make(), { fileName });
      expect(res.contentType).toBe(contentType);
      const row = (await rowOf(idOf(res.objectPath)))!;
      expect(row.category).toBe(category);
      expect(row.thumbnailKey === null).toBe(!['image'].includes(category) || fileName.endsWith('.svg'));
    });

    it('a webm recording uploaded as audio is audio/webm', async () => {
      const ada = await signedInUser(app());
      const res = await uploadAs(app(), ada, sampleWebm(), { fileName: 'recording.webm', category: 'audio' });
      expect(res.contentType).toBe('audio/webm');
    });

    it('an SVG: dimensions from its attributes, no thumbnail', async () => {
      const ada = await signedInUser(app());
      const res = await uploadAs(app(), ada, sampleSvg(120, 80), {
        fileName: 'logo.svg',
        contentType: 'image/svg+xml',
      });
      expect(res).toMatchObject({ contentType: 'image/svg+xml', width: 120, height: 80 });
      expect((await rowOf(idOf(res.objectPath)))!.thumbnailKey).toBeNull();
    });

    it('without a name or category the type comes from the bytes', async () => {
      const ada = await signedInUser(app());
      const res = await uploadAs(app(), ada, samplePdf());
      expect(res.contentType).toBe('application/pdf');
      expect((await rowOf(idOf(res.objectPath)))!.category).toBe('document');
    });

    it('a JPEG rotated by EXIF reports its displayed width and height', async () => {
      const ada = await signedInUser(app());
      const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#888' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const res = await uploadAs(app(), ada, jpeg, { fileName: 'turned.jpg' });
      expect([res.width, res.height]).toEqual([20, 60]);
    });
  });

  describe('type refusals (400, the object and the row removed)', () => {
    it.each([
      ['an HTML file named .png', 'evil.png', sampleHtml],
      ['an MP4 named .png', 'clip.png', async () => sampleMp4()],
      ['a PNG named .pdf', 'doc.pdf', () => samplePng()],
      ['a PDF named .mp3', 'song.mp3', async () => samplePdf()],
      ['text with a NUL named .txt', 'a.txt', async () => Buffer.from('abc\u0000def')],
      ['invalid UTF-8 named .csv', 'a.csv', async () => Buffer.from([0x61, 0xff, 0xfe, 0x62])],
      ['HTML named .svg', 'x.svg', sampleHtml],
      [
        'an SVG with an entity-declaring DOCTYPE',
        'x.svg',
        async () =>
          Buffer.from(
            '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
          ),
      ],
      ['a PNG header with nothing behind it', 'broken.png', async () => (await samplePng()).subarray(0, 40)],
      ['unrecognised bytes without a name', undefined, sampleHtml],
      ['an empty file', 'empty.txt', async () => Buffer.alloc(0)],
    ] as const)('%s', async (_label, fileName, make) => {
      const ada = await signedInUser(app());
      const bytes = await make();
      const url = await sent(ada, bytes, fileName ? { fileName } : {});
      const res = await finalize(ada.cookie, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/not allowed|empty|not a|could not/i);
      const id = idOf(new URL(url, 'http://x').pathname);
      expect(await rowOf(id)).toBeUndefined();
      expect(await app().store.head(`uploads/${id}`)).toBeNull();
      expect(await usedBy(ada.user.id)).toBe(0);
    });

    it.each([
      [{ fileName: 'setup.exe' }, /supported types/],
      [{ fileName: 'page.html' }, /supported types/],
      [{ category: 'image', fileName: 'clip.mp4' }, /Images types/],
      [{ category: 'audio', fileName: 'report.pdf' }, /Audio types/],
      [{ category: 'avatar', fileName: 'logo.svg' }, /Profile images types/],
    ])('refuses the declaration %o before any bytes', async (body, message) => {
      const ada = await signedInUser(app());
      const res = await inject('POST', '/api/objects/upload', ada.cookie, { ...body, size: 100 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('refuses content of another category than asked for', async () => {
      const ada = await signedInUser(app());
      const url = await sent(ada, await samplePng(), { category: 'video' });
      const res = await finalize(ada.cookie, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Videos types/);
    });
  });

  describe('size refusals', () => {
    it.each([
      ['image', 10],
      ['audio', 50],
      ['document', 25],
      ['video', 200],
      ['avatar', 5],
    ] as const)('a declared %s over %i MB: 413 before any bytes', async (category, mb) => {
      const ada = await signedInUser(app());
      expect(UPLOAD_LIMITS[category]).toBe(mb * MB);
      const ok = await inject('POST', '/api/objects/upload', ada.cookie, { category, size: mb * MB });
      expect(ok.statusCode).toBe(200);
      const res = await inject('POST', '/api/objects/upload', ada.cookie, { category, size: mb * MB + 1 });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: expect.stringContaining(`${mb} MB`), limit: mb * MB });
      const filename = { image: 'a.png', audio: 'a.mp3', document: 'a.pdf', video: 'a.mp4', avatar: 'a.png' }[
        category
      ];
      const multipart = await inject('POST', '/api/s3/multipart', ada.cookie, {
        filename,
        type: 'application/octet-stream',
        metadata: { category, size: mb * MB + 1 },
      });
      expect(multipart.statusCode).toBe(413);
    });

    it('an upload URL needs a declared size (single and multipart): 400 JSON, nothing made', async () => {
      const ada = await signedInUser(app());
      for (const body of [{}, { category: 'image', fileName: 'big.png' }]) {
        const res = await inject('POST', '/api/objects/upload', ada.cookie, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: "Declare the file's size in bytes (size)" });
      }
      for (const metadata of [undefined, { category: 'video' }]) {
        const res = await inject('POST', '/api/s3/multipart', ada.cookie, {
          filename: 'a.mp4',
          type: 'video/mp4',
          ...(metadata && { metadata }),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: "Declare the file's size in bytes (metadata.size)" });
      }
      expect(await app().db.select().from(uploads).where(eq(uploads.ownerId, ada.user.id))).toEqual([]);
    });

    it('more bytes than declared are refused, announced or not; the exact size is stored', async () => {
      const ada = await signedInUser(app());
      const png = await samplePng();
      const { uploadURL } = await requestUploadUrl(app(), ada, { fileName: 'a.png', size: png.length - 1 });
      if (backend === 's3') {
        // The declared size is signed into the URL as its Content-Length.
        expect(new URL(uploadURL).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain(
          'content-length',
        );
      }
      const put = await putBytes(app(), ada, uploadURL, png, 'application/octet-stream');
      // local: 413 JSON, nothing read past the declared size; s3: the signed Content-Length does not match.
      expect(put.statusCode).toBe(backend === 'local' ? 413 : 403);
      if (backend === 'local') {
        expect(JSON.parse(put.body)).toEqual({
          message: 'The file is larger than its declared size',
          limit: png.length - 1,
          size: png.length,
        });
      }
      // Sent in chunks with no length announced: the same refusal.
      const chunked = await putChunked(uploadURL, ada.cookie, png);
      expect(chunked.statusCode).toBe(backend === 'local' ? 413 : 403);
      if (backend === 'local') expect(JSON.parse(chunked.body)).toHaveProperty('message');
      expect(await app().store.head(`uploads/${idOf(new URL(uploadURL, 'http://x').pathname)}`)).toBeNull();
      expect((await finalize(ada.cookie, uploadURL)).statusCode).toBe(400); // nothing was stored
      // The declared size itself goes through, announced or not.
      const exact = await requestUploadUrl(app(), ada, { fileName: 'b.png', size: png.length });
      const ok =
        backend === 'local'
          ? await putChunked(exact.uploadURL, ada.cookie, png)
          : await putBytes(app(), ada, exact.uploadURL, png);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await finalize(ada.cookie, exact.uploadURL)).json()).toMatchObject({ size: png.length });
      expect(await usedBy(ada.user.id)).toBe(png.length);
    });

    it('a stored image over 5 MB cannot become the profile picture', async () => {
      const ada = await signedInUser(app());
      const big = Buffer.concat([await samplePng(), Buffer.alloc(5 * MB)]);
      const stored = await uploadAs(app(), ada, big, { fileName: 'big.png', category: 'image' });
      const res = await inject('PUT', '/api/profile-image', ada.cookie, {
        profileImageURL: stored.objectPath,
      });
      expect(res.statusCode).toBe(413);
      const avatar = await inject('POST', '/api/objects/upload', ada.cookie, {
        category: 'avatar',
        fileName: 'me.png',
        size: big.length,
      });
      expect(avatar.statusCode).toBe(413);
      const url = await sent(ada, big, { category: 'image', fileName: 'big2.png' }, 'image/png');
      const direct = await inject('PUT', '/api/profile-image', ada.cookie, { profileImageURL: url });
      expect(direct.statusCode).toBe(413);
    });
  });

  describe('quota', () => {
    it('goes up on upload and down when uploads are discarded', async () => {
      const ada = await signedInUser(app());
      const a = await uploadAs(app(), ada, await samplePng(), { fileName: 'a.png' });
      const b = await uploadAs(app(), ada, samplePdf(), { fileName: 'b.pdf' });
      expect(await usedBy(ada.user.id)).toBe(a.size + b.size);
      await discardUploads(app(), [{ id: idOf(a.objectPath) }]);
      expect(await usedBy(ada.user.id)).toBe(b.size);
      expect(await app().store.head(`uploads/${idOf(a.objectPath)}`)).toBeNull();
      expect(await app().store.head(`thumbs/${idOf(a.objectPath)}.webp`)).toBeNull();
      // Twice is fine: nothing is released again.
      await discardUploads(app(), [{ id: idOf(a.objectPath) }, { id: idOf(b.objectPath) }]);
      await discardUploads(app(), [{ id: idOf(b.objectPath) }]);
      expect(await usedBy(ada.user.id)).toBe(0);
    });

    it('413 Storage limit reached with planUpgradeRequired and the limit, declared and when finalised', async () => {
      const ada = await signedInUser(app());
      const limit = storageBytesFor('free');
      const pdf = samplePdf();
      // Asked for while there was room; the quota fills before it is finalised.
      const url = await sent(ada, pdf, { fileName: 'a.pdf' });
      await app()
        .db.update(users)
        .set({ storageUsedBytes: limit - 100 })
        .where(eq(users.id, ada.user.id));
      const declared = await inject('POST', '/api/objects/upload', ada.cookie, {
        fileName: 'a.pdf',
        size: 101,
      });
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual({ message: 'Storage limit reached', planUpgradeRequired: true, limit });
      const res = await finalize(ada.cookie, url);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'Storage limit reached', planUpgradeRequired: true, limit });
      expect(await usedBy(ada.user.id)).toBe(limit - 100);
      expect(await app().store.head(`uploads/${idOf(new URL(url, 'http://x').pathname)}`)).toBeNull();
      // A paid plan has room.
      await app().db.update(users).set({ plan: 'pro' }).where(eq(users.id, ada.user.id));
      expect((await finalize(ada.cookie, await sent(ada, pdf, { fileName: 'a.pdf' }))).statusCode).toBe(200);
    });

    // The full races (many finalises at once, which must show that they interleaved) are in uploads.pg.test.ts.
    const races = finaliseRaces(t, smokeProbe);
    it('two finalises of one upload at once charge once (smoke)', () =>
      races.oneUploadManyFinalises({ calls: 2 }));

    it('two finalises at once with room for one: one stored, the quota full (smoke)', () =>
      races.finalisesPastQuota({ calls: 2, room: 1 }));

    // The full race (forty at once) is in uploads.pg.test.ts.
    it('three creates at once with room for one more unfinished upload: one made, two 429 (smoke)', () =>
      createRaces(t, smokeProbe).pendingCapRace({ calls: 3, already: 29 }));
  });

  describe('profile image', () => {
    it('attaches as the avatar; a new one replaces it and releases its bytes', async () => {
      const ada = await signedInUser(app());
      const first = await uploadAs(app(), ada, await samplePng(600, 600), {
        category: 'avatar',
        fileName: 'me.png',
        finalize: 'profile-image',
      });
      const me = async () => (await app().db.select().from(users).where(eq(users.id, ada.user.id)))[0]!;
      expect((await me()).profileImageUrl).toBe(first.objectPath);
      expect(await rowOf(idOf(first.objectPath))).toMatchObject({
        status: 'attached',
        avatarOf: ada.user.id,
        category: 'avatar',
      });
      const current = await inject('GET', '/api/auth/user', ada.cookie);
      if (current.statusCode === 200) expect(current.json().profileImageUrl).toBe(first.objectPath);

      // The second one goes through PUT /api/media first, then becomes the avatar.
      const jpeg = await sampleJpeg(300, 300);
      const second = await uploadAs(app(), ada, jpeg, { fileName: 'me2.jpg' });
      const res = await inject('PUT', '/api/profile-image', ada.cookie, {
        profileImageURL: second.objectPath,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(second);
      expect((await me()).profileImageUrl).toBe(second.objectPath);
      expect(await rowOf(idOf(first.objectPath))).toBeUndefined();
      expect(await app().store.head(`uploads/${idOf(first.objectPath)}`)).toBeNull();
      expect(await app().store.head(`thumbs/${idOf(first.objectPath)}.webp`)).toBeNull();
      expect(await usedBy(ada.user.id)).toBe(jpeg.length);
      // Again with the same: nothing changes.
      const again = await inject('PUT', '/api/profile-image', ada.cookie, {
        profileImageURL: second.objectPath,
      });
      expect(again.statusCode).toBe(200);
      expect(await usedBy(ada.user.id)).toBe(jpeg.length);
    });

    it('removing the picture (PUT /api/profile) discards its upload and releases its bytes', async () => {
      const ada = await signedInUser(app());
      const avatar = await uploadAs(app(), ada, await samplePng(200, 200), {
        category: 'avatar',
        fileName: 'me.png',
        finalize: 'profile-image',
      });
      expect(await usedBy(ada.user.id)).toBe(avatar.size);
      const kept = await inject('PUT', '/api/profile', ada.cookie, {
        profileImageUrl: avatar.objectPath,
        bio: 'hi',
      });
      expect(kept.statusCode).toBe(200);
      expect(await rowOf(idOf(avatar.objectPath))).toBeDefined();
      const res = await inject('PUT', '/api/profile', ada.cookie, { profileImageUrl: null });
      expect(res.statusCode).toBe(200);
      expect(res.json().profileImageUrl).toBeNull();
      expect(await rowOf(idOf(avatar.objectPath))).toBeUndefined();
      expect(await app().store.head(`uploads/${idOf(avatar.objectPath)}`)).toBeNull();
      expect(await usedBy(ada.user.id)).toBe(0);
    });

    it('refuses SVG, documents, and an upload attached to something else', async () => {
      const ada = await signedInUser(app());
      const svg = await uploadAs(app(), ada, sampleSvg(), { fileName: 'a.svg' });
      expect(
        (await inject('PUT', '/api/profile-image', ada.cookie, { profileImageURL: svg.objectPath }))
          .statusCode,
      ).toBe(400);
      const pdf = await uploadAs(app(), ada, samplePdf(), { fileName: 'a.pdf' });
      expect(
        (await inject('PUT', '/api/profile-image', ada.cookie, { profileImageURL: pdf.objectPath }))
          .statusCode,
      ).toBe(400);
      const url = await sent(ada, samplePdf(), { fileName: 'b.pdf' });
      const direct = await inject('PUT', '/api/profile-image', ada.cookie, { profileImageURL: url });
      expect(direct.statusCode).toBe(400);
      const png = await uploadAs(app(), ada, await samplePng(), { fileName: 'c.png' });
      await app()
        .db.update(uploads)
        .set({ status: 'attached' })
        .where(eq(uploads.id, idOf(png.objectPath)));
      expect(
        (await inject('PUT', '/api/profile-image', ada.cookie, { profileImageURL: png.objectPath }))
          .statusCode,
      ).toBe(409);
    });
  });

  describe('multipart', () => {
    const part1 = sampleMp4(5 * MB);
    const part2 = Buffer.alloc(300 * 1024, 3);

    async function sendPart(cookie: string, key: string, uploadId: string, n: number, bytes: Buffer) {
      const sign = await inject(
        'GET',
        `/api/s3/multipart/${uploadId}/${n}?key=${encodeURIComponent(key)}`,
        cookie,
      );
      expect(sign.statusCode).toBe(200);
      const { url, headers } = sign.json() as { url: string; headers?: Record<string, string> };
      const put = await putBytes(app(), { cookie }, url, bytes, 'application/octet-stream', headers ?? {});
      expect(put.statusCode, put.body).toBe(200);
      expect(put.headers.etag).toBeTruthy();
      return put.headers.etag!;
    }

    it('create, a part, a dropped part resumed after listing, complete, finalise', async () => {
      const ada = await signedInUser(app());
      const create = await inject('POST', '/api/s3/multipart', ada.cookie, {
        filename: 'holiday.mp4',
        type: 'video/mp4',
        metadata: { size: part1.length + part2.length },
      });
      expect(create.statusCode).toBe(200);
      const { key, uploadId } = create.json() as { key: string; uploadId: string };
      expect(key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
      const q = `?key=${encodeURIComponent(key)}`;

      const etag1 = await sendPart(ada.cookie, key, uploadId, 1, part1);
      // Part 2's connection drops: the client lists what arrived, then sends part 2 again.
      const sign2 = await inject('GET', `/api/s3/multipart/${uploadId}/2${q}`, ada.cookie);
      const dropped = sign2.json().url as string;
      await dropMidway(dropped, ada.cookie, part2, 100 * 1024);
      const listed = await inject('GET', `/api/s3/multipart/${uploadId}${q}`, ada.cookie);
      expect(listed.statusCode).toBe(200);
      const arrived = listed.json() as { PartNumber: number; Size: number; ETag: string }[];
      expect(arrived[0]).toEqual({ PartNumber: 1, Size: part1.length, ETag: etag1 });
      if (backend === 'local') expect(arrived).toHaveLength(1);
      // s3rver keeps what arrived of a dropped part (S3 keeps nothing): either way part 2 is not whole.
      else expect(arrived.filter((p) => p.PartNumber === 2 && p.Size === part2.length)).toEqual([]);
      const etag2 = await sendPart(ada.cookie, key, uploadId, 2, part2);
      const relisted = await inject('GET', `/api/s3/multipart/${uploadId}${q}`, ada.cookie);
      expect(relisted.json().map((p: { PartNumber: number }) => p.PartNumber)).toEqual([1, 2]);

      const done = await inject('POST', `/api/s3/multipart/${uploadId}/complete${q}`, ada.cookie, {
        parts: [
          { PartNumber: 1, ETag: etag1 },
          { PartNumber: 2, ETag: etag2 },
        ],
      });
      expect(done.statusCode).toBe(200);
      const { location } = done.json() as { location: string };
      expect(location).toBe(`/objects/${key}`);
      const res = await finalize(ada.cookie, location);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ contentType: 'video/mp4', size: part1.length + part2.length });
      expect(await usedBy(ada.user.id)).toBe(part1.length + part2.length);
      // The finished upload's calls are gone.
      expect((await inject('GET', `/api/s3/multipart/${uploadId}${q}`, ada.cookie)).statusCode).toBe(404);
    });

    it('finalising before completing is refused', async () => {
      const ada = await signedInUser(app());
      const create = await inject('POST', '/api/s3/multipart', ada.cookie, {
        filename: 'a.mp4',
        type: 'video/mp4',
        metadata: { size: part1.length + part2.length },
      });
      const { key, uploadId } = create.json();
      expect((await finalize(ada.cookie, key)).statusCode).toBe(409);
      await inject('DELETE', `/api/s3/multipart/${uploadId}?key=${encodeURIComponent(key)}`, ada.cookie);
    });

    it('abort removes the parts and the upload', async () => {
      const ada = await signedInUser(app());
      const create = await inject('POST', '/api/s3/multipart', ada.cookie, {
        filename: 'a.mp4',
        type: 'video/mp4',
        metadata: { size: part1.length + part2.length },
      });
      const { key, uploadId } = create.json();
      const q = `?key=${encodeURIComponent(key)}`;
      await sendPart(ada.cookie, key, uploadId, 1, part1);
      const abort = await inject('DELETE', `/api/s3/multipart/${uploadId}${q}`, ada.cookie);
      expect(abort.statusCode).toBe(204);
      expect(await rowOf(key.slice('uploads/'.length))).toBeUndefined();
      expect((await inject('GET', `/api/s3/multipart/${uploadId}${q}`, ada.cookie)).statusCode).toBe(404);
      await expect(app().store.listParts(key, uploadId)).rejects.toMatchObject({ statusCode: 404 });
    });

    /** Signs part `n` and PUTs `bytes` to it; the store's answer (not checked). */
    async function tryPart(cookie: string, key: string, uploadId: string, n: number, bytes: Buffer) {
      const sign = await inject(
        'GET',
        `/api/s3/multipart/${uploadId}/${n}?key=${encodeURIComponent(key)}`,
        cookie,
      );
      expect(sign.statusCode, sign.body).toBe(200);
      const { url, headers } = sign.json() as { url: string; headers?: Record<string, string> };
      if (backend === 's3') {
        // The part's length is signed into its URL.
        expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
      }
      return putBytes(app(), { cookie }, url, bytes, 'application/octet-stream', headers ?? {});
    }
    // local: 413 JSON from the part endpoint; s3: the store refuses a length other than the signed one.
    const refusedPart = backend === 'local' ? 413 : 403;

    it('each part takes its own share of the declared size: no more, and none past the last', async () => {
      const ada = await signedInUser(app());
      const size = part1.length + part2.length;
      const create = await inject('POST', '/api/s3/multipart', ada.cookie, {
        filename: 'holiday.mp4',
        type: 'video/mp4',
        metadata: { size },
      });
      const { key, uploadId } = create.json();
      const q = `?key=${encodeURIComponent(key)}`;
      // Part 2 first, with part 1's length: nothing stored yet, still only its 300 KB share.
      const long2 = await tryPart(ada.cookie, key, uploadId, 2, Buffer.alloc(part1.length, 7));
      expect(long2.statusCode).toBe(refusedPart);
      if (backend === 'local') {
        expect(JSON.parse(long2.body)).toEqual({
          message: `Part 2 is longer than its ${part2.length} bytes of the declared size`,
          limit: part2.length,
          size: part1.length,
        });
      }
      expect(
        (await tryPart(ada.cookie, key, uploadId, 1, Buffer.concat([part1, Buffer.from('x')]))).statusCode,
      ).toBe(refusedPart);
      const past = await inject('GET', `/api/s3/multipart/${uploadId}/3${q}`, ada.cookie);
      expect(past.statusCode).toBe(400);
      expect(past.json().message).toMatch(/Part 3 is past the end of the declared size/);
      expect(await app().store.listParts(key, uploadId)).toEqual([]);
      // The declared shares go through and complete.
      const etag1 = await sendPart(ada.cookie, key, uploadId, 1, part1);
      const etag2 = await sendPart(ada.cookie, key, uploadId, 2, part2);
      const done = await inject('POST', `/api/s3/multipart/${uploadId}/complete${q}`, ada.cookie, {
        parts: [
          { PartNumber: 1, ETag: etag1 },
          { PartNumber: 2, ETag: etag2 },
        ],
      });
      expect(done.statusCode).toBe(200);
      expect((await finalize(ada.cookie, done.json().location)).json()).toMatchObject({ size });
    });

    it('parts sent at once (again and oversized among them) never hold more than the declared size', async () => {
      const ada = await signedInUser(app());
      const size = part1.length + part2.length;
      const create = await inject('POST', '/api/s3/multipart', ada.cookie, {
        filename: 'holiday.mp4',
        type: 'video/mp4',
        metadata: { size },
      });
      const { key, uploadId } = create.json();
      const q = `?key=${encodeURIComponent(key)}`;
      const sends: [number, Buffer, 'ok' | 'refused'][] = [
        [1, part1, 'ok'],
        [2, part2, 'ok'],
        [2, part2, 'ok'],
        [2, Buffer.alloc(part1.length, 5), 'refused'],
        [1, Buffer.alloc(part1.length + 1, 5), 'refused'],
        [2, Buffer.alloc(part2.length + 1, 5), 'refused'],
      ];
      const answers = await Promise.all(
        sends.map(([n, bytes]) => tryPart(ada.cookie, key, uploadId, n, bytes)),
      );
      answers.forEach((res, i) => {
        expect(res.statusCode, `send ${i}: ${res.body}`).toBe(sends[i]![2] === 'ok' ? 200 : refusedPart);
      });
      const stored = await app().store.listParts(key, uploadId);
      expect(stored.map((p) => [p.PartNumber, p.Size])).toEqual([
        [1, part1.length],
        [2, part2.length],
      ]);
      if (backend === 'local') {
        // One file per part on disk, whatever arrived twice.
        const dir = path.join(t.storage.dataDir, 'objects', '.multipart', uploadId);
        expect((await readdir(dir)).filter((name) => name !== 'key')).toHaveLength(2);
      }
      const done = await inject('POST', `/api/s3/multipart/${uploadId}/complete${q}`, ada.cookie, {
        parts: stored.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })),
      });
      expect(done.statusCode, done.body).toBe(200);
      const res = await finalize(ada.cookie, done.json().location);
      expect(res.json()).toMatchObject({ size });
      expect(await usedBy(ada.user.id)).toBe(size);
    });

    it('another user cannot list, sign, complete or abort it', async () => {
      const ada = await signedInUser(app());
      const eve = await signedInUser(app());
      const create = await inject('POST', '/api/s3/multipart', ada.cookie, {
        filename: 'a.mp4',
        type: 'video/mp4',
        metadata: { size: part1.length + part2.length },
      });
      const { key, uploadId } = create.json();
      const q = `?key=${encodeURIComponent(key)}`;
      for (const [method, url, body] of [
        ['GET', `/api/s3/multipart/${uploadId}${q}`],
        ['GET', `/api/s3/multipart/${uploadId}/1${q}`],
        ['POST', `/api/s3/multipart/${uploadId}/complete${q}`, { parts: [{ PartNumber: 1, ETag: '"x"' }] }],
        ['DELETE', `/api/s3/multipart/${uploadId}${q}`],
        ['GET', `/api/s3/multipart/${uploadId}?key=${encodeURIComponent('uploads/../uploads/x')}`],
        ['GET', `/api/s3/multipart/${uploadId}?key=${encodeURIComponent(`uploads/${randomUUID()}`)}`],
        ['GET', `/api/s3/multipart/not-the-id${q}`],
      ] as const) {
        const res = await inject(
          method,
          url,
          method === 'GET' && url.includes('not-the-id') ? ada.cookie : eve.cookie,
          body,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Upload not found' });
      }
      expect(await rowOf(key.slice('uploads/'.length))).toBeDefined();
    });
  });

  describe('path tricks and signatures', () => {
    it('another user’s upload, by URL, path or key: 404', async () => {
      const ada = await signedInUser(app());
      const eve = await signedInUser(app());
      const url = await sent(ada, await samplePng(), { fileName: 'a.png' });
      const id = idOf(new URL(url, 'http://x').pathname);
      for (const ref of [url, `/objects/uploads/${id}`, `uploads/${id}`]) {
        const res = await finalize(eve.cookie, ref);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Upload not found' });
        const avatar = await inject('PUT', '/api/profile-image', eve.cookie, { profileImageURL: ref });
        expect(avatar.statusCode).toBe(404);
      }
      expect((await rowOf(id))!.status).toBe('pending');
    });

    it.each([
      ['..', (id: string) => `/objects/uploads/../uploads/${id}`],
      ['encoded ..', (id: string) => `/objects/uploads/%2E%2E/uploads/${id}`],
      ['backslashes', (id: string) => `\\objects\\uploads\\${id}`],
      ['no id', () => '/objects/uploads/'],
      ['a short id', () => '/objects/uploads/1234'],
      ['bad percent-encoding', () => '/objects/uploads/%E0%A4%A'],
    ])('PUT /api/media with %s: 404', async (_label, make) => {
      const ada = await signedInUser(app());
      const url = await sent(ada, await samplePng(), { fileName: 'a.png' });
      const id = idOf(new URL(url, 'http://x').pathname);
      const res = await finalize(ada.cookie, make(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Upload not found' });
    });

    if (backend === 'local') {
      it('the local PUT URL: single use, signed, short-lived, the uploader’s only', async () => {
        const store = app().store as LocalStore;
        const ada = await signedInUser(app());
        const eve = await signedInUser(app());
        const png = await samplePng();
        const { uploadURL } = await requestUploadUrl(app(), ada, { fileName: 'a.png', size: png.length });
        const u = new URL(uploadURL, 'http://x');
        const id = u.pathname.split('/').pop()!;
        const put = (url: string, agent: { cookie: string } | null = ada) =>
          putBytes(app(), agent, url, png, 'image/png');
        const expectJson = (res: { statusCode: number; body: string }, status: number) => {
          expect(res.statusCode).toBe(status);
          expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
        };

        expectJson(await put(uploadURL, null), 401);
        expectJson(await put(uploadURL, eve), 404);
        const badSig = `${u.pathname}?expires=${u.searchParams.get('expires')}&sig=${'0'.repeat(64)}`;
        expectJson(await put(badSig), 403);
        expectJson(await put(`${u.pathname}?expires=${u.searchParams.get('expires')}`), 403);
        const later = `${u.pathname}?expires=${Number(u.searchParams.get('expires')) + 60}&sig=${u.searchParams.get('sig')}`;
        expectJson(await put(later), 403);
        const past = Math.floor(Date.now() / 1000) - 1;
        const expired = `${u.pathname}?expires=${past}&sig=${store.signer.sign({ kind: 'put', id }, past)}`;
        const expiredRes = await put(expired);
        expectJson(expiredRes, 403);
        expect(JSON.parse(expiredRes.body).message).toMatch(/expired/);
        // Another upload's id with this URL's signature.
        const other = await requestUploadUrl(app(), ada, { fileName: 'b.png', size: png.length });
        const otherId = new URL(other.uploadURL, 'http://x').pathname.split('/').pop()!;
        expectJson(await put(uploadURL.replace(id, otherId)), 403);
        for (const path of [
          `/api/objects/put/..%2F..%2Fetc%2Fpasswd${u.search}`,
          `/api/objects/put/%2E%2E${u.search}`,
          `/api/objects/put/${id}%2F..${u.search}`,
          `/api/objects/put/not-a-uuid${u.search}`,
        ]) {
          const res = await put(path);
          expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, path).toBeLessThan(500);
          expect(JSON.parse(res.body)).toHaveProperty('message');
        }

        expect((await put(uploadURL)).statusCode).toBe(200);
        const reused = await put(uploadURL);
        expectJson(reused, 410);
        expect(JSON.parse(reused.body).message).toMatch(/already been used/);
        expect((await finalize(ada.cookie, uploadURL)).statusCode).toBe(200);
      });
    }

    if (backend === 'local') {
      it('a dropped local PUT gives the URL back for a retry', async () => {
        const ada = await signedInUser(app());
        const png = await samplePng();
        const { uploadURL } = await requestUploadUrl(app(), ada, { fileName: 'a.png', size: png.length });
        // The connection drops halfway: the transfer fails, nothing is stored, the URL can be used again.
        await dropMidway(uploadURL, ada.cookie, png, 50);
        const id = new URL(uploadURL, 'http://x').pathname.split('/').pop()!;
        expect(await app().store.head(`uploads/${id}`)).toBeNull();
        // The server gives the URL back once it has seen the connection go (quick, but not instant under load).
        for (let i = 0; i < 50 && (await rowOf(id))!.urlUsedAt !== null; i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        expect((await rowOf(id))!.urlUsedAt).toBeNull();
        expect((await putBytes(app(), ada, uploadURL, png, 'image/png')).statusCode).toBe(200);
        expect((await finalize(ada.cookie, uploadURL)).statusCode).toBe(200);
      });
    }

    if (backend === 's3') {
      it('the presigned PUT: a tampered URL is refused by the store; a second PUT changes nothing', async () => {
        const ada = await signedInUser(app());
        const png = await samplePng();
        const { uploadURL } = await requestUploadUrl(app(), ada, {
          fileName: 'a.png',
          contentType: 'image/png',
          size: png.length,
        });
        const tampered = new URL(uploadURL);
        // Another upload's key under this URL's signature (the first hex digit changed).
        tampered.pathname = tampered.pathname.replace(
          /uploads\/([0-9a-f])/,
          (_m, c: string) => `uploads/${c === '0' ? '1' : '0'}`,
        );
        expect((await putBytes(app(), ada, tampered.toString(), png, 'image/png')).statusCode).toBe(403);
        const wrongType = await putBytes(app(), ada, uploadURL, png, 'text/html');
        expect(wrongType.statusCode).toBe(403);
        expect((await putBytes(app(), ada, uploadURL, png, 'image/png')).statusCode).toBe(200);
        const res = await finalize(ada.cookie, uploadURL);
        expect(res.statusCode).toBe(200);
        const key = `uploads/${idOf(res.json().objectPath)}`;
        expect(await app().store.head(stagingKey(key))).toBeNull();
        // Same length and type, other bytes: lands on the staging key, never on the checked object.
        const html = Buffer.concat([sampleHtml(), Buffer.alloc(png.length)]).subarray(0, png.length);
        expect((await putBytes(app(), ada, uploadURL, html, 'image/png')).statusCode).toBe(200);
        const stored = Buffer.concat(await (await app().store.read(key))!.toArray());
        expect(stored.equals(png)).toBe(true);
        await app().store.delete(stagingKey(key));
      });
    }
  });

  it('the CSP lets the browser PUT to the bucket with s3 storage only', async () => {
    const res = await inject('GET', '/api/auth/user');
    const csp = String(res.headers['content-security-policy']);
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1];
    expect(connect).toBe(backend === 's3' ? `'self' ${t.storage.s3!.endpoint}` : `'self'`);
  });

  it('visitors get 401 JSON on every upload call', async () => {
    const calls: [string, string, object?][] = [
      ['POST', '/api/objects/upload', { size: 1 }],
      ['PUT', '/api/media', { mediaURL: 'x' }],
      ['PUT', '/api/profile-image', { profileImageURL: 'x' }],
      ['POST', '/api/s3/multipart', { filename: 'a.mp4', type: 'video/mp4', metadata: { size: 1 } }],
      ['GET', '/api/s3/multipart/x?key=uploads/x'],
      ['GET', '/api/s3/multipart/x/1?key=uploads/x'],
      ['POST', '/api/s3/multipart/x/complete?key=uploads/x', { parts: [{ PartNumber: 1, ETag: 'x' }] }],
      ['DELETE', '/api/s3/multipart/x?key=uploads/x'],
      ['PUT', `/api/objects/put/${randomUUID()}?expires=1&sig=x`],
      ['PUT', `/api/objects/put/${randomUUID()}/parts/1?expires=1&sig=x`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await inject(method as 'GET', url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('bad bodies are 400 JSON, never 500', async () => {
    const ada = await signedInUser(app());
    for (const [method, url, payload] of [
      ['POST', '/api/objects/upload', { size: -1 }],
      ['POST', '/api/objects/upload', { size: 1.5 }],
      ['POST', '/api/objects/upload', { size: '10' }],
      ['POST', '/api/objects/upload', {}],
      ['POST', '/api/objects/upload', { category: 'exe', size: 1 }],
      ['POST', '/api/objects/upload', { extra: 1, size: 1 }],
      ['POST', '/api/objects/upload', { fileName: 'a\u0000.png', size: 1 }],
      ['POST', '/api/s3/multipart', { filename: 'a.mp4', metadata: { size: -1 } }],
      ['PUT', '/api/media', {}],
      ['PUT', '/api/media', { mediaURL: '' }],
      ['POST', '/api/s3/multipart', { filename: '' }],
      ['GET', '/api/s3/multipart/x/0?key=uploads/x'],
      ['GET', '/api/s3/multipart/x/abc?key=uploads/x'],
      ['GET', '/api/s3/multipart/x'],
      ['POST', '/api/s3/multipart/x/complete?key=uploads/x', { parts: [] }],
    ] as const) {
      const res = await inject(method, url, ada.cookie, payload as object | undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('a failure in the middle of the flow is reported with the step', async () => {
    const ada = await signedInUser(app());
    await expect(uploadAs(app(), ada, sampleHtml(), { fileName: 'a.png' })).rejects.toBeInstanceOf(
      UploadFailed,
    );
  });
});
