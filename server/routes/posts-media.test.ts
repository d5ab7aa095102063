// POST /api/posts with media and DELETE /api/posts/{id} removing it (issue 10; spec 001 §5, §7; DECISIONS
// §6, §7): each media type, galleries of 2 to 10, whose uploads may be posted, what the post stores, the
// feed and search answering `media`, and deletion giving the bytes and the quota back.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postList, postSchema } from '../../common/schemas/post.ts';
import { MEDIA_MESSAGES } from '../commands/post-media.ts';
import { posts, uploads } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { addMember, buildThreadline, type Caller, signedInUser } from '../test/factories.ts';
import { type StoredUploadOptions, storageUsed, storedUpload, uploadRows } from '../test/stored-uploads.ts';
import {
  openTestStorage,
  STORAGE_BACKENDS,
  sampleJpeg,
  samplePng,
  setupStorageApp,
  type TestStorage,
  uploadAs,
} from '../test/uploads.ts';

const t = setupStorageApp('local');

async function cast() {
  const owner = await signedInUser(t.app, { firstName: 'Olive' });
  const pat = await signedInUser(t.app, { firstName: 'Pat' });
  const vic = await signedInUser(t.app, { firstName: 'Vic' });
  const outsider = await signedInUser(t.app);
  const tl = await buildThreadline(t.app.db, owner.user);
  await addMember(t.app.db, tl, pat.user, 'participant');
  await addMember(t.app.db, tl, vic.user, 'viewer');
  return { owner, pat, vic, outsider, tl };
}

