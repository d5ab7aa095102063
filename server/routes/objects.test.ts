// GET/HEAD /objects/{key} (issue 10; DECISIONS §7): the access matrix, ranges, the safety headers, ETag
// and 304, thumbnails and path tricks. Uploads are built directly (test/stored-uploads.ts) on the local
// store in a scratch DATA_DIR.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, users } from '../db/schema/index.ts';
import type { TestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import { storedUpload } from '../test/stored-uploads.ts';
import { STORAGE_BACKENDS, type StorageBackend, setupStorageApp } from '../test/uploads.ts';
import {
  contentDisposition,
  notModified,
  OBJECT_MAX_AGE_SECONDS,
  parseRange,
  sanitiseFileName,
} from './objects.ts';

/** The app of the storage backend whose describe block is running (each block opens its own). */
let t: TestApp;
function onBackend(backend: StorageBackend) {
  const app = setupStorageApp(backend);
  beforeAll(() => {
    t = app;
  });
}

type Who = { cookie?: string } | null;
const get = (url: string, who: Who, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(who?.cookie && { cookie: who.cookie }), ...headers } });
const head = (url: string, who: Who, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'HEAD', url, headers: { ...(who?.cookie && { cookie: who.cookie }), ...headers } });

const expectNotFound = (res: LightMyRequestResponse, label = '') => {
  expect(res.statusCode, `${label} ${res.body.slice(0, 100)}`).toBe(404);
  if (!label.startsWith('HEAD')) expect(res.json(), label).toEqual({ message: 'Not found' });
  expect(res.headers['content-disposition'], label).toBeUndefined();
  expect(res.headers.etag, label).toBeUndefined();
};
const expectServed = (res: LightMyRequestResponse, bytes: Buffer, label = '') => {
  expect(res.statusCode, `${label} ${res.body.slice(0, 100)}`).toBe(200);
  expect(res.rawPayload.equals(bytes), label).toBe(true);
};

/** A threadline with one member of each role, an outsider, and an image post by the participant. */
async function cast() {
  const owner = await signedInUser(t.app);
  const mod = await signedInUser(t.app);
  const pat = await signedInUser(t.app);
  const vic = await signedInUser(t.app);
  const outsider = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, mod.user, 'moderator');
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  return { owner, mod, pat, vic, outsider, tl };
}

