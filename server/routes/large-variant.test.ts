// The large image variant (issue 25): a webp fitting 1600×1600 made when an image larger than a thumbnail is
// finalised, named by posts (media[].largeUrl), served at `?variant=large` under the same access rules as the
// image, and removed with it. Older uploads without one still serve (the full image). Both storage backends.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fittedWidth, LARGE_IMAGE } from '../../common/media.ts';
import { uploads } from '../db/schema/index.ts';
import { addMember, buildThreadline, signedInUser } from '../test/factories.ts';
import { storedUpload } from '../test/stored-uploads.ts';
import {
  STORAGE_BACKENDS,
  sampleJpeg,
  samplePng,
  sampleSvg,
  setupStorageApp,
  uploadAs,
} from '../test/uploads.ts';

const idOf = (objectPath: string) => objectPath.split('/').pop()!;

describe.each(STORAGE_BACKENDS)('large image variant on %s storage', (backend) => {
  const t = setupStorageApp(backend);
  const rowOf = async (id: string) => (await t.app.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const webpSize = async (bytes: Buffer) => {
    const meta = await sharp(bytes).metadata();
    return { format: meta.format, width: meta.width, height: meta.height };
  };

  async function cast() {
    const owner = await signedInUser(t.app);
    const viewer = await signedInUser(t.app);
    const outsider = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user);
    await addMember(t.app.db, tl, viewer.user, 'viewer');
    return { owner, viewer, outsider, tl };
  }

  it.each([
    ['a landscape photo', 2400, 1800, 0, { width: 1600, height: 1200 }],
    ['a portrait photo', 1203, 3001, 0, { width: 641, height: 1600 }],
    [
      'a photo turned by EXIF (stored 2400×1200, shown 1200×2400)',
      2400,
      1200,
      6,
      { width: 800, height: 1600 },
    ],
    ['an image between a thumbnail and 1600 (never enlarged)', 1000, 700, 0, { width: 1000, height: 700 }],
  ] as const)('%s gets a webp fitting 1600×1600', async (_label, width, height, orientation, expected) => {
    const { owner } = await cast();
    const jpeg = orientation
      ? await sharp(await sampleJpeg(width, height))
          .withMetadata({ orientation })
          .jpeg()
          .toBuffer()
      : await sampleJpeg(width, height);
    const res = await uploadAs(t.app, owner, jpeg, { fileName: 'photo.jpg', contentType: 'image/jpeg' });
    const row = await rowOf(idOf(res.objectPath));
    expect(row.largeKey).toBe(`thumbs/${row.id}-large.webp`);
    const stored = Buffer.concat(await (await t.app.store.read(row.largeKey!))!.toArray());
    expect(await webpSize(stored)).toEqual({ format: 'webp', ...expected });
    // The client works the width out for srcset the same way.
    expect(fittedWidth(res.width!, res.height!, LARGE_IMAGE.maxSide)).toBe(expected.width);
  });

  it('images no larger than a thumbnail, SVGs, animations and avatars get none', async () => {
    const { owner } = await cast();
    const frame = (red: number) =>
      sharp({ create: { width: 900, height: 600, channels: 3, background: { r: red, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(10), await frame(200)], { join: { animated: true } })
      .gif()
      .toBuffer();
    const animated = await uploadAs(t.app, owner, gif, { fileName: 'wave.gif' });
    const still = await uploadAs(
      t.app,
      owner,
      await sharp(await frame(90))
        .gif()
        .toBuffer(),
      {
        fileName: 'still.gif',
      },
    );
    expect((await rowOf(idOf(animated.objectPath))).largeKey).toBeNull();
    expect((await rowOf(idOf(still.objectPath))).largeKey).not.toBeNull();
    const small = await uploadAs(t.app, owner, await samplePng(480, 300), { fileName: 'small.png' });
    const svg = await uploadAs(t.app, owner, sampleSvg(2000, 2000), { fileName: 'logo.svg' });
    const avatar = await uploadAs(t.app, owner, await sampleJpeg(2000, 1500), {
      fileName: 'me.jpg',
      finalize: 'profile-image',
    });
    for (const up of [small, svg, avatar]) expect((await rowOf(idOf(up.objectPath))).largeKey).toBeNull();
    expect((await rowOf(idOf(small.objectPath))).thumbnailKey).not.toBeNull();
  });

  it('posts name it; ?variant=large serves it to members with its own ETag, 404 to others', async () => {
    const { owner, viewer, outsider, tl } = await cast();
    const big = await uploadAs(t.app, owner, await sampleJpeg(2000, 1000), { fileName: 'wide.jpg' });
    const small = await uploadAs(t.app, owner, await samplePng(300, 200), { fileName: 'small.png' });
    const post = await owner.as.post('/api/posts', {
      timelineId: tl.id,
      type: 'gallery',
      mediaUrls: [big.objectPath, small.objectPath],
    });
    expect(post.statusCode, post.body).toBe(201);
    const media = post.json().media as { largeUrl: string | null; thumbnailUrl: string | null }[];
    expect(media.map((m) => m.largeUrl)).toEqual([`${big.objectPath}?variant=large`, null]);
    const feed = await viewer.as.get(`/api/timelines/${tl.id}/posts`);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(JSON.stringify(feed.json())).toContain(`${big.objectPath}?variant=large`);

    const url = media[0]!.largeUrl!;
    const id = idOf(big.objectPath);
    for (const who of [owner, viewer]) {
      const res = await get(url, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'image/webp',
        etag: `"${id}-large"`,
        'content-disposition': `inline; filename="wide-large.webp"; filename*=UTF-8''wide-large.webp`,
      });
      expect(await webpSize(res.rawPayload)).toEqual({ format: 'webp', width: 1600, height: 800 });
    }
    expect((await get(url, viewer.cookie)).rawPayload.length).toBeLessThan(
      (await get(big.objectPath, viewer.cookie)).rawPayload.length,
    );
    expect((await get(url, viewer.cookie)).rawPayload.length).toBeGreaterThan(
      (await get(`${big.objectPath}?variant=thumb`, viewer.cookie)).rawPayload.length,
    );
    expect(
      (await get(url, viewer.cookie)).rawPayload.equals(
        (await get(big.objectPath, viewer.cookie)).rawPayload,
      ),
    ).toBe(false);
    for (const who of [outsider, null]) {
      const res = await get(url, who?.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }

    // Deleting the post removes the large variant with the image.
    const largeKey = (await rowOf(id)).largeKey!;
    expect(await t.app.store.head(largeKey)).not.toBeNull();
    expect((await owner.as.delete(`/api/posts/${post.json().id}`)).statusCode).toBe(200);
    expect(await t.app.store.head(largeKey)).toBeNull();
    expect((await get(url, owner.cookie)).statusCode).toBe(404);
  });

  it('an older upload without one: largeUrl null, ?variant=large serves the full image', async () => {
    const { owner, tl } = await cast();
    const old = await storedUpload(t.app, owner.user.id, {
      width: 2000,
      height: 1500,
      thumbnail: randomBytes(40),
    });
    const post = await owner.as.post('/api/posts', { timelineId: tl.id, type: 'image', mediaUrl: old.path });
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json().media[0]).toMatchObject({ largeUrl: null, thumbnailUrl: `${old.path}?variant=thumb` });
    const res = await get(`${old.path}?variant=large`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(old.bytes)).toBe(true);
    expect(res.headers.etag).toBe(`"${old.row.id}-full"`);
  });
});