type Who = { user: { id: string }; as: Caller };
const upload = (who: Who, options: StoredUploadOptions = {}) => storedUpload(t.app, who.user.id, options);
const rowOf = async (id: string) => (await t.app.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const get = (url: string, who: { cookie: string }) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

describe('POST /api/posts with one file', () => {
  it('image: the stored size, the display name, media with dimensions and thumbnail; the upload attached', async () => {
    const { pat, tl } = await cast();
    const up = await upload(pat, {
      width: 1920,
      height: 1080,
      thumbnail: randomBytes(20),
      fileName: 'a.png',
    });
    const res = await pat.as.post('/api/posts', {
      timelineId: tl.id,
      type: 'image',
      content: 'Sunset',
      mediaUrl: up.path,
      fileName: 'Sunset at the pier.png',
      fileSize: 1, // the client's figure is ignored
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = postSchema.parse(res.json());
    expect(post).toMatchObject({
      type: 'image',
      content: 'Sunset',
      mediaUrl: up.path,
      fileName: 'Sunset at the pier.png',
      fileSize: up.bytes.length,
      mediaUrls: null,
      fileNames: null,
      fileSizes: null,
      media: [
        {
          url: up.path,
          thumbnailUrl: `${up.path}?variant=thumb`,
          contentType: 'image/png',
          width: 1920,
          height: 1080,
        },
      ],
    });
    const row = await rowOf(up.row.id);
    expect(row).toMatchObject({ status: 'attached', postId: post.id, timelineId: tl.id });
    expect(row!.attachedAt).toBeInstanceOf(Date);
  });

  it('video, audio and file: the type by the upload’s category; its own name when the body has none', async () => {
    const { pat, tl } = await cast();
    const cases = [
      ['video', 'video/mp4', 'clip.mp4', 'video'],
      ['audio', 'audio/mpeg', 'song.mp3', 'audio'],
      ['audio', 'video/webm', 'recording.webm', 'audio'],
      ['document', 'application/pdf', 'report.pdf', 'file'],
      ['document', 'application/zip', 'bundle.zip', 'file'],
    ] as const;
    for (const [category, contentType, fileName, type] of cases) {
      const up = await upload(pat, { category, contentType, fileName });
      const res = await pat.as.post('/api/posts', { timelineId: tl.id, type, mediaUrl: up.path });
      expect(res.statusCode, `${fileName}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({
        type,
        content: null,
        mediaUrl: up.path,
        fileName,
        fileSize: up.bytes.length,
        media: [{ url: up.path, thumbnailUrl: null, contentType, width: null, height: null }],
      });
    }
  });

  it('an upload whose category was left to the bytes: the type by its content type', async () => {
    const { pat, tl } = await cast();
    const video = await upload(pat, { category: null, contentType: 'video/webm', fileName: 'v.webm' });
    const res = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'video', mediaUrl: video.path });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a type that does not fit the file: 400 naming the right one, and the upload stays free', async () => {
    const { pat, tl } = await cast();
    const up = await upload(pat);
    for (const type of ['video', 'audio', 'file'] as const) {
      const res = await pat.as.post('/api/posts', { timelineId: tl.id, type, mediaUrl: up.path });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: `This file makes an image post, not ${type === 'audio' ? 'an audio' : `a ${type}`} post`,
        expectedType: 'image',
      });
    }
    expect(
      (await pat.as.post('/api/posts', { timelineId: tl.id, type: 'text', mediaUrl: up.path })).statusCode,
    ).toBe(400);
    expect(
      (await pat.as.post('/api/posts', { timelineId: tl.id, type: 'gallery', mediaUrl: up.path })).statusCode,
    ).toBe(400);
    expect((await rowOf(up.row.id))!.status).toBe('stored');
  });
});

describe('POST /api/posts with a gallery', () => {
  it('2 and 10 images make a gallery in the order sent; 11 are refused', async () => {
    const { pat, owner, tl } = await cast();
    for (const n of [2, 10]) {
      const ups: Awaited<ReturnType<typeof upload>>[] = [];
      for (let i = 0; i < n; i++) {
        ups.push(
          await upload(pat, {
            width: 100 + i,
            height: 50 + i,
            thumbnail: i % 2 ? undefined : randomBytes(5),
          }),
        );
      }
      const res = await pat.as.post('/api/posts', {
        timelineId: tl.id,
        type: 'gallery',
        mediaUrls: ups.map((u) => u.path),
        fileNames: ups.map((_, i) => `photo ${i}.png`),
        fileSizes: ups.map(() => 0),
      });
      expect(res.statusCode, res.body).toBe(201);
      const post = postSchema.parse(res.json());
      expect(post).toMatchObject({
        type: 'gallery',
        mediaUrl: null,
        fileName: null,
        fileSize: null,
        mediaUrls: ups.map((u) => u.path),
        fileNames: ups.map((_, i) => `photo ${i}.png`),
        fileSizes: ups.map((u) => u.bytes.length),
      });
      expect(post.media).toEqual(
        ups.map((u, i) => ({
          url: u.path,
          thumbnailUrl: i % 2 ? null : `${u.path}?variant=thumb`,
          largeUrl: null,
          contentType: 'image/png',
          width: 100 + i,
          height: 50 + i,
        })),
      );
      const rows = await uploadRows(t.app, ups);
      expect(rows.every((r) => r.status === 'attached' && r.postId === post.id)).toBe(true);
      // Everyone in the threadline reads each image.
      for (const u of ups) expect((await get(u.path, owner)).statusCode).toBe(200);
    }
    const eleven: string[] = [];
    for (let i = 0; i < 11; i++) eleven.push((await upload(pat)).path);
    const res = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'gallery', mediaUrls: eleven });
    expect(res.statusCode).toBe(400);
  });

  it('a gallery without fileNames takes the uploads’ names', async () => {
    const { pat, tl } = await cast();
    const a = await upload(pat, { fileName: 'one.jpg', contentType: 'image/jpeg' });
    const b = await upload(pat, { fileName: 'two.webp', contentType: 'image/webp' });
    const res = await pat.as.post('/api/posts', {
      timelineId: tl.id,
      type: 'gallery',
      mediaUrls: [a.path, b.path],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().fileNames).toEqual(['one.jpg', 'two.webp']);
  });

  it('refuses non-images, duplicates, one image as a gallery, and mismatched names; nothing attached', async () => {
    const { pat, tl } = await cast();
    const img = await upload(pat);
    const img2 = await upload(pat);
    const pdf = await upload(pat, { category: 'document' });
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ type: 'gallery', mediaUrls: [img.path, pdf.path] }, 400, MEDIA_MESSAGES.galleryImages],
      [{ type: 'gallery', mediaUrls: [img.path, img.path] }, 400, MEDIA_MESSAGES.twice],
      [{ type: 'gallery', mediaUrls: [img.path] }, 400],
      [{ type: 'image', mediaUrls: [img.path, img2.path] }, 400],
      [
        { type: 'gallery', mediaUrls: [img.path, img2.path], fileNames: ['a.png'] },
        400,
        MEDIA_MESSAGES.names,
      ],
      [{ type: 'gallery', mediaUrls: [img.path, img2.path], fileName: 'a.png' }, 400, MEDIA_MESSAGES.names],
      [{ type: 'image', mediaUrl: img.path, fileNames: ['a.png'] }, 400, MEDIA_MESSAGES.names],
      [{ type: 'image', mediaUrl: img.path, mediaUrls: [img2.path] }, 400],
      [{ type: 'image', mediaUrl: img.path, fileName: 'bad\u0007name.png' }, 400],
      [
        { type: 'gallery', mediaUrls: [img.path, img2.path], fileNames: ['a', 'b\u0000'] },
        400,
        MEDIA_MESSAGES.control,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await pat.as.post('/api/posts', { timelineId: tl.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    const rows = await t.app.db
      .select()
      .from(uploads)
      .where(inArray(uploads.id, [img.row.id, img2.row.id, pdf.row.id]));
    expect(rows.map((r) => r.status)).toEqual(['stored', 'stored', 'stored']);
    expect(await t.app.db.select().from(posts).where(eq(posts.timelineId, tl.id))).toHaveLength(0);
  });

  it('a single image sent as mediaUrls of one is an image post', async () => {
    const { pat, tl } = await cast();
    const img = await upload(pat);
    const res = await pat.as.post('/api/posts', {
      timelineId: tl.id,
      type: 'image',
      mediaUrls: [img.path],
      fileNames: ['x.png'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'image',
      mediaUrl: img.path,
      fileName: 'x.png',
      mediaUrls: null,
    });
  });
});

describe('POST /api/posts: whose uploads', () => {
  it('someone else’s upload: 400 "Upload not found", and it stays theirs, unattached', async () => {
    const { pat, owner, tl } = await cast();
    const theirs = await upload(owner);
    const res = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: theirs.path });
    expect([res.statusCode, res.json().message]).toEqual([400, MEDIA_MESSAGES.notFound]);
    // In a gallery beside one of mine: the whole post is refused and mine stays free too.
    const mine = await upload(pat);
    const mixed = await pat.as.post('/api/posts', {
      timelineId: tl.id,
      type: 'gallery',
      mediaUrls: [mine.path, theirs.path],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await rowOf(theirs.row.id))!.status).toBe('stored');
    expect((await rowOf(mine.row.id))!.status).toBe('stored');
  });

  it('an upload already attached: 409; pending or unknown: 400; paths that are not uploads: 400', async () => {
    const { pat, tl } = await cast();
    const up = await upload(pat);
    expect(
      (await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: up.path })).statusCode,
    ).toBe(201);
    const again = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: up.path });
    expect([again.statusCode, again.json().message]).toEqual([409, MEDIA_MESSAGES.taken]);
    const other = await buildThreadline(t.app.db, pat.user);
    expect(
      (await pat.as.post('/api/posts', { timelineId: other.id, type: 'image', mediaUrl: up.path }))
        .statusCode,
    ).toBe(409);

    const pending = await upload(pat, { status: 'pending' });
    const p = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: pending.path });
    expect([p.statusCode, p.json().message]).toEqual([400, MEDIA_MESSAGES.notStored]);

    const unknown = `/objects/uploads/${randomUUID()}`;
    const u = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: unknown });
    expect([u.statusCode, u.json().message]).toEqual([400, MEDIA_MESSAGES.notFound]);

    const fresh = await upload(pat);
    for (const mediaUrl of [
      fresh.row.key,
      `${fresh.path}?variant=thumb`,
      `${fresh.path}/`,
      `/objects/uploads/../uploads/${fresh.row.id}`,
      `https://evil.example${fresh.path}`,
      `/objects/thumbs/${fresh.row.id}.webp`,
      '/media/a.jpg',
      `/objects/uploads/${fresh.row.id.toUpperCase()}`,
    ]) {
      const res = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl });
      expect([res.statusCode, res.json().message], mediaUrl).toEqual([400, MEDIA_MESSAGES.notAPath]);
    }
    expect((await rowOf(fresh.row.id))!.status).toBe('stored');
  });

  it('an avatar upload cannot be posted', async () => {
    const { pat, tl } = await cast();
    const avatar = await upload(pat, { category: 'avatar' });
    const res = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: avatar.path });
    expect([res.statusCode, res.json().message]).toEqual([400, MEDIA_MESSAGES.notPostable]);
  });

  it('who may not post (viewer, outsider) is refused before the upload is touched', async () => {
    const { vic, outsider, tl } = await cast();
    const v = await upload(vic);
    expect(
      (await vic.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: v.path })).statusCode,
    ).toBe(403);
    const o = await upload(outsider);
    expect(
      (await outsider.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: o.path }))
        .statusCode,
    ).toBe(404);
    expect((await rowOf(v.row.id))!.status).toBe('stored');
    expect((await rowOf(o.row.id))!.status).toBe('stored');
  });
});