/** An upload of `author`'s posted on `tl` through the API. */
async function postedUpload(
  c: Awaited<ReturnType<typeof cast>>,
  author = c.pat,
  options: Parameters<typeof storedUpload>[2] = {},
) {
  const up = await storedUpload(t.app, author.user.id, options);
  const res = await author.as.post('/api/posts', {
    timelineId: c.tl.id,
    type: 'image',
    mediaUrl: up.path,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...up, postId: res.json().id as string };
}

describe.each(STORAGE_BACKENDS)('%s store', (backend) => {
  onBackend(backend);

  describe('GET /objects: who may read', () => {
    it('an upload not attached yet: its uploader only; a pending one: nobody', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id);
      expectServed(await get(up.path, c.pat), up.bytes, 'uploader');
      for (const [label, who] of [
        ['owner', c.owner],
        ['moderator', c.mod],
        ['outsider', c.outsider],
        ['visitor', null],
      ] as const) {
        expectNotFound(await get(up.path, who), label);
        expectNotFound(await head(up.path, who), `HEAD ${label}`);
      }
      const pending = await storedUpload(t.app, c.pat.user.id, { status: 'pending', bytes: randomBytes(10) });
      expectNotFound(await get(pending.path, c.pat), 'pending, uploader');
    });

    it('post media: every member role reads it; outsiders and visitors get 404', async () => {
      const c = await cast();
      const up = await postedUpload(c);
      for (const [label, who] of [
        ['owner', c.owner],
        ['moderator', c.mod],
        ['participant (author)', c.pat],
        ['viewer', c.vic],
      ] as const) {
        expectServed(await get(up.path, who), up.bytes, label);
      }
      expectNotFound(await get(up.path, c.outsider), 'outsider');
      expectNotFound(await get(up.path, null), 'visitor');
    });

    it('a member who left or was blocked gets 404 at once, even with a cached ETag', async () => {
      const c = await cast();
      const up = await postedUpload(c, c.owner);
      const etag = (await get(up.path, c.vic)).headers.etag as string;
      expect((await get(up.path, c.vic, { 'if-none-match': etag })).statusCode).toBe(304);
      expect((await c.vic.as.delete(`/api/timelines/${c.tl.id}/members/leave`)).statusCode).toBe(200);
      expectNotFound(await get(up.path, c.vic), 'after leaving');
      expectNotFound(await get(up.path, c.vic, { 'if-none-match': etag }), 'after leaving, with ETag');

      expectServed(await get(up.path, c.pat), up.bytes, 'before the block');
      const block = await c.owner.as.delete(`/api/timelines/${c.tl.id}/members/${c.pat.user.id}`, {
        reason: 'spam',
      });
      expect(block.statusCode, block.body).toBe(200);
      expectNotFound(await get(up.path, c.pat), 'blocked');
      expectNotFound(await head(up.path, c.pat), 'HEAD blocked');
      expectServed(await get(up.path, c.mod), up.bytes, 'others still read it');
    });

    it('the post deleted: 404 for everyone, author included', async () => {
      const c = await cast();
      const up = await postedUpload(c);
      expect((await c.pat.as.delete(`/api/posts/${up.postId}`)).statusCode).toBe(200);
      for (const who of [c.owner, c.pat, c.mod]) expectNotFound(await get(up.path, who));
    });

    it('the threadline deleted: nobody reads its media, and the bytes are gone (the quota given back)', async () => {
      const c = await cast();
      const up = await postedUpload(c);
      expect((await c.owner.as.delete(`/api/timelines/${c.tl.id}`)).statusCode).toBe(200);
      for (const who of [c.owner, c.pat, c.mod, c.vic]) expectNotFound(await get(up.path, who));
      expect(await t.app.store.head(up.row.key)).toBeNull();
    });

    it('an archived threadline: its owner only, like the feed', async () => {
      const c = await cast();
      const up = await postedUpload(c);
      expect((await c.owner.as.post(`/api/timelines/${c.tl.id}/archive`)).statusCode).toBe(200);
      expectServed(await get(up.path, c.owner), up.bytes, 'owner');
      expectNotFound(await get(up.path, c.pat), 'author');
      expect((await c.owner.as.post(`/api/timelines/${c.tl.id}/restore`)).statusCode).toBe(200);
      expectServed(await get(up.path, c.pat), up.bytes, 'author after restore');
    });

    it('a post row whose deletedAt is set (a tombstone) hides its media even if a row was left behind', async () => {
      const c = await cast();
      const post = await buildPost(t.app.db, c.tl, c.pat.user, { deletedAt: new Date() });
      const up = await storedUpload(t.app, c.pat.user.id, {
        status: 'attached',
        extra: { postId: post.id, timelineId: c.tl.id, attachedAt: new Date() },
      });
      expectNotFound(await get(up.path, c.pat));
    });

    it('an avatar: any signed-in user; visitors 404', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id, {
        category: 'avatar',
        status: 'attached',
        extra: { avatarOf: c.pat.user.id, attachedAt: new Date() },
      });
      await t.app.db.update(users).set({ profileImageUrl: up.path }).where(eq(users.id, c.pat.user.id));
      for (const who of [c.pat, c.outsider, c.owner]) expectServed(await get(up.path, who), up.bytes);
      expectNotFound(await get(up.path, null), 'visitor');
    });

    it('a message attachment: the two people in the conversation only', async () => {
      const c = await cast();
      const [conv] = await t.app.db
        .insert(conversations)
        .values({ timelineId: c.tl.id, initiatorId: c.pat.user.id, recipientId: c.owner.user.id })
        .returning();
      const [message] = await t.app.db
        .insert(messages)
        .values({ conversationId: conv!.id, senderId: c.pat.user.id, content: 'see attached' })
        .returning();
      const up = await storedUpload(t.app, c.pat.user.id, {
        category: 'document',
        status: 'attached',
        extra: { messageId: message!.id, attachedAt: new Date() },
      });
      expectServed(await get(up.path, c.pat), up.bytes, 'sender');
      expectServed(await get(up.path, c.owner), up.bytes, 'recipient');
      expectNotFound(await get(up.path, c.mod), 'another member');
      expectNotFound(await get(up.path, null), 'visitor');
      await t.app.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, message!.id));
      expectNotFound(await get(up.path, c.pat), 'deleted message');
    });

    it('an attached row whose post is gone (references set null): nobody', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id, { status: 'attached' });
      expectNotFound(await get(up.path, c.pat));
    });

    it('a row whose object is missing from the store: 404, not 500', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id);
      await t.app.store.delete(up.row.key);
      expectNotFound(await get(up.path, c.pat));
    });
  });

  describe('GET /objects: path tricks', () => {
    it('only /objects/uploads/{uuid} exists; everything else is the same 404 JSON', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id, { thumbnail: randomBytes(50) });
      const id = up.row.id;
      expectServed(await get(up.path, c.pat), up.bytes, 'the real path');
      const tricks = [
        `/objects/uploads%2F${id}`,
        `/objects/uploads%2f${id}`,
        `/objects//uploads/${id}`,
        `/objects/uploads//${id}`,
        `/objects/uploads/../uploads/${id}`,
        `/objects/uploads/%2e%2e/uploads/${id}`,
        `/objects/./uploads/${id}`,
        `/objects/uploads/${id}/`,
        `/objects/uploads/${id}%00`,
        `/objects/uploads/${id}.png`,
        `/objects/uploads/${id.toUpperCase()}`,
        `/objects/thumbs/${id}.webp`,
        `/objects/${id}`,
        `/objects/uploads/${randomUUID()}`,
        `/objects/uploads/not-a-uuid`,
        `/objects/..%2F..%2Fetc%2Fpasswd`,
        `/objects/%2e%2e/%2e%2e/etc/passwd`,
        '/objects/',
      ];
      for (const url of tricks) {
        // inject() resolves dot segments first (as browsers do): those are sent raw below.
        if (new URL(url, 'http://x').pathname === url) expectNotFound(await get(url, c.pat), url);
      }
      // inject() resolves dot segments the way browsers do; a raw request sends them as they are.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const raw = (url: string) =>
          new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = http.request(
              `${address}/`,
              { path: url, headers: { cookie: c.pat.cookie } },
              (res) => {
                let body = '';
                res.on('data', (chunk) => {
                  body += chunk;
                });
                res.on('end', () => resolve({ status: res.statusCode!, body }));
              },
            );
            req.on('error', reject);
            req.end();
          });
        expect((await raw(up.path)).status).toBe(200);
        for (const url of tricks) {
          const res = await raw(url);
          expect([res.status, res.body], `raw ${url}`).toEqual([
            404,
            JSON.stringify({ message: 'Not found' }),
          ]);
        }
      } finally {
        await t.app.server.close();
      }
    });

    it('another user’s upload key is a 404 like an unknown one', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.owner.user.id);
      expectNotFound(await get(up.path, c.pat));
      expectNotFound(await get(`/objects/uploads/${randomUUID()}`, c.pat));
    });

    it('an unknown variant is a 400 (whoever asks); other query parameters are ignored', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id);
      const res = await get(`${up.path}?variant=original`, c.pat);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expectServed(await get(`${up.path}?v=2`, c.pat), up.bytes);
    });
  });

  describe('GET /objects: headers', () => {
    it('serves with nosniff, the stored type, private caching, an ETag, Accept-Ranges and a CSP sandbox', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id, { fileName: 'holiday.png' });
      const res = await get(up.path, c.pat);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'content-type': 'image/png',
        'content-length': String(up.bytes.length),
        'cache-control': `private, max-age=${OBJECT_MAX_AGE_SECONDS}`,
        etag: `"${up.row.id}-full"`,
        'accept-ranges': 'bytes',
        'content-disposition': `inline; filename="holiday.png"; filename*=UTF-8''holiday.png`,
      });
      expect(res.headers['content-security-policy']).toMatch(/sandbox/);
      expect(res.headers.vary).toMatch(/cookie/i);
    });

    it('SVG is served inline only under CSP sandbox with default-src none', async () => {
      const c = await cast();
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      );
      const up = await storedUpload(t.app, c.pat.user.id, {
        contentType: 'image/svg+xml',
        fileName: 'logo.svg',
        bytes: svg,
      });
      const res = await get(up.path, c.pat);
      expectServed(res, svg);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim());
      expect(csp).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      expect(csp.some((d) => d.startsWith('script-src'))).toBe(false);
    });

    it('images, video, audio and PDFs inline; documents and archives as attachments', async () => {
      const c = await cast();
      const cases = [
        ['image', 'image/jpeg', 'a.jpg', 'inline'],
        ['video', 'video/mp4', 'a.mp4', 'inline'],
        ['audio', 'audio/mpeg', 'a.mp3', 'inline'],
        ['document', 'application/pdf', 'a.pdf', 'inline'],
        ['document', 'application/zip', 'a.zip', 'attachment'],
        ['document', 'text/plain', 'a.txt', 'attachment'],
        ['document', 'application/xml', 'a.xml', 'attachment'],
        [
          'document',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'a.docx',
          'attachment',
        ],
      ] as const;
      for (const [category, contentType, fileName, disposition] of cases) {
        const up = await storedUpload(t.app, c.pat.user.id, { category, contentType, fileName });
        const res = await get(up.path, c.pat);
        expect(res.headers['content-type'], fileName).toBe(contentType);
        expect(res.headers['content-disposition'], fileName).toBe(
          `${disposition}; filename="${fileName}"; filename*=UTF-8''${fileName}`,
        );
        // PDFs cannot render in a sandboxed document; everything else carries the sandbox.
        if (contentType === 'application/pdf')
          expect(res.headers['content-security-policy']).not.toMatch(/sandbox/);
        else expect(res.headers['content-security-policy'], fileName).toMatch(/sandbox/);
      }
    });

    it('a stored type outside the allowed list goes out as application/octet-stream, as an attachment', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id, {
        category: 'document',
        contentType: 'text/html',
        fileName: 'page.html',
        bytes: Buffer.from('<script>alert(1)</script>'),
      });
      const res = await get(up.path, c.pat);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('Content-Disposition: the display name sanitised, UTF-8 in filename*', async () => {
      const c = await cast();
      const evil = '../../etc/pa"ss\\wd\r\nSet-Cookie: x=1\u202egnp.pdf';
      const up = await storedUpload(t.app, c.pat.user.id, {
        category: 'document',
        contentType: 'application/pdf',
        fileName: evil,
      });
      const res = await get(up.path, c.pat);
      expect(res.statusCode).toBe(200);
      const header = String(res.headers['content-disposition']);
      expect(header).toBe(
        `inline; filename="_.._etc_pass_wdSet-Cookie_ x=1gnp.pdf"; filename*=UTF-8''_.._etc_pass_wdSet-Cookie_%20x%3D1gnp.pdf`,
      );
      expect(res.headers['set-cookie']).toBeUndefined();

      const unicode = await storedUpload(t.app, c.pat.user.id, { fileName: 'Résumé (final) 100%.png' });
      expect((await get(unicode.path, c.pat)).headers['content-disposition']).toBe(
        `inline; filename="R_sum_ (final) 100_.png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20100%25.png`,
      );
    });

    it('ETag and If-None-Match: 304 without a body (weak, listed and * forms too)', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id);
      const etag = `"${up.row.id}-full"`;
      for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await get(up.path, c.pat, { 'if-none-match': inm });
        expect(res.statusCode, inm).toBe(304);
        expect(res.body).toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe(`private, max-age=${OBJECT_MAX_AGE_SECONDS}`);
      }
      expectServed(await get(up.path, c.pat, { 'if-none-match': '"other"' }), up.bytes);
    });

    it('HEAD: the headers and length without the bytes', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id, { bytes: randomBytes(4321) });
      const res = await head(up.path, c.pat);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      expect(res.headers['content-length']).toBe('4321');
      expect(res.headers.etag).toBe(`"${up.row.id}-full"`);
    });
  });

  describe('GET /objects: ranges', () => {
    it('bytes=0-9, open-ended, suffix, clamped, and unsatisfiable', async () => {
      const c = await cast();
      const bytes = randomBytes(1000);
      const up = await storedUpload(t.app, c.pat.user.id, {
        category: 'video',
        contentType: 'video/mp4',
        fileName: 'v.mp4',
        bytes,
      });
      const range = (r: string, extra: Record<string, string> = {}) =>
        get(up.path, c.pat, { range: r, ...extra });
      const expectPart = (res: LightMyRequestResponse, start: number, end: number) => {
        expect(res.statusCode, res.body.slice(0, 80)).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
        expect(res.headers['accept-ranges']).toBe('bytes');
      };
      expectPart(await range('bytes=0-9'), 0, 9);
      expectPart(await range('bytes=990-'), 990, 999);
      expectPart(await range('bytes=-7'), 993, 999);
      expectPart(await range('bytes=-5000'), 0, 999);
      expectPart(await range('bytes=500-100000'), 500, 999);
      expectPart(await range('bytes=999-999'), 999, 999);
      for (const r of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
        const res = await range(r);
        expect(res.statusCode, r).toBe(416);
        expect(res.headers['content-range']).toBe('bytes */1000');
        expect(res.json()).toEqual({ message: 'Range not satisfiable' });
      }
      // Unusable ranges are ignored: the whole object.
      for (const r of ['bytes=0-1,5-9', 'bytes=9-0', 'items=0-9', 'bytes=abc', 'bytes=-']) {
        expectServed(await range(r), bytes, r);
      }
      // If-Range: the range only while the ETag still matches.
      expectPart(await range('bytes=0-9', { 'if-range': `"${up.row.id}-full"` }), 0, 9);
      expectServed(await range('bytes=0-9', { 'if-range': '"stale"' }), bytes);
      // HEAD with a range: the 206 headers only.
      const h = await head(up.path, c.pat, { range: 'bytes=10-19' });
      expect([h.statusCode, h.headers['content-range'], h.headers['content-length'], h.body]).toEqual([
        206,
        'bytes 10-19/1000',
        '10',
        '',
      ]);
      // Someone without access gets the 404, not a 416.
      expectNotFound(await get(up.path, c.outsider, { range: 'bytes=5000-' }));
    });

    it('a large object streams whole and in a late range', async () => {
      const c = await cast();
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      const up = await storedUpload(t.app, c.pat.user.id, {
        category: 'video',
        contentType: 'video/mp4',
        bytes,
      });
      expectServed(await get(up.path, c.pat), bytes);
      const res = await get(up.path, c.pat, { range: `bytes=${bytes.length - 100}-` });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    });
  });

  describe('GET /objects: thumbnails', () => {
    it('?variant=thumb serves the webp thumbnail with its own ETag; the full object otherwise', async () => {
      const c = await cast();
      const thumb = randomBytes(77);
      const up = await storedUpload(t.app, c.pat.user.id, { fileName: 'big.photo.png', thumbnail: thumb });
      const res = await get(`${up.path}?variant=thumb`, c.pat);
      expectServed(res, thumb);
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        etag: `"${up.row.id}-thumb"`,
        'content-disposition': `inline; filename="big.photo-thumb.webp"; filename*=UTF-8''big.photo-thumb.webp`,
      });
      expect(
        (await get(`${up.path}?variant=thumb`, c.pat, { 'if-none-match': `"${up.row.id}-thumb"` }))
          .statusCode,
      ).toBe(304);
      expect((await get(up.path, c.pat, { 'if-none-match': `"${up.row.id}-thumb"` })).statusCode).toBe(200);
      expectNotFound(await get(`${up.path}?variant=thumb`, c.outsider), 'outsider');

      const svg = await storedUpload(t.app, c.pat.user.id, {
        contentType: 'image/svg+xml',
        fileName: 'x.svg',
      });
      const fallback = await get(`${svg.path}?variant=thumb`, c.pat);
      expectServed(fallback, svg.bytes);
      expect(fallback.headers.etag).toBe(`"${svg.row.id}-full"`);
    });

    it('a thumbnail key whose object is missing falls back to the full object', async () => {
      const c = await cast();
      const up = await storedUpload(t.app, c.pat.user.id, { thumbnail: randomBytes(10) });
      await t.app.store.delete(up.row.thumbnailKey!);
      expectServed(await get(`${up.path}?variant=thumb`, c.pat), up.bytes);
    });
  });
});

describe('objects helpers', () => {
  it('parseRange', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-3', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=99999999999999999999-', 10)).toBe('unsatisfiable');
    expect(parseRange(' bytes = 2 - 4 ', 10)).toEqual({ start: 2, end: 4 });
  });

  it('sanitiseFileName and contentDisposition', () => {
    expect(sanitiseFileName('')).toBe('download');
    expect(sanitiseFileName('...')).toBe('download');
    expect(sanitiseFileName('.htaccess')).toBe('htaccess');
    expect(sanitiseFileName('a\u0000b\u0007c\u200bd.txt')).toBe('abcd.txt');
    expect(sanitiseFileName('C:\\Windows\\x.exe')).toBe('C__Windows_x.exe');
    expect(contentDisposition("it's (1)*!.pdf", false)).toBe(
      `attachment; filename="it's (1)*!.pdf"; filename*=UTF-8''it%27s%20%281%29%2A%21.pdf`,
    );
  });

  it('notModified', () => {
    expect(notModified(undefined, '"a"')).toBe(false);
    expect(notModified('"b"', '"a"')).toBe(false);
    expect(notModified(' "b" , W/"a"', '"a"')).toBe(true);
  });
});
