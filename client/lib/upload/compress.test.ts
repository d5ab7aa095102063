import { describe, expect, it, vi } from 'vitest';
import {
  type CompressDeps,
  compressImage,
  compressionLibUrl,
  compressionMessage,
  compressionNote,
  jpegName,
  longestSideWithin,
  shouldCompress,
} from './compress.ts';

const KB = 1024;

describe('shouldCompress (spec 001 §5)', () => {
  it('takes jpeg, png and webp over 100 KB only', () => {
    expect(shouldCompress({ type: 'image/jpeg', size: 100 * KB + 1 })).toBe(true);
    expect(shouldCompress({ type: 'image/png', size: 200 * KB })).toBe(true);
    expect(shouldCompress({ type: 'image/webp', size: 200 * KB })).toBe(true);
    expect(shouldCompress({ type: 'image/jpeg', size: 100 * KB })).toBe(false);
    expect(shouldCompress({ type: 'image/gif', size: 900 * KB })).toBe(false);
    expect(shouldCompress({ type: 'image/svg+xml', size: 900 * KB })).toBe(false);
  });
});

describe('longestSideWithin', () => {
  it('fits 1920x1080 without enlarging', () => {
    expect(longestSideWithin(4000, 3000)).toBe(1440); // height bound: 3000 → 1080, 4000 → 1440
    expect(longestSideWithin(3840, 1080)).toBe(1920); // width bound
    expect(longestSideWithin(3024, 4032)).toBe(1080); // portrait: height 1080
    expect(longestSideWithin(1920, 1080)).toBeUndefined();
    expect(longestSideWithin(800, 600)).toBeUndefined();
  });
});

describe('compressImage', () => {
  const png = new File([new Uint8Array(300 * KB)], 'shot.png', { type: 'image/png', lastModified: 5 });

  it('asks for jpeg at quality 0.8 inside 1920x1080, from the bundled library', async () => {
    const compress = vi.fn(async () => new Blob([new Uint8Array(50 * KB)], { type: 'image/jpeg' }));
    const deps = {
      compress,
      dimensions: async () => ({ width: 4000, height: 3000 }),
    } as unknown as CompressDeps;
    const out = await compressImage(png, { deps });
    expect(out.name).toBe('shot.jpg');
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBe(50 * KB);
    const options = (compress.mock.calls[0] as unknown as [File, Record<string, unknown>])[1];
    expect(options).toMatchObject({
      fileType: 'image/jpeg',
      initialQuality: 0.8,
      maxWidthOrHeight: 1440,
      useWebWorker: true,
    });
    expect(String(options.libURL)).toMatch(/^http:.*browser-image-compression\.js$/);
    expect(String(options.libURL)).not.toContain('cdn');
  });

  it('keeps the original when compressing does not make it smaller, and throws on failure', async () => {
    const bigger = {
      compress: async () => new Blob([new Uint8Array(400 * KB)]),
      dimensions: async () => ({ width: 10, height: 10 }),
    };
    expect(await compressImage(png, { deps: bigger as unknown as CompressDeps })).toBe(png);
    const broken = {
      compress: async () => Promise.reject(new Error('decode')),
      dimensions: async () => ({ width: 1, height: 1 }),
    };
    await expect(compressImage(png, { deps: broken as unknown as CompressDeps })).rejects.toThrow('decode');
  });

  it('names and absolutises the bundled copy', () => {
    expect(jpegName('a.b.PNG')).toBe('a.b.jpg');
    expect(jpegName('noext')).toBe('noext.jpg');
    expect(compressionLibUrl()).toMatch(/^http/);
  });
});

describe('compressionMessage', () => {
  it("reads 'Reduced size by X% (a → b)'", () => {
    expect(compressionMessage({ before: 2 * 1024 * KB, after: 512 * KB })).toBe(
      'Reduced size by 75% (2.0 MB → 512 KB)',
    );
  });
});

describe('compressionNote', () => {
  it('says the saving, a failure, or nothing', () => {
    expect(compressionNote({ before: 400 * KB, after: 100 * KB, failed: false })).toBe(
      'Images compressed. Reduced size by 75% (400 KB → 100 KB).',
    );
    expect(compressionNote({ before: 400 * KB, after: 100 * KB, failed: true })).toBe(
      'Images were uploaded without compression.',
    );
    expect(compressionNote({ before: 0, after: 0, failed: false })).toBeNull();
    expect(compressionNote({ before: 100 * KB, after: 100 * KB, failed: false })).toBeNull();
  });
});