describe('the feed and search answer media', () => {
  it('with width, height and thumbnail; search finds a post by its file name', async () => {
    const { pat, owner, tl } = await cast();
    const img = await upload(pat, { width: 800, height: 600, thumbnail: randomBytes(9) });
    const doc = await upload(pat, { category: 'document', fileName: 'Quarterly-budget.pdf' });
    const a = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: img.path });
    const b = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'file', mediaUrl: doc.path });
    const text = await pat.as.post('/api/posts', { timelineId: tl.id, content: 'just words' });
    const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
    const byId = new Map(feed.map((p) => [p.id, p]));
    expect(byId.get(a.json().id)!.media).toEqual([
      {
        url: img.path,
        thumbnailUrl: `${img.path}?variant=thumb`,
        largeUrl: null,
        contentType: 'image/png',
        width: 800,
        height: 600,
      },
    ]);
    expect(byId.get(b.json().id)!.media).toEqual([
      {
        url: doc.path,
        thumbnailUrl: null,
        largeUrl: null,
        contentType: 'application/pdf',
        width: null,
        height: null,
      },
    ]);
    expect(byId.get(text.json().id)!.media).toBeNull();
    const files = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts?type=file`)).json());
    expect(files.map((p) => p.id)).toEqual([b.json().id]);
    const found = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/search?q=quarterly`)).json());
    expect(found.map((p) => p.id)).toEqual([b.json().id]);
    expect(found[0]!.media![0]!.contentType).toBe('application/pdf');
  });
});

