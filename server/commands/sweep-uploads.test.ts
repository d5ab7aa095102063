// The orphan sweep on both backends: uploads not attached 24 hours after they were asked for go (rows,
// quota, objects, thumbnails, open multipart uploads); attached and recent ones stay.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads, users } from '../db/schema/index.ts';
import { stagingKey } from '../storage/s3.ts';
import { signedInUser } from '../test/factories.ts';
import {
  putBytes,
  requestUploadUrl,
  samplePdf,
  samplePng,
  setupStorageApp,
  uploadAs,
} from '../test/uploads.ts';
import { sweepUploads } from './sweep-uploads.ts';

const HOUR = 60 * 60 * 1000;
const idOf = (path: string) => path.split('/').pop()!.split('?')[0]!;

describe.each(['local', 's3'] as const)('orphan sweep on %s storage', (backend) => {
  const t = setupStorageApp(backend);

  it('removes unattached uploads after 24 hours and releases their bytes', async () => {
    const app = t.app;
    const ada = await signedInUser(app);
    const png = await samplePng(800, 600);
    const stored = await uploadAs(app, ada, png, { fileName: 'a.png' });
    const avatar = await uploadAs(app, ada, await samplePng(100, 100), {
      category: 'avatar',
      fileName: 'me.png',
      finalize: 'profile-image',
    });
    const { uploadURL } = await requestUploadUrl(app, ada, { fileName: 'b.pdf', size: samplePdf().length });
    expect((await putBytes(app, ada, uploadURL, samplePdf())).statusCode).toBe(200);
    const pendingId = idOf(new URL(uploadURL, 'http://x').pathname);
    const create = await app.inject({
      method: 'POST',
      url: '/api/s3/multipart',
      payload: { filename: 'v.mp4', type: 'video/mp4', metadata: { size: 1000 } },
      headers: { cookie: ada.cookie },
    });
    const { key: multipartKey, uploadId } = create.json();
    const sign = await app.inject({
      method: 'GET',
      url: `/api/s3/multipart/${uploadId}/1?key=${encodeURIComponent(multipartKey)}`,
      headers: { cookie: ada.cookie },
    });
    expect((await putBytes(app, ada, sign.json().url, Buffer.alloc(1000, 1))).statusCode).toBe(200);
    const used = async () =>
      (await app.db.select({ n: users.storageUsedBytes }).from(users).where(eq(users.id, ada.user.id)))[0]!.n;
    expect(await used()).toBe(png.length + avatar.size);

    // 23 hours on: nothing is old enough.
    expect((await sweepUploads(app, new Date(Date.now() + 23 * HOUR))).removed).toBe(0);

    const result = await sweepUploads(app, new Date(Date.now() + 25 * HOUR));
    expect(result).toEqual({ removed: 3, bytesReleased: png.length });
    const left = await app.db.select().from(uploads).where(eq(uploads.ownerId, ada.user.id));
    expect(left.map((r) => r.id)).toEqual([idOf(avatar.objectPath)]);
    expect(await used()).toBe(avatar.size);
    const storedId = idOf(stored.objectPath);
    expect(await app.store.head(`uploads/${storedId}`)).toBeNull();
    expect(await app.store.head(`thumbs/${storedId}.webp`)).toBeNull();
    expect(await app.store.head(`uploads/${pendingId}`)).toBeNull();
    if (backend === 's3') expect(await app.store.head(stagingKey(`uploads/${pendingId}`))).toBeNull();
    await expect(app.store.listParts(multipartKey, uploadId)).rejects.toMatchObject({ statusCode: 404 });
    expect(await app.store.head(`uploads/${idOf(avatar.objectPath)}`)).not.toBeNull();
    // Finalising a swept upload: gone.
    const late = await app.inject({
      method: 'PUT',
      url: '/api/media',
      payload: { mediaURL: uploadURL },
      headers: { cookie: ada.cookie },
    });
    expect(late.statusCode).toBe(404);
  });

  it('an upload attached while the sweep runs stays', async () => {
    const app = t.app;
    const ada = await signedInUser(app);
    const stored = await uploadAs(app, ada, samplePdf(), { fileName: 'a.pdf' });
    const id = idOf(stored.objectPath);
    // What a post does: lock the row and attach it. The sweep's delete waits for the lock and then skips it.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked: () => void = () => {};
    const hasLock = new Promise<void>((r) => {
      locked = r;
    });
    const post = app.db.transaction(async (tx) => {
      await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
      locked();
      await tx.update(uploads).set({ status: 'attached', attachedAt: new Date() }).where(eq(uploads.id, id));
      await held;
    });
    // The sweep starts only once the post holds the row (on a loaded machine it could otherwise win the
    // race, find the upload still unattached and rightly remove it).
    if (t.database.kind === 'postgres') await hasLock;
    const sweep = t.database.kind === 'postgres' ? sweepUploads(app, new Date(Date.now() + 25 * HOUR)) : null;
    await new Promise((r) => setTimeout(r, 200));
    release();
    await post;
    const result = await (sweep ?? sweepUploads(app, new Date(Date.now() + 25 * HOUR)));
    expect(result.removed).toBe(0);
    expect((await app.db.select().from(uploads).where(eq(uploads.id, id)))[0]?.status).toBe('attached');
    expect(await app.store.head(`uploads/${id}`)).not.toBeNull();
  });
});
