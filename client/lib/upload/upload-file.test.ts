import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileOf, json, objectPath, stubFetch, stubXhr } from './test-fakes.ts';
import {
  contentTypeOf,
  FinalizeError,
  finalizeProfileImage,
  uploadFile,
  usesMultipart,
} from './upload-file.ts';

afterEach(() => vi.unstubAllGlobals());

const PUT_URL = '/api/objects/put/u1?expires=1&sig=ab';

describe('uploadFile (single shot)', () => {
  it('asks for an upload URL, PUTs the bytes with their content type, then finalises', async () => {
    const calls = stubFetch(({ method, url }) => {
      if (method === 'POST' && url === '/api/objects/upload') return json({ uploadURL: PUT_URL });
      if (method === 'PUT' && url === '/api/media') return json(objectPath('u1', 7, 'application/pdf'));
      return json({ message: 'Not found' }, 404);
    });
    const puts = stubXhr({ status: 200 });
    const progress: [number, number][] = [];
    const phases: string[] = [];
    const result = await uploadFile(fileOf('notes.pdf', 7), {
      category: 'document',
      onProgress: (a, b) => progress.push([a, b]),
      onPostprocessing: () => phases.push('post'),
    });
    expect(result.objectPath).toBe('/objects/uploads/u1');
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/objects/upload',
      body: { category: 'document', size: 7, contentType: 'application/pdf', fileName: 'notes.pdf' },
    });
    expect(puts[0]).toMatchObject({
      method: 'PUT',
      url: PUT_URL,
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(calls[1]).toEqual({ method: 'PUT', url: '/api/media', body: { mediaURL: PUT_URL } });
    expect(progress.at(-1)).toEqual([7, 7]);
    expect(phases).toEqual(['post']);
  });

  it('marks a refused finalise as FinalizeError, keeping the server message', async () => {
    stubFetch(({ url }) =>
      url === '/api/objects/upload'
        ? json({ uploadURL: PUT_URL })
        : json({ message: 'File content does not match its type' }, 400),
    );
    stubXhr({ status: 200 });
    const error = await uploadFile(fileOf('a.png', 3, 'image/png')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FinalizeError);
    expect((error as Error).message).toBe('400: {"message":"File content does not match its type"}');
  });

  it('a failed PUT is not a finalise failure', async () => {
    stubFetch(() => json({ uploadURL: PUT_URL }));
    stubXhr({ status: 413, body: '{"message":"File too large"}' });
    const error = await uploadFile(fileOf('a.png', 3, 'image/png')).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(FinalizeError);
    expect((error as Error).message).toContain('413');
  });

  it('finalises a profile picture with PUT /api/profile-image', async () => {
    const calls = stubFetch(() => json(objectPath('u2')));
    await finalizeProfileImage(PUT_URL);
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/api/profile-image',
      body: { profileImageURL: PUT_URL },
    });
  });
});

describe('uploadFile (multipart)', () => {
  it('goes multipart over the threshold and finalises the location', async () => {
    const calls = stubFetch(({ method, url }) => {
      if (method === 'POST' && url === '/api/s3/multipart') return json({ key: 'k', uploadId: 'u' });
      if (method === 'GET') return json({ url: '/part' });
      if (url.includes('/complete')) return json({ location: '/objects/uploads/big' });
      return json(objectPath('big', 12, 'video/mp4'));
    });
    stubXhr({ status: 200 });
    const sessions: unknown[] = [];
    const result = await uploadFile(fileOf('big.mp4', 12, 'video/mp4'), {
      category: 'video',
      multipartOverBytes: 10,
      onMultipartSession: (s) => sessions.push(s),
    });
    expect(result.objectPath).toBe('/objects/uploads/big');
    expect(sessions).toEqual([{ key: 'k', uploadId: 'u' }]);
    expect(calls.some((c) => c.url === '/api/objects/upload')).toBe(false);
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/media',
      body: { mediaURL: '/objects/uploads/big' },
    });
  });

  it('uses multipart only over 100 MB', () => {
    expect(usesMultipart(100 * 1024 * 1024)).toBe(false);
    expect(usesMultipart(100 * 1024 * 1024 + 1)).toBe(true);
  });
});

describe('contentTypeOf', () => {
  it("takes the browser's type, else the extension's, else octet-stream", () => {
    expect(contentTypeOf({ name: 'a.png', type: 'image/png' })).toBe('image/png');
    expect(contentTypeOf({ name: 'a.docx', type: '' })).toContain('wordprocessingml');
    expect(contentTypeOf({ name: 'a.xyz', type: '' })).toBe('application/octet-stream');
  });
});