describe('DELETE /api/timelines/{id} releases its media', () => {
  it('the posts’ objects go and every uploader gets the space back; an archived one keeps its charge', async () => {
    const { pat, owner, tl } = await cast();
    const kept = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, kept, pat.user, 'participant');
    const before = await storageUsed(t.app, pat.user.id);
    const mine = await upload(owner);
    const theirs = await upload(pat, { thumbnail: randomBytes(30) });
    const archived = await upload(pat);
    const loose = await upload(pat);
    for (const [who, where, up] of [
      [owner, tl, mine],
      [pat, tl, theirs],
      [pat, kept, archived],
    ] as const) {
      const res = await who.as.post('/api/posts', { timelineId: where.id, type: 'image', mediaUrl: up.path });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await owner.as.post(`/api/timelines/${kept.id}/archive`)).statusCode).toBe(200);
    const ownerBefore = await storageUsed(t.app, owner.user.id);

    expect((await pat.as.delete(`/api/timelines/${tl.id}`)).statusCode).toBe(403);
    expect(await storageUsed(t.app, pat.user.id)).toBe(
      before + theirs.bytes.length + archived.bytes.length + loose.bytes.length,
    );
    expect((await owner.as.delete(`/api/timelines/${tl.id}`)).statusCode).toBe(200);
    expect(await storageUsed(t.app, pat.user.id)).toBe(before + archived.bytes.length + loose.bytes.length);
    expect(await storageUsed(t.app, owner.user.id)).toBe(ownerBefore - mine.bytes.length);
    for (const up of [mine, theirs]) {
      expect(await rowOf(up.row.id)).toBeUndefined();
      expect(await t.app.store.head(up.row.key)).toBeNull();
    }
    expect(await t.app.store.head(theirs.row.thumbnailKey!)).toBeNull();
    for (const up of [archived, loose]) expect(await t.app.store.head(up.row.key)).not.toBeNull();
    expect((await rowOf(archived.row.id))!.status).toBe('attached');
  });
});

