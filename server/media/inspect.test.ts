// The pieces of the content checks that need no store: declarations, the SVG root, thumbnails.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { samplePng } from '../test/uploads.ts';
import { checkDeclared, claimedExtension, extensionsFor, makeThumbnail, xmlRootName } from './inspect.ts';

describe('media checks', () => {
  it('finds the XML root after the prolog', () => {
    expect(xmlRootName('<svg xmlns="x"/>')).toBe('svg');
    expect(
      xmlRootName(
        '\uFEFF<?xml version="1.0"?>\n<!-- hi -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
      ),
    ).toBe('svg');
    expect(xmlRootName('<svg:svg xmlns:svg="x">')).toBe('svg:svg');
    expect(xmlRootName('<html><svg/></html>')).toBe('html');
    expect(xmlRootName('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>')).toBeNull();
    expect(xmlRootName('<!-- never closed <svg/>')).toBeNull();
    expect(xmlRootName('plain text')).toBeNull();
  });

  it('takes the extension from the name, else the declared type', () => {
    expect(claimedExtension('Photo.JPG', 'text/html')).toBe('jpg');
    expect(claimedExtension(undefined, 'image/png')).toBe('png');
    expect(claimedExtension(undefined, 'audio/webm;codecs=opus')).toBe('webm');
    expect(claimedExtension(undefined, 'application/x-unknown')).toBeNull();
    expect(() => claimedExtension('run.sh')).toThrow(/not one of the supported types/);
    expect(() => claimedExtension('noextension')).toThrow(/not one of the supported types/);
  });

  it('declarations: category from the name, limits, avatars raster only', () => {
    expect(checkDeclared({ fileName: 'a.mp4' })).toEqual({ category: 'video', ext: 'mp4' });
    expect(checkDeclared({ fileName: 'a.webm', category: 'audio' })).toEqual({
      category: 'audio',
      ext: 'webm',
    });
    expect(checkDeclared({})).toEqual({ category: null, ext: null });
    expect(() => checkDeclared({ size: 200 * 1024 * 1024 + 1 })).toThrow(/at most 200 MB/);
    expect(extensionsFor('avatar')).not.toContain('svg');
    expect(extensionsFor('avatar')).toContain('png');
  });

  it('thumbnails fit inside 480x480 and are never enlarged', async () => {
    const wide = await sharp(await makeThumbnail(await samplePng(2000, 500))).metadata();
    expect([wide.format, wide.width, wide.height]).toEqual(['webp', 480, 120]);
    const small = await sharp(await makeThumbnail(await samplePng(100, 50))).metadata();
    expect([small.width, small.height]).toEqual([100, 50]);
    await expect(makeThumbnail(Buffer.from('not an image'))).rejects.toMatchObject({ statusCode: 400 });
  });
});