describe('DELETE /api/posts/{id} removes the media', () => {
  it('objects and thumbnails deleted, rows gone, the uploader’s storage released, /objects 404', async () => {
    const { pat, owner, tl } = await cast();
    const before = await storageUsed(t.app, pat.user.id);
    const a = await upload(pat, { thumbnail: randomBytes(30) });
    const b = await upload(pat, { thumbnail: randomBytes(30) });
    const other = await upload(pat);
    expect(await storageUsed(t.app, pat.user.id)).toBe(
      before + a.bytes.length + b.bytes.length + other.bytes.length,
    );
    const res = await pat.as.post('/api/posts', {
      timelineId: tl.id,
      type: 'gallery',
      mediaUrls: [a.path, b.path],
    });
    expect(res.statusCode, res.body).toBe(201);
    const postId = res.json().id as string;
    expect((await get(a.path, owner)).statusCode).toBe(200);

    // The owner deletes the participant's post: the participant's quota goes down.
    const del = await owner.as.delete(`/api/posts/${postId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(Object.keys(del.json()).sort()).toEqual(['deletedAt', 'id']);
    expect(await storageUsed(t.app, pat.user.id)).toBe(before + other.bytes.length);
    for (const up of [a, b]) {
      expect(await rowOf(up.row.id)).toBeUndefined();
      expect(await t.app.store.head(up.row.key)).toBeNull();
      expect(await t.app.store.head(up.row.thumbnailKey!)).toBeNull();
      for (const who of [owner, pat]) {
        expect((await get(up.path, who)).statusCode).toBe(404);
        expect((await get(`${up.path}?variant=thumb`, who)).statusCode).toBe(404);
      }
    }
    // The tombstone keeps no media; the unrelated upload is untouched.
    const [tomb] = await t.app.db.select().from(posts).where(eq(posts.id, postId));
    expect(tomb).toMatchObject({ mediaUrls: null, media: null, fileNames: null });
    expect(await t.app.store.head(other.row.key)).not.toBeNull();
    expect((await rowOf(other.row.id))!.status).toBe('stored');
    // Deleting again: 404, nothing released twice.
    expect((await owner.as.delete(`/api/posts/${postId}`)).statusCode).toBe(404);
    expect(await storageUsed(t.app, pat.user.id)).toBe(before + other.bytes.length);
  });

  it('a refused delete keeps everything', async () => {
    const { pat, vic, tl } = await cast();
    const up = await upload(pat);
    const res = await pat.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: up.path });
    const used = await storageUsed(t.app, pat.user.id);
    expect((await vic.as.delete(`/api/posts/${res.json().id}`)).statusCode).toBe(403);
    expect((await rowOf(up.row.id))!.status).toBe('attached');
    expect(await t.app.store.head(up.row.key)).not.toBeNull();
    expect(await storageUsed(t.app, pat.user.id)).toBe(used);
  });
});

describe.each(STORAGE_BACKENDS)('the whole flow on the %s store', (backend) => {
  let flow: TestApp;
  let flowStorage: TestStorage;
  beforeAll(async () => {
    flowStorage = await openTestStorage(backend);
    flow = await buildTestApp(flowStorage.env);
  });
  afterAll(async () => {
    await flow?.close();
    await flowStorage?.close();
  });

  it('upload, read back, post a gallery, read as a member, delete: 404 and the quota back', async () => {
    const owner = await signedInUser(flow.app);
    const pat = await signedInUser(flow.app);
    const tl = await buildThreadline(flow.app.db, owner.user);
    await addMember(flow.app.db, tl, pat.user);
    const read = (url: string, who: { cookie: string }, headers: Record<string, string> = {}) =>
      flow.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...headers } });

    const png = await samplePng(640, 480);
    const jpeg = await sampleJpeg(300, 200);
    const a = await uploadAs(flow.app, pat, png, {
      category: 'image',
      fileName: 'a.png',
      contentType: 'image/png',
    });
    const b = await uploadAs(flow.app, pat, jpeg, {
      category: 'image',
      fileName: 'b.jpg',
      contentType: 'image/jpeg',
    });
    const used = await storageUsed(flow.app, pat.user.id);
    expect(used).toBe(png.length + jpeg.length);
    // Before posting: the uploader alone.
    const mine = await read(a.objectPath, pat);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(png)).toBe(true);
    expect((await read(a.objectPath, owner)).statusCode).toBe(404);
    const thumb = await read(`${a.objectPath}?variant=thumb`, pat);
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(thumb.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const part = await read(a.objectPath, pat, { range: 'bytes=0-7' });
    expect([part.statusCode, part.rawPayload.toString('latin1', 1, 4)]).toEqual([206, 'PNG']);

    const res = await pat.as.post('/api/posts', {
      timelineId: tl.id,
      type: 'gallery',
      mediaUrls: [a.objectPath, b.objectPath],
      fileNames: ['a.png', 'b.jpg'],
      fileSizes: [a.size, b.size],
    });
    expect(res.statusCode, res.body).toBe(201);
    const feed = postList.parse((await owner.as.get(`/api/timelines/${tl.id}/posts`)).json());
    expect(feed[0]!.media).toEqual([
      {
        url: a.objectPath,
        thumbnailUrl: `${a.objectPath}?variant=thumb`,
        largeUrl: `${a.objectPath}?variant=large`,
        contentType: 'image/png',
        width: 640,
        height: 480,
      },
      {
        url: b.objectPath,
        thumbnailUrl: `${b.objectPath}?variant=thumb`,
        largeUrl: null,
        contentType: 'image/jpeg',
        width: 300,
        height: 200,
      },
    ]);
    expect(feed[0]!.fileSizes).toEqual([png.length, jpeg.length]);
    expect((await read(b.objectPath, owner)).rawPayload.equals(jpeg)).toBe(true);
    expect((await read(`${b.objectPath}?variant=thumb`, owner)).statusCode).toBe(200);

    expect((await pat.as.delete(`/api/posts/${res.json().id}`)).statusCode).toBe(200);
    for (const path of [a.objectPath, b.objectPath]) {
      expect((await read(path, pat)).statusCode).toBe(404);
      expect((await read(`${path}?variant=thumb`, owner)).statusCode).toBe(404);
      const key = path.replace('/objects/', '');
      expect(await flow.app.store.head(key)).toBeNull();
      expect(await flow.app.store.head(`thumbs/${key.slice('uploads/'.length)}.webp`)).toBeNull();
    }
    expect(await storageUsed(flow.app, pat.user.id)).toBe(0);
  });
});
